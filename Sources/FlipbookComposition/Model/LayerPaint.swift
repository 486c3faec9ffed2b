import FlipbookCanvas
import Foundation

/// What a shape or text is painted with: a (keyframable) colour, or a gradient laid across the
/// layer's box.
public enum LayerPaint: Hashable, Sendable {
    case color(Animated<Color>)
    case linear(stops: [Gradient.Stop], start: UnitPoint, end: UnitPoint)
    case radial(stops: [Gradient.Stop], center: UnitPoint, startRadius: Length, endRadius: Length)
    case angular(stops: [Gradient.Stop], center: UnitPoint, angle: Double)

    /// The kinds of gradient written in files.
    public static let gradientKinds = ["linear", "radial", "angular"]

    /// The shading at layer time `time` for a layer whose box is `box`.
    func shading(at time: Double, box: CGRect, canvas: CGSize) -> GraphicsContext.Shading {
        func point(_ unit: UnitPoint) -> CGPoint {
            CGPoint(x: box.minX + unit.x * box.width, y: box.minY + unit.y * box.height)
        }
        switch self {
        case .color(let color):
            return .color(color.value(at: time))
        case .linear(let stops, let start, let end):
            return .linearGradient(Gradient(stops: stops), startPoint: point(start), endPoint: point(end))
        case .radial(let stops, let center, let startRadius, let endRadius):
            let extent = min(box.width, box.height)
            return .radialGradient(
                Gradient(stops: stops), center: point(center),
                startRadius: startRadius.points(extent: extent, canvas: canvas),
                endRadius: endRadius.points(extent: extent, canvas: canvas))
        case .angular(let stops, let center, let angle):
            return .conicGradient(Gradient(stops: stops), center: point(center), angle: .degrees(angle))
        }
    }

    /// Whether the paint is the same at every time.
    var isConstant: Bool {
        if case .color(let color) = self { return color.isConstant }
        return true
    }
}
