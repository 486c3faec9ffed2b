import Flipbook
import Foundation

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
        let options = OptionCatalog.declared
        for (given, name) in [
            (list[\.crf] != nil, options.crf.name), (list[\.bitrate] != nil, options.bitrate.name),
            (list[\.quality] != nil, options.quality.name),
        ]
        where given {
            throw .usage("\(option) chooses the bitrate and quality itself; leave out \(name)")
        }
        if list[\.chunk] != nil {
            throw .usage("\(option) sizes a whole video; a chunk of one cannot be budgeted (render it whole)")
        }
    }

    /// The size the file at `output` must land in: `--max-size`, or `--target`'s limit as a
    /// ceiling, after the target's other limits are checked against the video
    /// (`PlatformTarget.check`). A `--max-size` over the target's limit is refused, and so is one
    /// plainly too small (`VideoExport.checkBudget`), before anything renders — a dry run too.
    static func budget(_ list: ArgumentList, export: VideoExport, format: OutputFormat, output: String)
        throws(CommandError) -> SizeBudget?
    {
        let budget = try chosenBudget(list, export: export, format: format)
        // A ceiling is first tried as asked: only a size to fill can be plainly too small.
        if let budget, !budget.isCeiling {
            try RenderJob.exporting(output) {
                try export.checkBudget(budget, destination: URL(fileURLWithPath: output))
            }
        }
        return budget
    }

    /// `--max-size`, or `--target`'s limit as a ceiling; a `--max-size` over that limit is
    /// refused.
    private static func chosenBudget(_ list: ArgumentList, export: VideoExport, format: OutputFormat)
        throws(CommandError) -> SizeBudget?
    {
        guard let target = list[\.target] else { return list[\.maxSize] }
        let ceiling = try target.check(export, format: format)
        guard let budget = list[\.maxSize] else { return ceiling }
        if let ceiling, budget.bytes > ceiling.bytes {
            throw .usage("--max-size \(budget) is over --target \(target.name)'s limit of \(ceiling)")
        }
        return budget
    }
}
