import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookTimeline
import Foundation

/// The lesson's badges: one canvas symbol (a star on a coloured disc) stamped in a grid, each
/// popping in a little after the one before.
public struct BadgesScene: AnimatedScene {
    let columns: Int
    let rows: Int
    let spacing: Double
    let badgeSize: Double
    let label: String
    let discColor: Color
    let labelColor: Color
    let stagger: Double

    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> BadgesScene
    {
        let scene = BadgesScene(
            columns: try source.integer("columns", "badges per row", default: 5, in: 1...200),
            rows: try source.integer("rows", "rows of badges", default: 2, in: 1...200),
            spacing: try source.number(
                "spacing", "distance between badge centres, points", default: 60, in: 1...10_000),
            badgeSize: try source.number("size", "badge diameter, points", default: 50, in: 1...10_000),
            label: try source.text("label", "the text on each badge (default ★)") ?? "★",
            discColor: try source.color("discColor", "the disc's colour", default: .yellow),
            labelColor: try source.color("labelColor", "the label's colour", default: .black),
            stagger: try source.number(
                "stagger", "seconds between one badge appearing and the next", default: 0.1, in: 0...60))
        try context.checkPaintedArea(
            shapes: scene.columns * scene.rows, area: scene.badgeSize * scene.badgeSize, source, key: "size")
        return scene
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let (discColor, labelColor, label) = (discColor, labelColor, label)
        let canvas = Canvas { context, size in
            guard let badge = context.resolveSymbol(id: "badge") else { return }
            let left = size.width / 2 - Double(columns - 1) * spacing / 2
            let top = size.height / 2 - Double(rows - 1) * spacing / 2
            for i in 0..<(columns * rows) {
                let appear = Animation.spring(response: 0.4, dampingFraction: 0.6)
                    .progress(at: time.seconds - Double(i) * stagger)
                guard appear > 0 else { continue }
                var copy = context
                copy.translateBy(
                    x: left + Double(i % columns) * spacing, y: top + Double(i / columns) * spacing)
                copy.scaleBy(x: appear, y: appear)
                copy.draw(badge, at: .zero)
            }
        } symbols: {
            CanvasSymbol(id: "badge", size: CGSize(width: badgeSize, height: badgeSize)) { context, size in
                context.fill(Circle(), in: CGRect(origin: .zero, size: size), with: .color(discColor))
                context.draw(
                    Text(label).font(.system(size: size.height * 0.5)).foregroundStyle(labelColor),
                    at: CGPoint(x: size.width / 2, y: size.height / 2))
            }
        }
        canvas.draw(in: &context, size: size)
    }

    public var accessibilityLabel: String? { "\(columns * rows) badges popping in one after another." }
}
