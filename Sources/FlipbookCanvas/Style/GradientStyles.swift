import FlipbookGeometry
import Foundation

/// A paint given relative to the shape it fills, as SwiftUI's `ShapeStyle`: gradients placed
/// with `UnitPoint`s resolve against the bounding box of the path drawn.
public protocol ShapeStyle: Sendable {
    /// The shading for a shape whose bounding box is `rect`.
    func shading(in rect: CGRect) -> GraphicsContext.Shading
}

extension Color: ShapeStyle {
    public func shading(in rect: CGRect) -> GraphicsContext.Shading { .color(self) }
}

extension UnitPoint {
    func point(in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
    }
}

/// SwiftUI's `LinearGradient`: from `startPoint` to `endPoint` of the shape's box.
public struct LinearGradient: ShapeStyle {
    public var gradient: Gradient
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        (self.gradient, self.startPoint, self.endPoint) = (gradient, startPoint, endPoint)
    }

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    public func shading(in rect: CGRect) -> GraphicsContext.Shading {
        .linearGradient(gradient, startPoint: startPoint.point(in: rect), endPoint: endPoint.point(in: rect))
    }
}

/// SwiftUI's `RadialGradient`: circles about `center` of the shape's box, radii in points.
public struct RadialGradient: ShapeStyle {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startRadius: Double
    public var endRadius: Double

    public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
        (self.gradient, self.center, self.startRadius, self.endRadius) = (
            gradient, center, startRadius, endRadius
        )
    }

    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(
            gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius
        )
    }

    public func shading(in rect: CGRect) -> GraphicsContext.Shading {
        .radialGradient(
            gradient, center: center.point(in: rect), startRadius: startRadius, endRadius: endRadius)
    }
}

/// SwiftUI's `AngularGradient`: around `center` of the shape's box, from `startAngle` to
/// `endAngle` (a full turn by default).
public struct AngularGradient: ShapeStyle {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startAngle: Angle
    public var endAngle: Angle

    public init(
        gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)
    ) {
        (self.gradient, self.center, self.startAngle, self.endAngle) = (
            gradient, center, startAngle, endAngle
        )
    }

    public init(
        colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)
    ) {
        self.init(
            gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public func shading(in rect: CGRect) -> GraphicsContext.Shading {
        .angularGradient(gradient, center: center.point(in: rect), startAngle: startAngle, endAngle: endAngle)
    }
}

extension GraphicsContext.Shading {
    /// Any shape style, resolved against `rect` (SwiftUI's `.style(_:)`; `fill(_:with:)` with a
    /// `ShapeStyle` resolves against the path's own box).
    public static func style(_ style: some ShapeStyle, in rect: CGRect = .zero) -> Self {
        style.shading(in: rect)
    }
}

extension GraphicsContext {
    /// Fills `path` with a shape style placed in the path's bounding box.
    public func fill(_ path: Path, with style: some ShapeStyle, style fillStyle: FillStyle = FillStyle()) {
        fill(path, with: style.shading(in: path.boundingRect), style: fillStyle)
    }

    /// Strokes `path` with a shape style placed in the path's bounding box — the spirograph's
    /// `.stroke(AngularGradient(colors: …, center: .center), lineWidth: 2)`.
    public func stroke(_ path: Path, with style: some ShapeStyle, lineWidth: Double = 1) {
        stroke(path, with: style.shading(in: path.boundingRect), lineWidth: lineWidth)
    }

    public func stroke(_ path: Path, with style: some ShapeStyle, style strokeStyle: StrokeStyle) {
        stroke(path, with: style.shading(in: path.boundingRect), style: strokeStyle)
    }
}

extension GraphicsContext {
    /// Fills `shape` laid out in `rect` with a shape style resolved against `rect`, as a SwiftUI
    /// shape view's `.fill(style)` in a frame of that size.
    public func fill(_ shape: some Shape, in rect: CGRect, with style: some ShapeStyle) {
        fill(shape.path(in: rect), with: style.shading(in: rect))
    }

    /// Strokes `shape` laid out in `rect` with a shape style resolved against `rect`, as a
    /// SwiftUI shape view's `.stroke(style, lineWidth:)`.
    public func stroke(
        _ shape: some Shape, in rect: CGRect, with style: some ShapeStyle, lineWidth: Double = 1
    ) {
        stroke(shape.path(in: rect), with: style.shading(in: rect), lineWidth: lineWidth)
    }
}
