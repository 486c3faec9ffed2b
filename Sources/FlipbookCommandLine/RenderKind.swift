import Flipbook

/// What `render` makes of its output: a video (or PNG sequence), one still, or a contact sheet.
enum RenderKind {
    case video
    case still(seconds: Double)
    case contactSheet(frames: Int, columns: Int, cellWidth: Int)

    /// The kind the options and the format ask for.
    init(_ list: ArgumentList, format: OutputFormat, stillOnly: Bool) throws(CommandError) {
        if let frames = try list.parsed(
            "--contact-sheet", { Int($0).flatMap { (1...1000).contains($0) ? $0 : nil } })
        {
            guard format == .png else {
                throw CommandError(
                    code: .invalidInput,
                    message: "--contact-sheet writes a PNG: use -o NAME.png (got \(format))")
            }
            let columns =
                try list.parsed("--columns") {
                    Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
                } ?? 4
            let cellWidth =
                try list.parsed("--cell-width") {
                    Int($0).flatMap { (16...4096).contains($0) ? $0 : nil }
                } ?? 320
            self = .contactSheet(frames: frames, columns: columns, cellWidth: cellWidth)
        } else if format.isStill {
            let seconds =
                try list.parsed("--at") {
                    Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
                } ?? 0
            self = .still(seconds: seconds)
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
}
