import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookTimeline
import Foundation

/// The lesson's loading wreath: bars around a circle, each more opaque than the one before;
/// turning in steps of one bar, as an activity indicator does.
public struct WreathScene: AnimatedScene {
    let bars: Int
    let radius: Double
    let barLength: Double
    let barWidth: Double
    let color: Color
    let stepsPerSecond: Double

    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> WreathScene
    {
        let scene = WreathScene(
            bars: try source.integer("bars", "number of bars", default: 12, in: 2...360),
            radius: try source.number(
                "radius", "distance from the centre to a bar's outer end, points", default: 80, in: 1...10_000
            ),
            barLength: try source.number("barLength", "bar length, points", default: 30, in: 0.1...10_000),
            barWidth: try source.number("barWidth", "bar width, points", default: 8, in: 0.1...10_000),
            color: try source.color("color", "the bars' colour", default: .blue),
            stepsPerSecond: try source.number(
                "stepsPerSecond", "bars the wreath turns by each second; 0 keeps it still", default: 12,
                in: 0...1000))
        try context.checkPaintedArea(
            shapes: scene.bars, area: scene.barLength * scene.barWidth, source, key: "bars")
        return scene
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        context.translateBy(x: size.width / 2, y: size.height / 2)
        let step = (time.seconds * stepsPerSecond).rounded(.down)
        for i in 0..<bars {
            var copy = context
            copy.rotate(by: .degrees((Double(i) + step) * 360 / Double(bars)))
            copy.opacity = Double(i + 1) / Double(bars)
            copy.fill(
                Path(CGRect(x: -barWidth / 2, y: -radius, width: barWidth, height: barLength)),
                with: .color(color))
        }
    }

    public var accessibilityLabel: String? { "A loading indicator: \(bars) bars turning in a circle." }
}
