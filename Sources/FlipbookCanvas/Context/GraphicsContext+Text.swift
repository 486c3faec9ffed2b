import FlipbookGeometry
import FlipbookText
import Foundation

extension GraphicsContext {
    /// Text shaped once and drawn many times, as SwiftUI's `GraphicsContext.ResolvedText`:
    /// measure it, then draw it at a point or in a rectangle.
    public struct ResolvedText: Sendable {
        let text: Text
        let layout: TextLayout
        /// What the glyphs are painted with; settable, as in SwiftUI.
        public var shading: Shading

        /// The size the text needs, wrapped to `size.width` when it is finite.
        public func measure(in size: CGSize) -> CGSize {
            layoutFitting(width: size.width).size
        }

        /// The distance from the top of the text's box to its first baseline.
        public func firstBaseline(in size: CGSize) -> Double {
            layoutFitting(width: size.width).ascent
        }

        /// The distance from the top of the text's box to its last baseline.
        public func lastBaseline(in size: CGSize) -> Double {
            layoutFitting(width: size.width).lines.last?.baseline ?? 0
        }

        func layoutFitting(width: Double) -> TextLayout {
            guard width.isFinite, width > 0, width < layout.size.width else { return layout }
            return TextLayout(text.content, style: text.style, maxWidth: width)
        }
    }

    /// Shapes `text` now, for measuring and repeated drawing.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text: text, layout: TextLayout(text.content, style: text.style), shading: text.shading)
    }

    /// Draws `text` on one line per paragraph with its `anchor` point of its box at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Draws `text` wrapped to the width of `rect`, from its top-leading corner.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = text.layout.size
        let origin = CGPoint(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        drawGlyphs(text.layout, shading: text.shading, at: origin)
    }

    public func draw(_ text: ResolvedText, in rect: CGRect) {
        drawGlyphs(text.layoutFitting(width: rect.width), shading: text.shading, at: rect.origin)
    }

    /// Fills the layout's glyph outlines with the layout box's top-left corner at `origin`, and
    /// draws its colour glyphs (emoji) as pictures; a gradient shading is given in the text
    /// box's own coordinates.
    private func drawGlyphs(_ layout: TextLayout, shading: Shading, at origin: CGPoint) {
        var context = self
        context.translateBy(x: origin.x, y: origin.y)
        context.fill(layout.path, with: shading)
        context.drawColorGlyphs(of: layout)
    }

    /// Draws `layout`'s colour glyphs (emoji) that `include` accepts, as pictures in their
    /// places.
    public func drawColorGlyphs(
        of layout: TextLayout, where include: (TextLayout.PlacedGlyph) -> Bool = { _ in true }
    ) {
        for (placed, bitmap, rect) in layout.colorGlyphs where include(placed) {
            let image = ColorGlyphImages.image(bitmap, face: placed.face, glyph: placed.glyph)
            draw(Image(image), in: rect)
        }
    }
}
