import FlipbookFFmpeg
import FlipbookPipeline
import Foundation

/// How `flipbook test` writes: every file aside and renamed into place (`AtomicOutput`), so a
/// reader — CI collecting the XML, a browser on the report — never sees half a file, and an
/// interrupted run leaves the older file as it was.
enum GoldenOutputs {
    /// Writes `data` at `path`, atomically.
    /// - Throws: exit 73 when it cannot be written.
    static func write(_ data: Data, to path: String) throws(CommandError) {
        try createFolder(of: path)
        try RenderJob.exporting(path) {
            let output = try AtomicOutput(destination: URL(fileURLWithPath: path))
            try output.writeAndCommit { try FileBytes.write(data, to: output.temporary.path) }
        }
    }

    /// Creates the folder `path` lies in, and any missing on the way (as `mkdir -p`).
    /// - Throws: exit 73 when it cannot.
    static func createFolder(of path: String) throws(CommandError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError(
                code: .outputNotWritable,
                message: "cannot write \(path): cannot create its folder \(folder.path)")
        }
    }
}
