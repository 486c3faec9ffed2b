import FlipbookText

extension Text {
    /// The styles set on one piece of text; `nil` (or `false`) is "not set here", so that a
    /// modifier on joined text reaches only the pieces that did not set it themselves.
    struct Attributes: Hashable, Sendable {
        var font: Font?
        var weight: Font.Weight?
        var design: Font.Design?
        var italic = false
        var shading: GraphicsContext.Shading?
        var tracking: Double?
        var baselineOffset: Double?
        var monospacedDigit = false
        var underline: LineStyle?
        var strikethrough: LineStyle?

        /// The font this piece is set in: its font (the body font by default) with its own
        /// weight, design and slant.
        var resolvedFont: Font {
            var font = font ?? .body
            if let weight { font = font.weight(weight) }
            if let design { font.descriptor.design = design }
            if italic { font = font.italic() }
            return font
        }

        /// How the piece is shaped and placed.
        var style: TextLayout.Style {
            let font = resolvedFont
            return TextLayout.Style(
                font: font.descriptor, size: font.size, tracking: tracking ?? 0,
                baselineOffset: baselineOffset ?? 0, monospacedDigit: monospacedDigit)
        }
    }

    /// This text with `change` applied to the attributes of every piece.
    func updatingAttributes(_ change: (inout Attributes) -> Void) -> Text {
        var text = self
        for i in text.segments.indices { change(&text.segments[i].attributes) }
        return text
    }
}
