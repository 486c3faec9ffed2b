import Foundation

extension Text {
    /// Sets the font of every piece that has none of its own; `nil` leaves the body font.
    public func font(_ font: Font?) -> Text {
        updatingAttributes { if $0.font == nil { $0.font = font } }
    }

    public func foregroundStyle(_ color: Color) -> Text {
        foregroundStyle(.color(color))
    }

    /// Paints the glyphs with any shading; a gradient's points are in the text box's own
    /// coordinates, (0, 0) at its top-leading corner (see `GraphicsContext.ResolvedText`).
    public func foregroundStyle(_ shading: GraphicsContext.Shading) -> Text {
        updatingAttributes { if $0.shading == nil { $0.shading = shading } }
    }

    public func foregroundColor(_ color: Color?) -> Text {
        guard let color else { return self }
        return foregroundStyle(color)
    }

    public func bold(_ isActive: Bool = true) -> Text {
        isActive ? fontWeight(.bold) : self
    }

    public func italic(_ isActive: Bool = true) -> Text {
        updatingAttributes { $0.italic = $0.italic || isActive }
    }

    public func fontWeight(_ weight: Font.Weight?) -> Text {
        updatingAttributes { if $0.weight == nil { $0.weight = weight } }
    }

    /// The design (serif, monospaced, rounded) of pieces that have none of their own.
    public func fontDesign(_ design: Font.Design?) -> Text {
        updatingAttributes { if $0.design == nil { $0.design = design } }
    }

    /// Extra space between characters, in points.
    public func kerning(_ kerning: Double) -> Text {
        tracking(kerning)
    }

    /// Extra space after every character, in points.
    public func tracking(_ tracking: Double) -> Text {
        updatingAttributes { if $0.tracking == nil { $0.tracking = tracking } }
    }

    /// Raises the text above the baseline by `offset` points (lowers it when negative).
    public func baselineOffset(_ offset: Double) -> Text {
        updatingAttributes { if $0.baselineOffset == nil { $0.baselineOffset = offset } }
    }

    /// Gives the digits 0–9 one width, so changing numbers keep their place.
    public func monospacedDigit() -> Text {
        updatingAttributes { $0.monospacedDigit = true }
    }

    /// The whole text in a monospaced font of the same size and weight.
    public func monospaced(_ isActive: Bool = true) -> Text {
        isActive ? fontDesign(.monospaced) : self
    }

    /// A line under the text (through the font's underline position), in `color` or the
    /// text's own colour.
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil)
        -> Text
    {
        let style = LineStyle(isActive: isActive, pattern: pattern, color: color)
        return updatingAttributes { if $0.underline == nil { $0.underline = style } }
    }

    /// A line through the text (at the font's strikeout position).
    public func strikethrough(
        _ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil
    ) -> Text {
        let style = LineStyle(isActive: isActive, pattern: pattern, color: color)
        return updatingAttributes { if $0.strikethrough == nil { $0.strikethrough = style } }
    }

    /// A copy with one paragraph setting changed.
    private func setting<Value>(_ field: WritableKeyPath<Text, Value>, to value: Value) -> Text {
        var text = self
        text[keyPath: field] = value
        return text
    }

    /// How the lines of wrapped or multi-line text align with each other (and, drawn in a
    /// rectangle, within it). A view modifier in SwiftUI, where it is set on the `Canvas`
    /// (also possible here); on the text it wins over the canvas's.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Text {
        setting(\.alignment, to: alignment)
    }

    /// Extra points between lines; as `multilineTextAlignment`, also settable on the canvas.
    public func lineSpacing(_ spacing: Double) -> Text {
        setting(\.lineSpacing, to: spacing)
    }

    /// At most `number` lines (`nil`: any number); the last of them holds what fits of the rest,
    /// with "…" where the text was cut (at its end unless `truncationMode` says otherwise). As
    /// `multilineTextAlignment`, also settable on the canvas.
    public func lineLimit(_ number: Int?) -> Text {
        setting(\.lineLimit, to: number)
    }

    /// Where text cut short at its line limit loses characters, marked by "…": at its end
    /// (`.tail`, the default), its start (`.head`) or its middle (`.middle`). As
    /// `multilineTextAlignment`, also settable on the canvas.
    public func truncationMode(_ mode: TruncationMode) -> Text {
        setting(\.truncationMode, to: mode)
    }

    /// Sets every letter in capitals or small letters (`nil`: as written), in the context's
    /// locale. A view modifier in SwiftUI, where it is set on the `Canvas` (also possible here);
    /// on the text it wins over the canvas's.
    public func textCase(_ textCase: Case?) -> Text {
        setting(\.textCase, to: textCase)
    }

    /// Text that does not fit — its rectangle's width and height in `draw(_:in:)`, or its line
    /// limit — is set smaller, down to `factor` (0…1) of its size, before it is cut. As
    /// `multilineTextAlignment`, also settable on the canvas.
    public func minimumScaleFactor(_ factor: Double) -> Text {
        setting(\.minimumScaleFactor, to: factor)
    }
}
