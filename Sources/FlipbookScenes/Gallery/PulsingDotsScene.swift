import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookTimeline
import Foundation

/// The lesson's pulsing dots: a row of dots whose radii breathe on a sine wave, each a little
/// later than the one before.
public struct PulsingDotsScene: AnimatedScene {
    let count: Int
    let spacing: Double
    let radius: Double
    let amplitude: Double
    let speed: Double
    let phaseStep: Double
    let color: Color

    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> PulsingDotsScene
    {
        let scene = PulsingDotsScene(
            count: try source.integer("count", "number of dots", default: 5, in: 1...1000),
            spacing: try source.number(
                "spacing", "distance between dot centres, points", default: 40, in: 0...10_000),
            radius: try source.number("radius", "mean radius, points", default: 10, in: 0...10_000),
            amplitude: try source.number(
                "amplitude", "how far the radius swings, points", default: 6, in: 0...10_000),
            speed: try source.number("speed", "radians per second of the pulse", default: 3, in: 0...1000),
            phaseStep: try source.number(
                "phaseStep", "radians each dot lags the one before", default: 0.6, in: -100...100),
            color: try source.color("color", "the dots' colour", default: .indigo))
        try context.checkPaintedArea(
            shapes: scene.count,
            area: (2 * (scene.radius + scene.amplitude)) * (2 * (scene.radius + scene.amplitude)), source,
            key: "count")
        return scene
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        for i in 0..<count {
            let phase = time.seconds * speed + Double(i) * phaseStep
            let r = max(0, radius + sin(phase) * amplitude)
            let x = size.width / 2 + (Double(i) - Double(count - 1) / 2) * spacing
            context.fill(
                Path(ellipseIn: CGRect(x: x - r, y: size.height / 2 - r, width: r * 2, height: r * 2)),
                with: .color(color))
        }
    }

    public var accessibilityLabel: String? { "\(count) dots pulsing one after another." }
}
