import FlipbookCanvas
import FlipbookGeometry
import FlipbookText
import Foundation

/// A text layer at one moment: its runs filled in (variables, counters), shaped, wrapped and
/// aligned in the layer's box, each run painted with its own paint.
struct TextDrawing {
    let layer: TextLayer
    /// Where the layer is in the preset (`layers[2]`), or its name for a layer made in code:
    /// what the warnings about its text name.
    let path: String
    let renderer: LayerRenderer
    let time: Double
    /// The parent's box, which relative font sizes and widths refer to.
    let parent: CGSize

    /// A run as the layout sets it, with how it is drawn.
    private struct Piece {
        var run: TextLayout.Run
        var paint: LayerPaint
        /// Drawn only when active.
        var underline: Text.LineStyle?
        var strikethrough: Text.LineStyle?
    }

    /// The layer's runs filled in — or, on a layer showing its captions as styled, the pieces of
    /// the cues showing, each over the layer's style.
    private var pieces: [Piece] {
        let formatter = renderer.composition.formatter
        let cased = { (text: String) in layer.textCase?.applied(to: text, locale: formatter.locale) ?? text }
        if layer.stylesCaptions, let spans = layer.captionSpans(at: time) {
            return spans.map { span in
                let style = span.style
                var font = layer.font
                if style.italic { font.italic = true }
                if style.bold { font.weight = max(font.weight ?? 400, 700) }
                let paint = style.color.map { LayerPaint.color(.constant(Self.color($0))) } ?? layer.paint
                return piece(
                    cased(span.text), font: font, paint: paint, tracking: layer.letterSpacing,
                    // A cue's `<u>` in the layer's line style when it has one, else a plain line.
                    underline: style.underline && layer.underline?.isActive != true
                        ? .single : layer.underline,
                    strikethrough: layer.strikethrough)
            }
        }
        var counters = layer.counters.mapValues { VariableValue.number($0.value(at: time)) }
        if let caption = layer.caption(at: time) { counters[TextLayer.captionName] = .text(caption) }
        let variables = renderer.composition.variables
        return layer.runs.map { run in
            let filled = run.template.filled({ counters[$0] ?? variables[$0] }, formatter: formatter)
            return piece(
                cased(filled), font: layer.font.merged(with: run.font), paint: run.paint ?? layer.paint,
                tracking: run.letterSpacing ?? layer.letterSpacing,
                underline: run.underline ?? layer.underline,
                strikethrough: run.strikethrough ?? layer.strikethrough)
        }
    }

    /// An sRGB colour 0xRRGGBB, as `Color(hex:)` reads "#RRGGBB".
    private static func color(_ rgb: UInt32) -> Color {
        func channel(_ shift: UInt32) -> Double { Double(rgb >> shift & 0xFF) / 255 }
        return Color(red: channel(16), green: channel(8), blue: channel(0))
    }

    /// A run of `text` set in `font`, drawn with `paint` and the decorations asked for.
    private func piece(
        _ text: String, font: FontSpec, paint: LayerPaint, tracking: Double, underline: Text.LineStyle?,
        strikethrough: Text.LineStyle?
    ) -> Piece {
        let (descriptor, size) = font.resolved(extent: parent.height, canvas: renderer.canvas)
        return Piece(
            run: TextLayout.Run(
                text, style: TextLayout.Style(font: descriptor, size: size, tracking: tracking)),
            paint: paint, underline: underline, strikethrough: strikethrough)
    }

    private var maxWidth: Double? {
        layer.maxWidth.map { $0.points(extent: parent.width, canvas: renderer.canvas) }
    }

    /// The runs and settings the text is set by at this moment, wrapped at its own `maxWidth`.
    var measure: TextLayout.Request {
        TextLayout.Request(
            runs: pieces.map(\.run), maxWidth: maxWidth, alignment: layer.alignment,
            lineSpacing: layer.lineSpacing.points(extent: parent.height, canvas: renderer.canvas),
            lineLimit: layer.lineLimit, truncationMode: layer.truncationMode,
            minimumScaleFactor: layer.minimumScaleFactor, wrap: layer.wrap)
    }

