/// What kind of problem a warning is about — a stable code that scripts, `--strict` and the
/// JSON progress events name (`text-cut-off`), and what it covers.
///
/// Every warning has one (`Warning.warningClass`). The classes are the cases here, in one place,
/// so that the docs' table of them (`flipbook help --markdown`) is complete and a code means the
/// same wherever it is reported: a new check adds a case (its code) and its summary, and reports
/// with it from wherever it finds the problem — `WarningSink.current.report(.textShrunk, "…")`.
public enum WarningClass: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Characters no available font has, drawn as empty boxes.
    case missingGlyphs = "missing-glyphs"
    /// A text that does not fit where it is drawn.
    case textCutOff = "text-cut-off"
    /// A text that could only fit set smaller than its `minimumScaleFactor` allows.
    case textShrunk = "text-shrunk"
    /// Keyframes and sounds that the video never reaches.
    case afterEnd = "after-end"
    /// Layers nothing of which is ever seen.
    case neverVisible = "never-visible"
    /// Files a preset declares and nothing uses.
    case unusedAsset = "unused-asset"
    /// A font other than the one asked for.
    case fontSubstituted = "font-substituted"
    /// A font file that cannot be used.
    case unreadableFont = "unreadable-font"
    /// A picture that cannot be drawn.
    case missingImage = "missing-image"
    /// An SVG's reference that is not drawn.
    case svgReference = "svg-reference"
    /// Sound that is left out.
    case soundDropped = "sound-dropped"
    /// A loudness target that is missed, or reached by cutting peaks deep.
    case loudness
    /// A scene that draws differently each time.
    case unreproducible
    /// A Lottie feature that is not drawn as written.
    case lottieUnsupported = "lottie-unsupported"
    /// A problem `flipbook check` finds, reported by `render --check` and `batch --check`.
    case check

    /// The code, in kebab case: `missing-glyphs`.
    public var code: String { rawValue }

    public var description: String { code }

    /// What it covers, for the docs' table.
    public var summary: String {
        switch self {
        case .missingGlyphs:
            "characters no installed font (nor the preset's `fonts`) has: drawn as empty boxes"
        case .textCutOff:
            "a text wider or taller than the canvas or its box (cut off, or running out of it), or cut short with … at its `lineLimit`"
        case .textShrunk:
            "a text that would fit only set smaller than its `minimumScaleFactor` allows: it is set at that scale and cut or overflows"
        case .afterEnd:
            "keyframes after the end of the video or of their layer (never reached), layer sounds, audio cues and tracks that would start after the video ends (never heard)"
        case .neverVisible:
            "layers that never show: starting after the video (or their group) ends, between two frames, at opacity 0 throughout, or — not moving — wholly off the canvas"
        case .unusedAsset: "font files listed in `fonts` whose families no text names"
        case .fontSubstituted:
            "a font family that is not installed (another is drawn instead), a weight its family does not have (the nearest is drawn), or a bold or an italic it lacks (made up by thickening or slanting a face)"
        case .unreadableFont: "a font file that cannot be read when text is drawn with it"
        case .missingImage: "an `Image(\"name\")` its image catalog does not have, or cannot decode"
        case .svgReference: "an SVG picture refers to a file outside its own folder, which is not drawn"
        case .soundDropped: "a video clip played faster or slower than 1 loses its sound (unless `muted`)"
        case .loudness:
            "the sound cannot reach its loudness target, or its limiter cuts its peaks by more than 10 dB"
        case .unreproducible:
            "a scene draws the same frame differently each time (unseeded randomness): no two renders match"
        case .check:
            "a problem `flipbook check` finds — flashes, text contrast, text size, title-safe, reading time, loudness, true peak — reported by `render` and `batch` when asked to check (docs/ship.md)"
        case .lottieUnsupported:
            "a Lottie feature Flipbook does not draw (expressions, 3D, effects, text and image layers, offset paths, …): the layer is drawn without it (docs/lottie.md)"
        }
    }
}
