import Flipbook

/// What `render` makes of its output: a video (or PNG sequence), one still, or a contact sheet.
enum RenderKind {
    case video
    case still(seconds: Double)
    case contactSheet(frames: Int, columns: Int, cellWidth: Int)

    /// The kind the options and the format ask for.
    init(_ list: ArgumentList, format: OutputFormat, stillOnly: Bool) throws(CommandError) {
        if let frames = list[\.contactSheet] {
            guard format == .png else {
                throw CommandError(
                    code: .invalidInput,
                    message: "--contact-sheet writes a PNG: use -o NAME.png (got \(format))")
            }
            self = .contactSheet(frames: frames, columns: list[\.columns], cellWidth: list[\.cellWidth])
        } else if format.isStill {
            self = .still(seconds: list[\.at])
        } else if stillOnly {
            throw .usage("still writes a PNG or JPEG: use -o NAME.png or NAME.jpg")
        } else {
            self = .video
        }
    }

    var isVideo: Bool {
        if case .video = self { return true }
        return false
    }

    /// The frames whose drawing `export` is checked at for warnings before this kind is
    /// rendered (`VideoExport.checkDrawing(at:)`): a still's, a contact sheet's, or `nil` for
    /// frames across the video.
    func checkedTimes(of export: VideoExport) -> [FrameTime]? {
        switch self {
        case .video: nil
        case .still(let seconds): [FrameTime(index: 0, seconds: seconds)]
        case .contactSheet(let frames, let columns, let cellWidth):
            ContactSheet(export: export, frames: frames, columns: columns, cellWidth: cellWidth).frameIndices
                .map(export.sampler.frame)
        }
    }
}
