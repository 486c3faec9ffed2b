import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookTimeline
import Foundation

/// The lesson's triangle: an orange-gradient triangle with an indigo outline, its inset
/// animating back and forth with an easing curve, as the slider and `.animation(.easeInOut)`
/// would.
public struct TriangleScene: AnimatedScene {
    let insetFrom: Double
    let insetTo: Double
    let period: Double
    let fill: Color
    let stroke: Color
    let lineWidth: Double

    static func read(_ source: inout any ParameterSource, context: SceneCatalog.DecodingContext)
        throws(PresetError) -> TriangleScene
    {
        TriangleScene(
            insetFrom: try source.number(
                "insetFrom", "inset at the start, points", default: 20, in: 0...10_000),
            insetTo: try source.number(
                "insetTo", "inset half way through each cycle, points", default: 80, in: 0...10_000),
            period: try source.number(
                "period", "seconds for one there-and-back cycle", default: 2, in: 0.01...86_400),
            fill: try source.color("fill", "fill colour (drawn as its gradient)", default: .orange),
            stroke: try source.color("stroke", "outline colour", default: .indigo),
            lineWidth: try source.number("lineWidth", "outline width, points", default: 8, in: 0...1000))
    }

    /// The lesson's shape, as the lesson writes it (the ported lesson in the examples' tests
    /// draws with this one).
    package struct Triangle: Shape {
        package init() {}

        package func path(in rect: CGRect) -> Path {
            var path = Path()
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
            return path
        }
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let cycle = (time.seconds / period).truncatingRemainder(dividingBy: 1)
        let there = cycle < 0.5
        let eased = Animation.easeInOut(duration: period / 2).progress(
            at: (there ? cycle : cycle - 0.5) * period)
        let inset =
            there ? insetFrom + (insetTo - insetFrom) * eased : insetTo + (insetFrom - insetTo) * eased
        let side = min(size.width, size.height)
        let square = CGRect(
            x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
        let frame = square.insetBy(dx: min(inset, side / 2 - 1), dy: min(inset, side / 2 - 1))
        context.fill(
            Triangle(), in: frame,
            with: LinearGradient(gradient: fill.gradient, startPoint: .top, endPoint: .bottom))
        context.stroke(Triangle(), in: frame, with: .color(stroke), lineWidth: lineWidth)
    }

    public var accessibilityLabel: String? { "An orange triangle that grows and shrinks." }
}
