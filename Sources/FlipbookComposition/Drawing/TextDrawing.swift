import FlipbookCanvas
import FlipbookGeometry
import FlipbookText
import Foundation

/// A text layer at one moment: its runs filled in (variables, counters), shaped, wrapped and
/// aligned in the layer's box, each run painted with its own paint.
struct TextDrawing {
    let layer: TextLayer
    let renderer: LayerRenderer
    let time: Double
    /// The parent's box, which relative font sizes and widths refer to.
    let parent: CGSize

    /// The runs as the layout sets them.
    private var runs: [TextLayout.Run] {
        let canvas = renderer.canvas
        var counters = layer.counters.mapValues { VariableValue.number($0.value(at: time)) }
        if let caption = layer.caption(at: time) { counters[TextLayer.captionName] = .text(caption) }
        let variables = renderer.composition.variables
        return layer.runs.map { run in
            let formatter = renderer.composition.formatter
            let filled = run.template.filled({ counters[$0] ?? variables[$0] }, formatter: formatter)
            let text = layer.textCase?.applied(to: filled, locale: formatter.locale) ?? filled
            let (descriptor, size) = layer.font.merged(with: run.font).resolved(
                extent: parent.height, canvas: canvas)
            return TextLayout.Run(
                text,
                style: TextLayout.Style(
                    font: descriptor, size: size, tracking: run.letterSpacing ?? layer.letterSpacing))
        }
    }

    private var maxWidth: Double? {
        layer.maxWidth.map { $0.points(extent: parent.width, canvas: renderer.canvas) }
    }

    private func layout(wrappingAt width: Double?, height: Double? = nil) -> TextLayout {
        TextLayout(
            runs: runs, maxWidth: width, alignment: layer.alignment,
            lineSpacing: layer.lineSpacing.points(extent: parent.height, canvas: renderer.canvas),
            lineLimit: layer.lineLimit, truncationMode: layer.truncationMode,
            minimumScaleFactor: layer.minimumScaleFactor, maxHeight: height)
    }

    /// The box the text needs: as wide as `maxWidth` when set, else as its longest line.
    /// The text laid out at its own width (`maxWidth`, or unwrapped), and the box it needs:
    /// as wide as `maxWidth` when set, else as its longest line. `draw` takes the layout back,
    /// so a text is shaped once per frame.
    var natural: (layout: TextLayout, size: CGSize) {
        let layout = layout(wrappingAt: maxWidth)
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

    /// Draws the text in `box`, lines aligned within it; `reveal` is what typewriters show of
    /// it, `units` the transitions of its units. `prepared` is the
    /// `natural` layout when the box was measured from it; otherwise the text wraps at the
    /// box's own width, and shrinks to its height by `minimumScaleFactor` (plus a little, so
    /// that rounding cannot break a line the box was measured for).
    func draw(
        in context: inout GraphicsContext, box: CGRect, reveal: TextReveal, units: UnitTransitions,
        prepared: TextLayout? = nil
    ) {
        // A captioned layer shows nothing between its cues.
        if layer.captions != nil, layer.caption(at: time) == nil { return }
        let layout = prepared ?? layout(wrappingAt: maxWidth ?? box.width + 0.5, height: box.height + 0.5)
        let width = layout.size.width
        let x: Double
        switch layer.alignment {
        case .leading: x = 0
        case .center: x = (box.width - width) / 2
        case .trailing: x = box.width - width
        }
        var textContext = context
        textContext.translateBy(x: box.minX + x, y: box.minY)
        let textBox = CGRect(x: -x, y: 0, width: box.width, height: box.height)
        let units = units.running
        let glyphs = Self.glyphs(of: layout, shownBy: reveal)
        guard !units.isEmpty else { return drawGlyphs(glyphs, in: &textContext, box: textBox) }
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
            let bounds = TextLayout.path(of: members).boundingRect
            var unitContext = textContext
            unitContext.opacity *= state.opacity
            unitContext.translateBy(x: bounds.midX + state.offset.x, y: bounds.midY + state.offset.y)
            unitContext.scaleBy(x: state.scale, y: state.scale)
            unitContext.translateBy(x: -bounds.midX, y: -bounds.midY)
            if state.blur > 0 { unitContext.addFilter(.blur(radius: state.blur)) }
            drawGlyphs(members, in: &unitContext, box: textBox)
        }
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

    /// Fills the outline glyphs among `glyphs`, each run's with its paint laid across `box`,
    /// and draws the colour glyphs among them.
    private func drawGlyphs(
        _ glyphs: [TextLayout.PlacedGlyph], in context: inout GraphicsContext, box: CGRect
    ) {
        for (index, run) in layer.runs.enumerated() {
            let path = TextLayout.path(of: glyphs.lazy.filter { $0.run == index })
            guard !path.isEmpty else { continue }
            let paint = run.paint ?? layer.paint
            context.fill(path, with: paint.shading(at: time, box: box, canvas: renderer.canvas))
        }
        context.drawColorGlyphs(glyphs)
    }
}
