import Flipbook
import Foundation

/// `flipbook join` for PNG sequences: the chunks are folders, and so is the result.
enum SequenceJoinCommand {
    static func run(chunks paths: [String], outputPath: String, list: ArgumentList) throws(CommandError) {
        if list.has(\.audio) {
            throw .usage("a PNG sequence has no sound: --audio needs an MP4, MOV, WebM or MKV output")
        }
        var chunks: [(ChunkFile, pattern: String)] = []
        for path in paths {
            do {
                chunks.append(try SequenceJoin.chunk(in: path))
            } catch {
                throw CommandError(code: .invalidInput, message: "\(path): \(error)")
            }
        }
        let ordered: [ChunkFile]
        do {
            ordered = try ChunkJoiner.ordered(chunks.map(\.0))
        } catch {
            throw CommandError(code: .invalidInput, message: error.message)
        }
        let patterns = Dictionary(
            chunks.map { ($0.0.path, $0.pattern) }, uniquingKeysWith: { first, _ in first })
        _ = try OutputTarget.createFolders(for: outputPath)
        do {
            try SequenceJoin.join(
                ordered.map { ($0, patterns[$0.path] ?? "") }, to: URL(fileURLWithPath: outputPath))
        } catch let error as ExportError {
            throw CommandError(code: .outputNotWritable, message: "\(error)")
        } catch {
            throw CommandError(code: .failure, message: "\(error)")
        }
        if !list[\.quiet] {
            StandardStreams.err(
                "joined \(ordered.count) chunks into \(outputPath.forTerminal): \(ordered[0].stamp.totalFrames) frames\n"
            )
        }
    }
}
