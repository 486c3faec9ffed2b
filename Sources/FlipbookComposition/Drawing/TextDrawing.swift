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
        let counters = layer.counters.mapValues { VariableValue.number($0.value(at: time)) }
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

    /// Draws the text in `box`, lines aligned within it; `reveal` is the fraction of characters
    /// shown (a typewriter entrance). `prepared` is the `natural` layout when the box was
    /// measured from it; otherwise the text wraps at the box's own width, and shrinks to its
    /// height by `minimumScaleFactor` (plus a little, so that rounding cannot break a line the
    /// box was measured for).
    func draw(in context: inout GraphicsContext, box: CGRect, reveal: Double, prepared: TextLayout? = nil) {
        let layout = prepared ?? layout(wrappingAt: maxWidth ?? box.width + 0.5, height: box.height + 0.5)
        let shown = Int((reveal * Double(layout.characterCount)).rounded(.down))
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
        for (index, run) in layer.runs.enumerated() {
            let path = layout.path { $0.run == index && $0.character < shown }
            guard !path.isEmpty else { continue }
            let paint = run.paint ?? layer.paint
            textContext.fill(path, with: paint.shading(at: time, box: textBox, canvas: renderer.canvas))
        }
        textContext.drawColorGlyphs(of: layout) { $0.character < shown }
    }
}
