/// What kind of problem a warning is about — a stable code that scripts, `--strict` and the
/// JSON progress events name (`text-cut-off`), and what it covers.
///
/// Every warning has one (`Warning.warningClass`). The codes are listed here, in one place, so
/// that the docs' table of them (`flipbook help --markdown`) is complete and a code means the same
/// wherever it is reported: a new check adds a `static let` below (and to `all`), and reports with
/// it from wherever it finds the problem — `WarningSink.current.report(.textShrunk, "…")`.
public struct WarningClass: Hashable, Sendable, CustomStringConvertible {
    /// The code, in kebab case: `missing-glyphs`.
    public let code: String
    /// What it covers, for the docs' table.
    public let summary: String

    public init(_ code: String, summary: String) {
        (self.code, self.summary) = (code, summary)
    }

    public var description: String { code }

    public static func == (lhs: WarningClass, rhs: WarningClass) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

extension WarningClass {
    /// Characters no available font has, drawn as empty boxes.
    public static let missingGlyphs = WarningClass(
        "missing-glyphs",
        summary: "characters no installed font (nor the preset's `fonts`) has: drawn as empty boxes")
    /// A text that does not fit where it is drawn.
    public static let textCutOff = WarningClass(
        "text-cut-off",
        summary:
            "a text wider or taller than the canvas or its box (cut off, or running out of it), or cut short with … at its `lineLimit`"
    )
    /// A text that could only fit set smaller than its `minimumScaleFactor` allows.
    public static let textShrunk = WarningClass(
        "text-shrunk",
        summary:
            "a text that would fit only set smaller than its `minimumScaleFactor` allows: it is set at that scale and cut or overflows"
    )
    /// Keyframes and sounds that the video never reaches.
    public static let afterEnd = WarningClass(
        "after-end",
        summary:
            "keyframes after the end of the video or of their layer (never reached), layer sounds, audio cues and tracks that would start after the video ends (never heard)"
    )
    /// Layers nothing of which is ever seen.
    public static let neverVisible = WarningClass(
        "never-visible",
        summary:
            "layers that never show: starting after the video (or their group) ends, lasting 0 s, at opacity 0 throughout, or — not moving — wholly off the canvas"
    )
    /// Files a preset declares and nothing uses.
    public static let unusedAsset = WarningClass(
        "unused-asset", summary: "font files listed in `fonts` whose families no text names")
    /// A font other than the one asked for.
    public static let fontSubstituted = WarningClass(
        "font-substituted",
        summary:
            "a font family that is not installed (another is drawn instead), or a bold or italic face its family does not have (its regular or upright face is drawn)"
    )
    /// A font file that cannot be used.
    public static let unreadableFont = WarningClass(
        "unreadable-font", summary: "a font file that cannot be read when text is drawn with it")
    /// A picture that cannot be drawn.
    public static let missingImage = WarningClass(
        "missing-image", summary: "an `Image(\"name\")` its image catalog does not have, or cannot decode")
    /// An SVG's reference that is not drawn.
    public static let svgReference = WarningClass(
        "svg-reference", summary: "an SVG picture refers to a file outside its own folder, which is not drawn"
    )
    /// Sound that is left out.
    public static let soundDropped = WarningClass(
        "sound-dropped",
        summary: "a video clip played faster or slower than 1 loses its sound (unless `muted`)")
    /// A loudness target that is missed, or reached by cutting peaks deep.
    public static let loudness = WarningClass(
        "loudness",
        summary:
            "the sound cannot reach its loudness target, or its limiter cuts its peaks by more than 10 dB")
    /// A scene that draws differently each time.
    public static let unreproducible = WarningClass(
        "unreproducible",
        summary:
            "a scene draws the same frame differently each time (unseeded randomness): no two renders match")

    /// Every class, in the order the docs list them.
    public static let all: [WarningClass] = [
        .missingGlyphs, .textCutOff, .textShrunk, .afterEnd, .neverVisible, .unusedAsset, .fontSubstituted,
        .unreadableFont, .missingImage, .svgReference, .soundDropped, .loudness, .unreproducible,
    ]
}
