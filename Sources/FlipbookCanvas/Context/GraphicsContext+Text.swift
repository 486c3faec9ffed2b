import FlipbookGeometry
import FlipbookText
import Foundation

extension GraphicsContext {
    /// Text formatted and shaped once and drawn many times, as SwiftUI's
    /// `GraphicsContext.ResolvedText`: measure it, then draw it at a point or in a rectangle.
    ///
    /// **Where a gradient goes.** Shading — the pieces' own `foregroundStyle` and `shading`
    /// here — is placed in the text's own box: (0, 0) is the top-leading corner of the laid-out
    /// text, wherever it is drawn, so a gradient from (0, 0) to (`measure(in:).width`, 0) spans
    /// the text exactly and moves with it.
    public struct ResolvedText: Sendable {
        let runs: [TextLayout.Run]
        let attributes: [Text.Attributes]
        let alignment: TextAlignment
        let lineSpacing: Double
        let lineLimit: Int?
        let truncationMode: Text.TruncationMode
        let minimumScaleFactor: Double
        /// The text laid out on unwrapped lines.
        let layout: TextLayout
        /// What the pieces without a `foregroundStyle` of their own are painted with (the
        /// context's foreground style unless set); settable, as in SwiftUI.
        public var shading: Shading

        init(_ text: Text, environment: EnvironmentValues, shading: Shading) {
            let textCase = text.textCase ?? environment.textCase
            runs = text.segments.map {
                let string = $0.content.string(in: environment)
                return TextLayout.Run(
                    textCase?.applied(to: string, locale: environment.locale) ?? string,
                    style: $0.attributes.style)
            }
            attributes = text.segments.map(\.attributes)
            alignment = text.alignment ?? environment.multilineTextAlignment
            lineSpacing = text.lineSpacing ?? environment.lineSpacing
            lineLimit = text.lineLimit ?? environment.lineLimit
            truncationMode = text.truncationMode ?? environment.truncationMode
            minimumScaleFactor = text.minimumScaleFactor ?? environment.minimumScaleFactor
            layout = TextLayout(
                runs: runs, alignment: alignment.layoutAlignment, lineSpacing: lineSpacing,
                lineLimit: lineLimit, truncationMode: truncationMode, minimumScaleFactor: minimumScaleFactor)
            self.shading = shading
        }

        /// The characters as drawn: every piece formatted for this context (its locale, time
        /// zone and frame date). Flipbook's addition, for checks and captions.
        public var string: String { runs.map(\.text).joined() }

        /// The size the text needs, wrapped to `size.width` when it is finite: exactly the box
        /// that `draw(_:in:)` fills from its rectangle's top-leading corner.
        public func measure(in size: CGSize) -> CGSize {
            layoutFitting(width: size.width, height: size.height).size
        }

        /// The distance from the top of the text's box to its first baseline.
        public func firstBaseline(in size: CGSize) -> Double {
            layoutFitting(width: size.width).lines.first?.baseline ?? 0
        }

        /// The distance from the top of the text's box to its last baseline.
        public func lastBaseline(in size: CGSize) -> Double {
            layoutFitting(width: size.width).lines.last?.baseline ?? 0
        }

        /// The layout wrapped to `width` when the text is wider — or, under a line limit or a
        /// minimum scale factor, always, so that it is cut or set smaller to fit `width` (and,
        /// with the factor, `height`).
        func layoutFitting(width: Double, height: Double = .infinity) -> TextLayout {
            let fitted = lineLimit != nil || minimumScaleFactor < 1
            guard width.isFinite, width > 0, width < layout.size.width || fitted else { return layout }
            return TextLayout(
                runs: runs, maxWidth: width, alignment: alignment.layoutAlignment, lineSpacing: lineSpacing,
                lineLimit: lineLimit, truncationMode: truncationMode, minimumScaleFactor: minimumScaleFactor,
                maxHeight: height)
        }
    }

