import Flipbook

extension RenderCommand {
    /// The formats `--max-size` can bring within a size: those with rate control, and the
    /// animated images by their ladder.
    static let budgetedFormats: [OutputFormat] = [.h264, .hevc, .av1, .vp9, .gif, .apng, .webp]

    /// Refuses `--max-size` where it cannot apply (a still, a PNG sequence, ProRes, a chunk)
    /// or beside the options it sets itself (`--crf`, `--bitrate`, `--quality`): usage errors,
    /// before anything is read or written.
    static func checkBudget(_ list: ArgumentList, kind: RenderKind, format: OutputFormat) throws(CommandError)
    {
        guard let budget = list[\.maxSize] else { return }
        let option = "--max-size \(budget)"
        guard kind.isVideo, budgetedFormats.contains(format) else {
            let names = budgetedFormats.map(\.rawValue).joined(separator: ", ")
            throw .usage("\(option) applies to videos and animated images (\(names)), not \(format)")
        }
        for (given, name) in [
            (list[\.crf] != nil, "--crf"), (list[\.bitrate] != nil, "--bitrate"),
            (list[\.quality] != nil, "--quality"),
        ]
        where given {
            throw .usage("\(option) chooses the bitrate and quality itself; leave out \(name)")
        }
        if list[\.chunk] != nil {
            throw .usage("\(option) sizes a whole video; a chunk of one cannot be budgeted (render it whole)")
        }
    }
}
