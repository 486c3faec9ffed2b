import FlipbookGeometry
import FlipbookText
import Foundation

/// Text to draw, as SwiftUI's `Text`: a string, a value through a `FormatStyle`, or a date in
/// a `DateStyle` — formatted when drawn, from the frame's time and the context's locale and
/// time zone — with the common modifiers, and `Text + Text` joining differently styled pieces
/// into one paragraph. Shaped by HarfBuzz and drawn as glyph outlines (see `TextLayout`).
///
/// As in SwiftUI, a modifier on joined text styles every piece that has not set that style
/// itself: in `(Text("Hi ").foregroundStyle(.red) + Text("there")).foregroundStyle(.blue)`,
/// "Hi " stays red.
public struct Text: Hashable, Sendable {
    /// One piece of the text, with the styles set on it.
    struct Segment: Hashable, Sendable {
        var content: Content
        var attributes = Attributes()
    }

    /// What a piece shows.
    enum Content: Hashable, Sendable {
        case verbatim(String)
        case formatted(FormattedValue)
        case date(Date, DateStyle)
    }

    /// Where text cut short at its line limit loses characters (SwiftUI's
    /// `Text.TruncationMode`): `.tail`, `.head` or `.middle`.
    public typealias TruncationMode = TextTruncationMode

    var segments: [Segment]
    /// Paragraph settings; `nil` takes the context's environment.
    var alignment: TextAlignment?
    var lineSpacing: Double?
    var lineLimit: Int??
    var truncationMode: TruncationMode?
    var textCase: Case??
    var minimumScaleFactor: Double?

    public init(_ content: String) {
        self.init(verbatim: content)
    }

    public init(verbatim content: String) {
        segments = [Segment(content: .verbatim(content))]
    }

    /// `input` shown through `format`, e.g. `Text(0.256, format: .percent)` or
    /// `Text(price, format: .number.precision(.fractionLength(2)))`, in the context's locale.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F: Sendable, F.FormatInput: Equatable & Sendable, F.FormatOutput == String {
        segments = [Segment(content: .formatted(FormattedValue(input, format: format)))]
    }

    /// `date` in `style`: a time or date, or — measured from the frame's date — how long until
    /// or since it (`.relative`, `.offset`) or a running clock (`.timer`).
    public init(_ date: Date, style: DateStyle) {
        segments = [Segment(content: .date(date, style))]
    }

    /// The text as plain characters, formatted in the default environment (en_US, UTC, at the
    /// video's start).
    public var content: String {
        segments.map { $0.content.string(in: EnvironmentValues()) }.joined()
    }

    /// This text followed by `other`, each keeping its own styles.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var text = lhs
        text.segments += rhs.segments
        return text
    }
}
