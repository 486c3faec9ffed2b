import Flipbook
import Foundation

/// `--chunk I/N` or `--frames A..B`: which frames of the whole video a render renders (a chunk,
/// joined later by `flipbook join`), and the stamp the chunk records.
enum ChunkRequest {
    /// The frames asked for, or `nil` for the whole video.
    static func range(_ list: ArgumentList, totalFrames: Int) throws(CommandError) -> Range<Int>? {
        if list.has(\.chunk), list.has(\.frames) { throw .usage("give --chunk or --frames, not both") }
        if let (index, count) = list[\.chunk] {
            guard let range = TimelineSampler.chunk(index, of: count, frames: totalFrames) else {
                throw CommandError(
                    code: .invalidInput,
                    message:
                        "cannot split \(totalFrames) frames into \(count) chunks: each needs at least one frame"
                )
            }
            return range
        }
        if let range = list[\.frames] {
            guard range.upperBound <= totalFrames else {
                throw CommandError(
                    code: .invalidInput,
                    message:
                        "--frames \(range.lowerBound)..\(range.upperBound) runs past the video's \(totalFrames) frames (the last is \(totalFrames - 1))"
                )
            }
            return range
        }
        return nil
    }

    /// The stamp of a chunk of `preset`: its range, the whole video's frame count, and a hash
    /// of the preset's text (as read for this render: from standard input too) and every flag
    /// that shapes the output (not the output's name, the chunk, the threads, the memory budget or how
    /// progress is shown); the two parts are recorded too, for the join to say which differs.
    static func stamp(range: Range<Int>, totalFrames: Int, preset: Preset, list: ArgumentList) -> ChunkStamp {
        let text = Data(preset.text.utf8).base64EncodedString()
        let flags = list.flags(except: [
            \.output, \.chunk, \.frames, \.threads, \.progress, \.quiet, \.explain, \.dryRun, \.format,
            \.memoryLimit, \.allowRead,
        ])
        // Standard input has no path the join could read the preset's sound from again.
        let path =
            preset.readFromStandardInput ? "" : URL(fileURLWithPath: preset.file).standardizedFileURL.path
        return ChunkStamp(
            range: range, totalFrames: totalFrames, content: ChunkStamp.hash([text] + flags), preset: path,
            presetHash: ChunkStamp.hash([text]), settings: flags)
    }
}
