import FlipbookCanvas
import FlipbookCaptions
import FlipbookText
import Foundation

/// A paragraph of text: runs of differently styled text, placeholders filled from variables
/// and counters, wrapped, aligned and spaced.
public struct TextLayer: Sendable {
    /// One run: its text (with placeholders) and the style it overrides.
    public struct Run: Sendable {
        public var template: TextTemplate
        public var font: FontSpec
        public var paint: LayerPaint?
        public var letterSpacing: Double?
        /// A line under the run's text, or through it, at its font's positions; `nil`: the
        /// layer's (an inactive style turns the layer's off for the run).
        public var underline: Text.LineStyle?
        public var strikethrough: Text.LineStyle?
    }

    public var runs: [Run]
    /// The style runs start from.
    public var font: FontSpec
    public var paint: LayerPaint
    /// An outline around every letter, centred on the glyphs' edges and drawn under them, so
    /// half its width shows (outlined captions); `nil`: none.
    public var stroke: LayerStroke?
    package var alignment: TextLayout.Alignment = .leading
    /// Where the lines sit in a box taller (or shorter) than they are.
    package var verticalAlignment: TextVerticalAlignment = .top
    /// How lines wrap: greedily, or balanced to lengths as equal as they can be.
    package var wrap: TextLayout.Wrap = .wrap
    /// Lines wrap at this width; at the layer's width when it has one, else never.
    public var maxWidth: Length?
    /// Extra space between lines.
    public var lineSpacing: Length = Length(0)
    /// Extra space after every character, points.
    public var letterSpacing: Double = 0
    /// A line under the text, or through it, at the font's positions, in its pattern and in its
    /// colour or the text's paint (SwiftUI's `underline(_:pattern:color:)`); `nil`: none.
    public var underline: Text.LineStyle?
    public var strikethrough: Text.LineStyle?
    /// At most this many lines; the last of them holds what fits of the rest, with "…" where
    /// the text was cut.
    public var lineLimit: Int?
    /// The case every letter is set in (`nil`: as written), in the composition's locale.
    public var textCase: Text.Case?
    /// Where text cut at the line limit loses characters: its end, start or middle.
    public var truncationMode: TextTruncationMode = .tail
    /// Text that does not fit its width, its box's height or its line limit is set smaller,
    /// down to this share of its size, before it is cut.
    public var minimumScaleFactor: Double = 1
    /// Numbers that change over the layer's time, usable as placeholders (count-ups).
    public var counters: [String: Animated<Double>] = [:]
    /// The number variables its counters count with (`"value": "{users}"`): a variant that
    /// gives one of them changes what the layer shows.
    public var counterVariables: Set<String> = []
    /// Timed cues (from a SubRip or WebVTT file), in the layer's time: `{caption}` is the text
    /// of those showing, one per line, and the layer draws nothing while none is.
    public var captions: [Caption]?
    /// Whether the layer shows its cues as their file styles them (italics, bold, underlines,
    /// colours over the layer's style): it shows `{caption}` alone, having no `text` or `runs`.
    public var stylesCaptions = false

    /// Words of the cues coloured as they are spoken, by their WebVTT timestamps; `nil`: none.
    public var captionHighlight: CaptionHighlight?
    /// The most characters the layer shows at once, its placeholders filled (as the decoder
    /// works it out: a text variable as long as it is, a number as long as its longest
    /// format, a caption as long as the longest cue), for the limits and the memory budget.
    public var maximumCharacters = 0

    /// The placeholder that shows a captioned layer's cues.
    public static let captionName = "caption"

    /// The text of the cues showing at layer time `time`, one per line; `nil` when none is.
    public func caption(at time: Double) -> String? {
        captionSpans(at: time).map { $0.map(\.text).joined() }
    }

    /// The styled pieces of the cues showing at layer time `time`, a line break between cues;
    /// `nil` when none is.
    public func captionSpans(at time: Double) -> [Caption.Span]? {
        let showing = (captions?.filter { $0.start <= time && time < $0.end } ?? []).map {
            captionHighlight?.spans(of: $0, at: time) ?? $0.spans
        }
        guard let first = showing.first else { return nil }
        return showing.dropFirst().reduce(first) { $0 + [Caption.Span("\n")] + $1 }
    }
}

/// Captions' words coloured as they are spoken — karaoke captions, from the WebVTT timestamps a
/// transcription tool writes before each word (`<00:00:01.500>`). Words before a cue's first
/// timestamp are spoken as it appears; a cue without timestamps is left as it is.
public struct CaptionHighlight: Hashable, Sendable {
    /// The colour of the words lit, 0xRRGGBB.
    public var color: UInt32
    /// Whether only the words being spoken (since the last timestamp passed) are lit, instead of
    /// every word spoken so far.
    public var currentOnly: Bool

    public init(color: UInt32, currentOnly: Bool) {
        (self.color, self.currentOnly) = (color, currentOnly)
    }

    /// The pieces of `cue` at layer time `time`, those lit in `color`.
    func spans(of cue: Caption, at time: Double) -> [Caption.Span] {
        guard cue.spans.contains(where: { $0.style.time != nil }) else { return cue.spans }
        let spoken = { (span: Caption.Span) in span.style.time ?? cue.start }
        let current = cue.spans.map(spoken).filter { $0 <= time }.max()
        return cue.spans.map { span in
            guard currentOnly ? spoken(span) == current : spoken(span) <= time else { return span }
            var lit = span
            lit.style.color = color
            return lit
        }
    }
}

/// A font as a composition describes it; a run's unset fields come from its layer's.
public struct FontSpec: Hashable, Sendable {
    public var family: String?
    public var size: Length?
    public var weight: Int?
    public var design: FontDescriptor.Design?
    public var italic: Bool?
    /// The composition's own font files, looked in first for `family` (`FontDescriptor.files`).
    public var files: [String] = []

    public static let weights: [(name: String, value: Int)] = [
        ("ultraLight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    /// `self` with `other`'s set fields taking precedence.
    func merged(with other: FontSpec) -> FontSpec {
        FontSpec(
            family: other.family ?? family, size: other.size ?? size, weight: other.weight ?? weight,
            design: other.design ?? design, italic: other.italic ?? italic,
            files: other.files.isEmpty ? files : other.files)
    }

    /// The font descriptor and em size in points.
    func resolved(extent: Double, canvas: CGSize) -> (FontDescriptor, Double) {
        var descriptor = FontDescriptor(design: design ?? .default, weight: weight ?? 400)
        descriptor.family = family
        descriptor.italic = italic ?? false
        descriptor.files = files
        return (descriptor, size?.points(extent: extent, canvas: canvas) ?? 17)
    }
}
