import FlipbookGeometry
import FlipbookText
import Foundation

/// A run of text to draw, as SwiftUI's `Text` with its common modifiers. Shaped by HarfBuzz and
/// drawn as glyph outlines by Flipbook's rasterizer (see `TextLayout`).
public struct Text: Hashable, Sendable {
    public var content: String
    var font: Font
    var shading: GraphicsContext.Shading
    var tracking: Double = 0

    public init(_ content: String) {
        self.init(verbatim: content)
    }

    public init(verbatim content: String) {
        self.content = content
        font = .body
        shading = .color(.primary)
    }

    public func font(_ font: Font?) -> Text {
        var text = self
        text.font = font ?? .body
        return text
    }

    public func foregroundStyle(_ color: Color) -> Text {
        foregroundStyle(.color(color))
    }

    /// Paints the glyphs with any shading: a gradient runs across the text's own box.
    public func foregroundStyle(_ shading: GraphicsContext.Shading) -> Text {
        var text = self
        text.shading = shading
        return text
    }

    public func foregroundColor(_ color: Color?) -> Text {
        foregroundStyle(color ?? .primary)
    }

    public func bold(_ isActive: Bool = true) -> Text {
        isActive ? font(font.bold()) : self
    }

    public func italic(_ isActive: Bool = true) -> Text {
        isActive ? font(font.italic()) : self
    }

    public func fontWeight(_ weight: Font.Weight?) -> Text {
        font(font.weight(weight ?? .regular))
    }

    /// Extra space between characters, in points.
    public func kerning(_ kerning: Double) -> Text {
        var text = self
        text.tracking = kerning
        return text
    }

    public func tracking(_ tracking: Double) -> Text {
        kerning(tracking)
    }

    var style: TextLayout.Style {
        TextLayout.Style(font: font.descriptor, size: font.size, tracking: tracking)
    }
}
