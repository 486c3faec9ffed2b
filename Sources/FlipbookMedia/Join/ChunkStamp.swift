/// What a chunk of a render records in its container's metadata, so that `ChunkJoiner` can put
/// chunks in order and refuse ones that do not belong together: the frames it holds, the whole
/// video's frame count, and a hash of the preset and every setting that shapes the pictures.
public struct ChunkStamp: Hashable, Sendable, CustomStringConvertible {
    /// The frames of the whole video the chunk holds.
    public var range: Range<Int>
    public var totalFrames: Int
    /// The content hash (`ChunkStamp.hash`) of the preset and render settings.
    public var content: String
    /// The preset's path when it was rendered, for the join's sound.
    public var preset: String

    public init(range: Range<Int>, totalFrames: Int, content: String, preset: String) {
        (self.range, self.totalFrames, self.content, self.preset) = (range, totalFrames, content, preset)
    }

    /// `A-B/T`: frames A ..< B of T.
    public var description: String { "\(range.lowerBound)-\(range.upperBound)/\(totalFrames)" }

    /// The container tags that carry the stamp.
    public var tags: [(key: String, value: String)] {
        [("flipbook_chunk", description), ("flipbook_content", content), ("flipbook_preset", preset)]
    }

    /// The stamp in a file's tags, or `nil` when it has none or a malformed one.
    public init?(tags: [String: String]) {
        guard let chunk = tags["flipbook_chunk"], let content = tags["flipbook_content"] else { return nil }
        let parts = chunk.split(separator: "/")
        let bounds = parts.first?.split(separator: "-").compactMap { Int($0) } ?? []
        guard parts.count == 2, let total = Int(parts[1]), bounds.count == 2, bounds[0] < bounds[1],
            bounds[0] >= 0, bounds[1] <= total
        else { return nil }
        self.init(
            range: bounds[0]..<bounds[1], totalFrames: total, content: content,
            preset: tags["flipbook_preset"] ?? "")
    }

    /// A 64-bit FNV-1a hash of `parts`, in hex: equal for equal inputs on every machine.
    public static func hash(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part.utf8 + [0] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
