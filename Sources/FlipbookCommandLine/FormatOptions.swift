import Flipbook

/// Which options each output can use. An option the output cannot use is refused (exit 65)
/// rather than silently ignored: `--loop 2 -o x.mp4` would otherwise play once and say nothing.
enum FormatOptions {
    /// Options and the outputs that use them, with the wording for the refusal.
    private static let rules:
        [(flags: [String], usedBy: String, applies: @Sendable (RenderKind, OutputFormat) -> Bool)] = [
            (
                ["--loop"], "GIF and APNG",
                { kind, format in kind.isVideo && (format == .gif || format == .apng) }
            ),
            (["--dither"], "GIF", { kind, format in kind.isVideo && format == .gif }),
            (["--crf"], "h264, hevc and vp9", { kind, format in kind.isVideo && format.qualityRange != nil }),
            (
                ["--bitrate", "--keyint"], "h264, hevc and vp9",
                { kind, format in kind.isVideo && format.hasRateControl }
            ),
            (["--preset"], "h264, hevc and vp9", { kind, format in kind.isVideo && format.hasSpeedPresets }),
            (
                ["--color-range"], "h264, hevc, vp9 and prores",
                { kind, format in kind.isVideo && isTaggedVideo(format) }
            ),
            (
                ["--title", "--description", "--comment", "--creation-time"], "MP4, MOV and WebM files",
                { kind, format in kind.isVideo && isTaggedVideo(format) }
            ),
            (
                ["--motion-blur", "--shutter-angle", "--captions", "--explain"], "videos and PNG sequences",
                { kind, _ in kind.isVideo }
            ),
            (["--at"], "stills (.png, .jpg)", { kind, _ in if case .still = kind { true } else { false } }),
            (
                ["--columns", "--cell-width"], "contact sheets (--contact-sheet N)",
                { kind, _ in if case .contactSheet = kind { true } else { false } }
            ),
        ]

    /// Refuses the first option given that the output cannot use.
    static func check(_ list: ArgumentList, kind: RenderKind, format: OutputFormat) throws(CommandError) {
        for rule in rules where !rule.applies(kind, format) {
            if let flag = rule.flags.first(where: list.has) {
                throw CommandError(
                    code: .invalidInput,
                    message: "\(flag) applies only to \(rule.usedBy), not to \(describe(kind, format))")
            }
        }
    }

    /// Video formats with colour tags and container metadata.
    private static func isTaggedVideo(_ format: OutputFormat) -> Bool {
        [.h264, .hevc, .vp9, .prores].contains(format)
    }

    private static func describe(_ kind: RenderKind, _ format: OutputFormat) -> String {
        switch kind {
        case .video: "\(format) output"
        case .still: "a \(format) still"
        case .contactSheet: "a contact sheet"
        }
    }
}
