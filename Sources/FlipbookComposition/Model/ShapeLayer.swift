import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A shape filling the layer's box, filled and/or stroked with any paint.
public struct ShapeLayer: Sendable {
    public enum Kind: Sendable {
        case rect
        case roundedRect
        case circle
        case ellipse
        case capsule
        /// `points` tips; the inner vertices at `innerRadius` of the outer radius.
        case star(points: Int, innerRadius: Double)
        /// A regular polygon of `sides` sides.
        case polygon(sides: Int)
        /// SVG path data, mapped from `viewBox` to the box (in box points without one).
        case path(Path, viewBox: CGRect?)
    }

    /// The shape names written in files (`"shape"`).
    public static let kinds = [
        "rect", "roundedRect", "circle", "ellipse", "capsule", "star", "polygon", "path",
    ]

    public var kind: Kind
    public var cornerRadius: Animated<Length> = .constant(Length(0))
    public var fill: LayerPaint?
    public var stroke: LayerStroke?
    /// The visible part of the outline, 0…1 from its start (a line drawing itself on).
    public var trimStart: Animated<Double> = .constant(0)
    public var trimEnd: Animated<Double> = .constant(1)
}

/// An outline: paint, width and the line's caps, joins and dashes.
public struct LayerStroke: Sendable {
    public var paint: LayerPaint
    public var width: Animated<Double>
    public var style: StrokeStyle
}
