import FlipbookFFmpeg
import Foundation

/// Joins the chunks of a PNG-sequence render — folders of frames, each with a manifest that
/// stamps its range — into one sequence: the frames are copied, byte for byte, under the output's
/// names, by `SequenceOutput`'s rules (a folder of its own or one Flipbook wrote, replaced only
/// when complete).
package enum SequenceJoin {
    /// The chunk in `folder`: its stamp and the frames really there.
    /// - Throws: `ExportError.invalidSettings` when the folder holds no chunk of a render.
    package static func chunk(in folder: String) throws -> (ChunkFile, pattern: String) {
        let url = URL(fileURLWithPath: folder)
        guard let manifest = SequenceManifest.read(in: url), let stamp = manifest.chunk,
            let sequence = manifest.sequences.first, manifest.sequences.count == 1
        else {
            throw ExportError.invalidSettings(
                MediaError(
                    operation: "read \(folder)",
                    message:
                        "it is not a chunk of a PNG-sequence render (no chunk in its \(SequenceManifest.fileName))"
                ))
        }
        let present = sequence.fileNames.filter {
            FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path)
        }
        let chunk = ChunkFile(
            path: folder, stamp: stamp, frames: sequence.first == stamp.range.lowerBound ? present.count : 0,
            fields: [("format", "png")])
        return (chunk, sequence.pattern)
    }

    /// Copies the frames of `chunks` (ordered and checked by `ChunkJoiner.ordered`, with their
    /// patterns) into the sequence at `destination`.
    package static func join(_ chunks: [(ChunkFile, pattern: String)], to destination: URL) throws {
        let layout = SequenceLayout(format: .pngSequence, destination: destination)
        let output = try SequenceOutput(layout: layout)
        guard let pattern = layout.pattern else { return }
        do {
            for (chunk, chunkPattern) in chunks {
                for index in chunk.stamp.range {
                    let source = URL(fileURLWithPath: chunk.path)
                        .appendingPathComponent(
                            PNGSequenceWriter.fileName(pattern: chunkPattern, index: index))
                    let target = output.stagingFolder
                        .appendingPathComponent(PNGSequenceWriter.fileName(pattern: pattern, index: index))
                    try FileManager.default.copyItem(at: source, to: target)
                }
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }
}