    /// The box the text needs: as wide as `maxWidth` when set, else as its longest line.
    /// The text laid out at its own width (`maxWidth`, or unwrapped), and the box it needs:
    /// as wide as `maxWidth` when set, else as its longest line. `draw` takes the layout back,
    /// so a text is shaped once per frame.
    var natural: (layout: TextLayout, size: CGSize) {
        let layout = TextLayout(measure)
        return (layout, CGSize(width: maxWidth ?? layout.size.width, height: layout.size.height))
    }

    /// Entrances and exits that move a text's characters, words or lines one after another,
    /// at layer time `time`, `end` being the layer's end.
    struct UnitTransitions {
        var enter: [Transition]
        var exit: [Transition]
        var time: Double
        var end: Double?

        var isEmpty: Bool { enter.isEmpty && exit.isEmpty }

        /// Only those still moving (or yet to move): once all are done, or before any exit
        /// begins, the text is drawn whole again.
        var running: UnitTransitions {
            var running = self
            running.enter = enter.filter { $0.presence(at: time, exit: false, end: end) != 1 }
            running.exit = exit.filter { $0.presence(at: time, exit: true, end: end) != 1 }
            return running
        }
    }

    /// Draws the text in `box`, lines aligned within it across and from top to bottom
    /// (`verticalAlignment`); `reveal` is what typewriters show of it, `units` the transitions
    /// of its units. `prepared` is the `natural` layout when the box was measured from it;
    /// otherwise the text wraps at the box's own width, and shrinks to its height by
    /// `minimumScaleFactor` (plus a little, so that rounding cannot break a line the box was
    /// measured for). Warns about faces that stand in for the weight or style asked for, and
    /// about text that does not fit (`TextDrawing+Warnings`).
    /// Returns the layout drawn (`nil` between a captioned layer's cues).
    @discardableResult
    func draw(
        in context: inout GraphicsContext, box: CGRect, reveal: TextReveal, units: UnitTransitions,
        prepared: TextLayout? = nil
    ) -> TextLayout? {
        // A captioned layer shows nothing between its cues.
        if layer.captions != nil, layer.caption(at: time) == nil { return nil }
        let layout =
            prepared
            ?? TextLayout(measure.wrapping(at: maxWidth ?? box.width + 0.5, height: box.height + 0.5))
        warnAboutFaces(of: layout)
        warnIfNotFitting(layout)
        let width = layout.size.width
        let x: Double
        switch layer.alignment {
        case .leading: x = 0
        case .center: x = (box.width - width) / 2
        case .trailing: x = box.width - width
        }
        let y = layer.verticalAlignment.offset(
            height: layout.size.height, firstBaseline: layout.lines.first?.baseline ?? 0, in: box.height)
        var textContext = context
        textContext.translateBy(x: box.minX + x, y: box.minY + y)
        let textBox = CGRect(x: -x, y: -y, width: box.width, height: box.height)
        let units = units.running
        let glyphs = Self.glyphs(of: layout, shownBy: reveal)
        let pieces = self.pieces
        guard !units.isEmpty else {
            drawGlyphs(glyphs, of: layout, pieces: pieces, in: &textContext, box: textBox)
            return layout
        }
        // Characters in the same unit of every transition move together: one group each, its
        // glyphs gathered in one pass (a text moving by character has as many groups as glyphs).
        let transitions = units.enter.map { ($0, false) } + units.exit.map { ($0, true) }
        let divisions = transitions.map { TextUnits(layout, by: $0.0.unit) }
        var groups: [[Int]: [TextLayout.PlacedGlyph]] = [:]
        for glyph in glyphs {
            let group = divisions.map { $0.unitOfCharacter[glyph.character] ?? 0 }
            groups[group, default: []].append(glyph)
        }
        for (group, members) in groups.sorted(by: { $0.value[0].character < $1.value[0].character }) {
            var state = TransitionState()
            for ((transition, exit), (unit, division)) in zip(transitions, zip(group, divisions)) {
                state.add(
                    transition.unit(unit, of: division.count, exit: exit), exit: exit, time: units.time,
                    end: units.end, canvas: renderer.canvas)
            }
            guard state.opacity > 0 else { continue }
            let bounds = TextLayout.bounds(of: members)
            var unitContext = textContext
            unitContext.opacity *= state.opacity
            unitContext.translateBy(x: bounds.midX + state.offset.x, y: bounds.midY + state.offset.y)
            unitContext.scaleBy(x: state.scale, y: state.scale)
            unitContext.translateBy(x: -bounds.midX, y: -bounds.midY)
            if state.blur > 0 { unitContext.addFilter(.blur(radius: state.blur)) }
            drawGlyphs(members, of: layout, pieces: pieces, in: &unitContext, box: textBox)
        }
        return layout
    }

