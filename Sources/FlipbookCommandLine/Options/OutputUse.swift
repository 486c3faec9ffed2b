import Flipbook

/// Which outputs an option means something for, declared with the option (`Option(use:)`). An
/// option the output cannot use is refused (exit 65) rather than silently ignored:
/// `--loop 2 -o x.mp4` would otherwise play once and say nothing.
struct OutputUse: Sendable {
    /// The outputs that use it, for the refusal ("GIF, APNG and WebP").
    let usedBy: String
    let applies: @Sendable (RenderKind, OutputFormat) -> Bool

    static let animatedImages = OutputUse(usedBy: "GIF, APNG and WebP") { $0.isVideo && $1.loops }
    static let gif = OutputUse(usedBy: "GIF") { $0.isVideo && $1 == .gif }
    /// `--quality`: animated WebP, and JPEG stills.
    static let quality = OutputUse(usedBy: "WebP and JPEG stills") { kind, format in
        kind.isVideo ? format == .webp : format == .jpeg
    }
    static let constantQuality = formats { $0.qualityRange != nil }
    static let rateControl = formats(\.hasRateControl)
    static let speedPresets = formats(\.hasSpeedPresets)
    static let encoders = formats(\.runsEncoderThreads)
    static let colorTags = formats(\.isTaggedVideo)
    static let containerMetadata = OutputUse(usedBy: "MP4, MOV, WebM and MKV files") {
        $0.isVideo && $1.isTaggedVideo
    }
    static let sound = OutputUse(usedBy: "MP4, MOV, WebM and MKV videos") { $0.isVideo && $1.isTaggedVideo }
    static let chunk = OutputUse(
        usedBy: OutputFormat.sentence(
            OutputFormat.allCases.filter { $0.rendersInChunks && $0 != .pngSequence }.map(\.rawValue)
                + ["PNG sequences"])
    ) { $0.isVideo && $1.rendersInChunks }
    static let video = OutputUse(usedBy: "videos and PNG sequences") { kind, _ in kind.isVideo }
    static let still = OutputUse(usedBy: "stills (.png, .jpg)") { kind, _ in
        if case .still = kind { true } else { false }
    }
    static let contactSheet = OutputUse(usedBy: "contact sheets (--contact-sheet N)") { kind, _ in
        if case .contactSheet = kind { true } else { false }
    }

    /// Used by the video formats that `matching` holds for, named by `OutputFormat.names`.
    private static func formats(_ matching: @escaping @Sendable (OutputFormat) -> Bool) -> OutputUse {
        OutputUse(usedBy: OutputFormat.names(where: matching)) { $0.isVideo && matching($1) }
    }

    /// Refuses the first option given that the output cannot use.
    static func check(_ list: ArgumentList, kind: RenderKind, format: OutputFormat) throws(CommandError) {
        for option in OptionCatalog.all where list.has(option) {
            guard let use = option.use, !use.applies(kind, format) else { continue }
            throw CommandError(
                code: .invalidInput,
                message: "\(option.name) applies only to \(use.usedBy), not to \(describe(kind, format))")
        }
    }

    private static func describe(_ kind: RenderKind, _ format: OutputFormat) -> String {
        switch kind {
        case .video: "\(format) output"
        case .still: "a \(format) still"
        case .contactSheet: "a contact sheet"
        }
    }
}
