import FlipbookFFmpeg
import FlipbookTimeline
import Foundation

/// The record a PNG sequence leaves in its folder, `.flipbook-sequence.json`: which frame files
/// Flipbook wrote there. It is what lets a later render replace those files — and only those —
/// while every other file in the folder, and every folder without a manifest, is left alone.
///
/// ```json
/// {"generator":"flipbook","sequences":[{"frames":90,"pattern":"frames_%05d.png"}]}
/// ```
/// Written without times or process ids, so the same render writes the same bytes.
struct SequenceManifest: Equatable, Sendable {
    static let fileName = ".flipbook-sequence.json"

    /// One pattern's frames: `pattern` with `first` ..< `first + frames` in place of its `%0Nd`.
    struct Sequence: Equatable, Sendable {
        var pattern: String
        var frames: Int
        /// The index of the first frame (a chunk's first frame in the whole video).
        var first = 0

        /// The file names of the frames.
        var fileNames: [String] {
            (first..<first + frames).map { PNGSequenceWriter.fileName(pattern: pattern, index: $0) }
        }
    }

    var sequences: [Sequence] = []
    /// The stamp of a chunk of a render (the folder holds one chunk's frames).
    var chunk: ChunkStamp?

    /// The manifest in `folder`, or `nil` when there is none (or it is not one of ours).
    static func read(in folder: URL) -> SequenceManifest? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(fileName).path),
            data.count < 1 << 20,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["generator"] as? String == "flipbook",
            let entries = object["sequences"] as? [[String: Any]]
        else { return nil }
        var manifest = SequenceManifest()
        for entry in entries {
            let first = entry["first"] as? Int ?? 0
            guard let pattern = entry["pattern"] as? String, let frames = entry["frames"] as? Int,
                OutputFormat.sequencePatternWidth(in: pattern) != nil, !pattern.contains("/"),
                (0...10_000_000).contains(frames), (0...TimelineSampler.maximumFrameCount).contains(first)
            else { return nil }
            manifest.sequences.append(Sequence(pattern: pattern, frames: frames, first: first))
        }
        if let tags = object["chunk"] as? [String: String] { manifest.chunk = ChunkStamp(tags: tags) }
        return manifest
    }

    /// Writes the manifest into `folder` atomically (a temporary file renamed over the old one).
    func write(in folder: URL) throws(ExportError) {
        try prepared(in: folder).commit()
    }

    /// The manifest written beside its place in `folder`, for the caller to commit (or move
    /// into place inside the `CommitGate` with the frames it describes).
    func prepared(in folder: URL) throws(ExportError) -> AtomicOutput {
        let entries = sequences.map { sequence -> [String: Any] in
            var entry: [String: Any] = ["pattern": sequence.pattern, "frames": sequence.frames]
            if sequence.first != 0 { entry["first"] = sequence.first }
            return entry
        }
        var object: [String: Any] = ["generator": "flipbook", "sequences": entries]
        if let chunk {
            object["chunk"] = Dictionary(uniqueKeysWithValues: chunk.tags.map { ($0.key, $0.value) })
        }
        let target = folder.appendingPathComponent(Self.fileName)
        let output = try AtomicOutput(destination: target)
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            FileManager.default.createFile(atPath: output.temporary.path, contents: data + Data("\n".utf8))
        else {
            let reason = AtomicOutput.systemReason()
            output.discard()
            throw .outputNotWritable(path: target.path, reason: reason)
        }
        return output
    }
}
