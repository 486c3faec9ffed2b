import Flipbook

/// Which outputs an option means something for, declared with the option (`Option.use`). An
/// option the output cannot use is refused (exit 65) rather than silently ignored:
/// `--loop 2 -o x.mp4` would otherwise play once and say nothing.
struct OutputUse: Sendable {
    /// The outputs that use it, for the refusal ("GIF and APNG").
    let usedBy: String
    let applies: @Sendable (RenderKind, OutputFormat) -> Bool

    static let gifAndAPNG = OutputUse(usedBy: "GIF and APNG") { $0.isVideo && ($1 == .gif || $1 == .apng) }
    static let gif = OutputUse(usedBy: "GIF") { $0.isVideo && $1 == .gif }
    static let constantQuality = OutputUse(usedBy: "h264, hevc and vp9") {
        $0.isVideo && $1.qualityRange != nil
    }
    static let rateControl = OutputUse(usedBy: "h264, hevc and vp9") { $0.isVideo && $1.hasRateControl }
    static let speedPresets = OutputUse(usedBy: "h264, hevc and vp9") { $0.isVideo && $1.hasSpeedPresets }
    static let encoders = OutputUse(usedBy: "h264, hevc, vp9 and prores") {
        $0.isVideo && $1.runsEncoderThreads
    }
    static let colorTags = OutputUse(usedBy: "h264, hevc, vp9 and prores") { $0.isVideo && isTaggedVideo($1) }
    static let containerMetadata = OutputUse(usedBy: "MP4, MOV and WebM files") {
        $0.isVideo && isTaggedVideo($1)
    }
    static let sound = OutputUse(usedBy: "MP4, MOV and WebM videos") { $0.isVideo && isTaggedVideo($1) }
    static let chunk = OutputUse(usedBy: "h264, hevc, vp9, prores and PNG sequences") { kind, format in
        kind.isVideo && [.h264, .hevc, .vp9, .prores, .pngSequence].contains(format)
    }
    static let video = OutputUse(usedBy: "videos and PNG sequences") { kind, _ in kind.isVideo }
    static let still = OutputUse(usedBy: "stills (.png, .jpg)") { kind, _ in
        if case .still = kind { true } else { false }
    }
    static let contactSheet = OutputUse(usedBy: "contact sheets (--contact-sheet N)") { kind, _ in
        if case .contactSheet = kind { true } else { false }
    }

    /// Video formats with colour tags and container metadata.
    private static func isTaggedVideo(_ format: OutputFormat) -> Bool {
        [.h264, .hevc, .vp9, .prores].contains(format)
    }

    /// Refuses the first option given that the output cannot use.
    static func check(_ list: ArgumentList, kind: RenderKind, format: OutputFormat) throws(CommandError) {
        for option in OptionCatalog.all where list.has(option.name) {
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