    /// The glyphs of `layout` that `reveal` shows: those of its first characters, words or
    /// lines.
    private static func glyphs(of layout: TextLayout, shownBy reveal: TextReveal) -> [TextLayout.PlacedGlyph]
    {
        let glyphs = layout.lines.flatMap(\.glyphs)
        switch reveal.unit {
        case .layer, .character:
            let shown = Int((reveal.fraction * Double(layout.characterCount)).rounded(.down))
            return glyphs.filter { $0.character < shown }
        case .word, .line:
            let units = TextUnits(layout, by: reveal.unit)
            let shown = Int((reveal.fraction * Double(units.count)).rounded(.down))
            return glyphs.filter { (units.unitOfCharacter[$0.character] ?? 0) < shown }
        }
    }

    /// Outlines the outline glyphs among `glyphs` (of `layout`) when the layer has a stroke,
    /// fills them, each piece's with its paint laid across `box`, draws the colour glyphs among
    /// them, and the pieces' underlines and strikethroughs under and through them.
    private func drawGlyphs(
        _ glyphs: [TextLayout.PlacedGlyph], of layout: TextLayout, pieces: [Piece],
        in context: inout GraphicsContext, box: CGRect
    ) {
        let shadings = pieces.map { $0.paint.shading(at: time, box: box, canvas: renderer.canvas) }
        if let stroke = layer.stroke {
            // Under the letters, so the outline grows them outwards and leaves their shapes.
            var style = stroke.style
            style.lineWidth = stroke.width.value(at: time)
            // Glyph by glyph, through the rasterizer's glyph cache.
            let outlines = TextLayout.glyphRun(of: glyphs)
            if style.lineWidth > 0, !outlines.path.isEmpty {
                context.stroke(
                    outlines, with: stroke.paint.shading(at: time, box: box, canvas: renderer.canvas),
                    style: style)
            }
        }
        for index in pieces.indices {
            let run = TextLayout.glyphRun(of: glyphs.lazy.filter { $0.run == index })
            guard !run.path.isEmpty else { continue }
            context.fill(run, with: shadings[index])
        }
        context.drawColorGlyphs(glyphs)
        // Each piece's active lines.
        let decorated = pieces.map { piece in
            [(piece.underline, TextDecoration.underline), (piece.strikethrough, .strikethrough)].compactMap {
                (style, decoration) -> (Text.LineStyle, TextDecoration)? in
                guard let style, style.isActive else { return nil }
                return (style, decoration)
            }
        }
        guard decorated.contains(where: { !$0.isEmpty }) else { return }
        let shown = Set(glyphs.map(\.character))
        for span in layout.runSpans(where: { shown.contains($0.character) }) {
            for (style, decoration) in decorated[span.run] {
                let shading = style.color.map { GraphicsContext.Shading.color($0) } ?? shadings[span.run]
                context.draw(decoration, of: span, with: shading, dashes: style.pattern.dashes)
            }
        }
    }
}