    /// Formats (from the frame's date, in the context's locale) and shapes `text` now, for
    /// measuring and repeated drawing.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text, environment: environment, shading: foregroundShading)
    }

    /// Draws `text` on one line per paragraph with its `anchor` point of its box at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }

    /// Draws `text` wrapped to the width of `rect`, from its top edge, each line aligned
    /// within the rectangle's width by the text's alignment.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(resolve(text), in: rect)
    }

    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = text.layout.size
        let origin = CGPoint(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        drawGlyphs(text, layout: text.layout, at: origin)
    }

    public func draw(_ text: ResolvedText, in rect: CGRect) {
        let layout = text.layoutFitting(width: rect.width, height: rect.height)
        let spare = rect.width.isFinite ? max(0, rect.width - layout.size.width) : 0
        drawGlyphs(
            text, layout: layout, at: CGPoint(x: rect.minX + spare * text.alignment.fraction, y: rect.minY))
    }

    /// Strokes the outlines of `text`'s glyphs, placed as `draw(_:at:anchor:)` places them, with
    /// `shading` and `style`, glyph by glyph through the rasterizer's glyph cache: an outline
    /// around every letter (colour glyphs and decorations are not outlined).
    package func stroke(
        _ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center, with shading: Shading,
        style: StrokeStyle
    ) {
        let size = text.layout.size
        var context = self
        context.translateBy(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        context.stroke(text.layout.glyphRun, with: shading, style: style)
    }

    /// Fills each piece's glyph outlines in its shading, draws the colour glyphs (emoji) as
    /// pictures and the underlines and strikethroughs, with the layout box's top-left corner
    /// at `origin`.
    private func drawGlyphs(_ text: ResolvedText, layout: TextLayout, at origin: CGPoint) {
        var context = self
        context.translateBy(x: origin.x, y: origin.y)
        let shadings = text.attributes.map { $0.shading ?? text.shading }
        // Pieces that share a shading are filled together: one fill of the layout's own path
        // (built once, with the layout) for text in one style.
        var distinct: [Shading] = []
        for shading in shadings where !distinct.contains(shading) { distinct.append(shading) }
        if distinct.count == 1 {
            context.fill(layout.glyphRun, with: distinct[0])
        } else {
            for shading in distinct {
                context.fill(layout.glyphRun { shadings[$0.run] == shading }, with: shading)
            }
        }
        context.drawColorGlyphs(of: layout)
        context.drawDecorations(of: layout, attributes: text.attributes, shadings: shadings)
    }

    /// Underlines and strikethroughs, run by run and line by line, at the font's positions.
    private func drawDecorations(of layout: TextLayout, attributes: [Text.Attributes], shadings: [Shading]) {
        guard
            attributes.contains(where: {
                $0.underline?.isActive == true || $0.strikethrough?.isActive == true
            })
        else { return }
        for span in layout.runSpans() {
            let pieces = [
                (attributes[span.run].underline, TextDecoration.underline),
                (attributes[span.run].strikethrough, .strikethrough),
            ]
            for (style, decoration) in pieces {
                guard let style, style.isActive else { continue }
                draw(
                    decoration, of: span, with: style.color.map { Shading.color($0) } ?? shadings[span.run],
                    dashes: style.pattern.dashes)
            }
        }
    }

    /// Draws a line under or through `span` (a run's stretch on one line) at its face's
    /// position and thickness, in `shading`; `dashes` are in multiples of the thickness.
    package func draw(
        _ decoration: TextDecoration, of span: TextLayout.RunSpan, with shading: Shading,
        dashes: [Double] = []
    ) {
        let scale = span.size / span.face.unitsPerEm
        let metrics = decoration == .underline ? span.face.underline : span.face.strikethrough
        let thickness = max(metrics.thickness * scale, 0.5)
        let y = span.baseline - metrics.offset * scale
        var line = Path()
        line.move(to: CGPoint(x: span.minX, y: y))
        line.addLine(to: CGPoint(x: span.maxX, y: y))
        stroke(
            line, with: shading, style: StrokeStyle(lineWidth: thickness, dash: dashes.map { $0 * thickness })
        )
    }

    /// Draws `layout`'s colour glyphs (emoji) that `include` accepts, as pictures in their
    /// places.
    package func drawColorGlyphs(
        of layout: TextLayout, where include: (TextLayout.PlacedGlyph) -> Bool = { _ in true }
    ) {
        drawColorGlyphs(layout.lines.lazy.flatMap(\.glyphs).filter(include))
    }

    /// Draws the colour glyphs (emoji) among `glyphs`, placed glyphs of a layout, as pictures in
    /// their places.
    package func drawColorGlyphs(_ glyphs: some Sequence<TextLayout.PlacedGlyph>) {
        for (placed, bitmap, rect) in TextLayout.colorGlyphs(of: glyphs) {
            let image = ColorGlyphImages.image(bitmap, face: placed.face, glyph: placed.glyph)
            draw(Image(image), in: rect)
        }
    }
}
