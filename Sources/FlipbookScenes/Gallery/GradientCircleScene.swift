import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookTimeline
import Foundation

/// The lesson's gradient circle: a disc filled with a linear gradient corner to corner — here
/// the gradient's direction turns slowly.
public struct GradientCircleScene: AnimatedScene {
    let colors: [Color]
    let inset: Double
    let turnsPerSecond: Double

    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> GradientCircleScene
    {
        GradientCircleScene(
            colors: try source.colors("colors", "the gradient's colours", default: [.indigo, .cyan]),
            inset: try source.number("inset", "margin around the disc, points", default: 12, in: 0...10_000),
            turnsPerSecond: try source.number(
                "turnsPerSecond", "how fast the gradient's direction turns; 0 keeps the lesson's diagonal",
                default: 0.25,
                in: -100...100))
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let side = min(size.width, size.height) - 2 * inset
        guard side > 0 else { return }
        let rect = CGRect(x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
        let angle = Double.pi / 4 + time.seconds * turnsPerSecond * 2 * Double.pi
        let (dx, dy) = (cos(angle) * side / 2 * 2.squareRoot(), sin(angle) * side / 2 * 2.squareRoot())
        context.fill(
            Path(ellipseIn: rect),
            with: .linearGradient(
                Gradient(colors: colors), startPoint: CGPoint(x: rect.midX - dx, y: rect.midY - dy),
                endPoint: CGPoint(x: rect.midX + dx, y: rect.midY + dy)))
    }

    public var accessibilityLabel: String? { "A circle filled with a turning colour gradient." }
}
