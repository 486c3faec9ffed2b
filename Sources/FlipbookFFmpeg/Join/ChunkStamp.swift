import Foundation

/// What a chunk of a render records in its container's metadata, so that `ChunkJoiner` can put
/// chunks in order and refuse ones that do not belong together: the frames it holds, the whole
/// video's frame count, and a hash of the preset and every setting that shapes the pictures.
package struct ChunkStamp: Hashable, Sendable, CustomStringConvertible {
    /// The frames of the whole video the chunk holds.
    package var range: Range<Int>
    package var totalFrames: Int
    /// The content hash (`ChunkStamp.hash`) of the preset and render settings.
    package var content: String
    /// The preset's path when it was rendered, for the join's sound; empty for a preset read
    /// from standard input.
    package var preset: String
    /// What `content` hashes, kept so that a refusal can say which differs: the hash of the
    /// preset's text alone, and the flags that shape the output. `nil` in chunks written before
    /// they were recorded.
    package var presetHash: String?
    package var settings: [String]?

    package init(
        range: Range<Int>, totalFrames: Int, content: String, preset: String, presetHash: String? = nil,
        settings: [String]? = nil
    ) {
        (self.range, self.totalFrames, self.content, self.preset) = (range, totalFrames, content, preset)
        (self.presetHash, self.settings) = (presetHash, settings)
    }

    /// `A-B/T`: frames A ..< B of T.
    package var description: String { "\(range.lowerBound)-\(range.upperBound)/\(totalFrames)" }

    /// The container tags that carry the stamp.
    package var tags: [(key: String, value: String)] {
        var tags = [
            ("flipbook_chunk", description), ("flipbook_content", content), ("flipbook_preset", preset),
        ]
        if let presetHash { tags.append(("flipbook_preset_hash", presetHash)) }
        if let settings, let json = try? JSONSerialization.data(withJSONObject: settings) {
            tags.append(("flipbook_settings", String(decoding: json, as: UTF8.self)))
        }
        return tags
    }

    /// The stamp in a file's tags, or `nil` when it has none or a malformed one.
    package init?(tags: [String: String]) {
        guard let chunk = tags["flipbook_chunk"], let content = tags["flipbook_content"] else { return nil }
        let parts = chunk.split(separator: "/")
        let bounds = parts.first?.split(separator: "-").compactMap { Int($0) } ?? []
        guard parts.count == 2, let total = Int(parts[1]), bounds.count == 2, bounds[0] < bounds[1],
            bounds[0] >= 0, bounds[1] <= total
        else { return nil }
        let settings = tags["flipbook_settings"].flatMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String]
        }
        self.init(
            range: bounds[0]..<bounds[1], totalFrames: total, content: content,
            preset: tags["flipbook_preset"] ?? "", presetHash: tags["flipbook_preset_hash"],
            settings: settings)
    }

    /// Why a chunk stamped `self` is not of the video a chunk stamped `other` is, as far as
    /// the stamps tell — the preset's text, the options, or the video's length — said of the
    /// first chunk ("its preset's text differs …"); `nil` when they belong together.
    package func difference(from other: ChunkStamp) -> String? {
        if let mine = presetHash, let theirs = other.presetHash, mine != theirs {
            return "its preset's text differs (hash \(mine), not \(theirs))"
        }
        if let mine = settings, let theirs = other.settings, mine != theirs {
            let added = mine.filter { !theirs.contains($0) }
            let missing = theirs.filter { !mine.contains($0) }
            guard !added.isEmpty || !missing.isEmpty else {
                return
                    "it was rendered with the same options in another order (\(mine.joined(separator: " ")))"
            }
            return "it was rendered "
                + [
                    added.isEmpty ? nil : "with \(added.joined(separator: " "))",
                    missing.isEmpty ? nil : "without \(missing.joined(separator: " "))",
                ].compactMap { $0 }.joined(separator: " and ")
        }
        if content != other.content {
            return "it is of another preset or other settings (content \(content), not \(other.content))"
        }
        if totalFrames != other.totalFrames {
            return "it is a chunk of a video of \(totalFrames) frames, not \(other.totalFrames)"
        }
        return nil
    }

    /// A 64-bit FNV-1a hash of `parts`, in hex: equal for equal inputs on every machine.
    package static func hash(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 + [0] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
