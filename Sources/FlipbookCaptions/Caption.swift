/// One timed text cue: what the video shows from `start` to `end` (seconds), for a WebVTT
/// sidecar read by people who cannot see the video — and, with its `spans`, for a text layer
/// that burns the cue in with the italics, bold, underlines and colours its file gave it.
public struct Caption: Hashable, Sendable {
    public var start: Double
    public var end: Double
    /// The cue's words, without markup.
    public var text: String
    /// `text` in pieces of one style each, in order; one unstyled piece when the cue has none.
    public var spans: [Span]

    /// How a piece of a cue is set, as SubRip's and WebVTT's markup says.
    public struct Style: Hashable, Sendable {
        public var italic = false
        public var bold = false
        public var underline = false
        /// An sRGB colour, 0xRRGGBB; `nil`: the layer's fill.
        public var color: UInt32?
        /// When the words are spoken, seconds, from the WebVTT timestamp before them
        /// (`<00:00:01.500>`, as transcription tools write for each word); `nil` before a cue's
        /// first timestamp, or in a cue without.
        public var time: Double?

        public init(italic: Bool = false, bold: Bool = false, underline: Bool = false, color: UInt32? = nil) {
            (self.italic, self.bold, self.underline, self.color) = (italic, bold, underline, color)
        }
    }

    /// A piece of a cue in one style.
    public struct Span: Hashable, Sendable {
        public var text: String
        public var style: Style

        public init(_ text: String, style: Style = Style()) {
            (self.text, self.style) = (text, style)
        }
    }

    public init(start: Double, end: Double, text: String) {
        self.init(start: start, end: end, spans: [Span(text)])
    }

    /// A cue of styled pieces; its `text` is theirs, joined.
    public init(start: Double, end: Double, spans: [Span]) {
        (self.start, self.end, self.spans) = (start, end, spans)
        text = spans.map(\.text).joined()
    }
}
