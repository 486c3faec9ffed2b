import FlipbookGeometry
import Foundation

/// A shape moved by `offset`, as SwiftUI's `OffsetShape` (`shape.offset(x:y:)`).
public struct OffsetShape<Content: Shape>: Shape {
    public var shape: Content
    public var offset: CGSize

    public init(shape: Content, offset: CGSize) {
        (self.shape, self.offset) = (shape, offset)
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height)
    }

    public var animatableData: AnimatablePair<Content.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(shape.animatableData, offset.animatableData) }
        set { (shape.animatableData, offset.animatableData) = (newValue.first, newValue.second) }
    }
}

/// A shape turned by `angle` about its `anchor` in the rectangle it is laid out in, as SwiftUI's
/// `RotatedShape` (`shape.rotation(_:anchor:)`); positive angles turn clockwise on the y-down
/// canvas.
public struct RotatedShape<Content: Shape>: Shape {
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint

    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        (self.shape, self.angle, self.anchor) = (shape, angle, anchor)
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(
            CGAffineTransform(rotationAngle: angle.radians).fixing(anchor.point(in: rect)))
    }

    public var animatableData:
        AnimatablePair<Content.AnimatableData, AnimatablePair<Angle.AnimatableData, UnitPoint.AnimatableData>>
    {
        get {
            AnimatablePair(shape.animatableData, AnimatablePair(angle.animatableData, anchor.animatableData))
        }
        set {
            shape.animatableData = newValue.first
            (angle.animatableData, anchor.animatableData) = (newValue.second.first, newValue.second.second)
        }
    }
}

/// A shape scaled by `scale` about its `anchor` in the rectangle it is laid out in, as SwiftUI's
/// `ScaledShape` (`shape.scale(x:y:anchor:)`).
public struct ScaledShape<Content: Shape>: Shape {
    public var shape: Content
    public var scale: CGSize
    public var anchor: UnitPoint

    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) {
        (self.shape, self.scale, self.anchor) = (shape, scale, anchor)
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(
            CGAffineTransform(scaleX: scale.width, y: scale.height).fixing(anchor.point(in: rect)))
    }

    public var animatableData:
        AnimatablePair<
            Content.AnimatableData, AnimatablePair<CGSize.AnimatableData, UnitPoint.AnimatableData>
        >
    {
        get {
            AnimatablePair(shape.animatableData, AnimatablePair(scale.animatableData, anchor.animatableData))
        }
        set {
            shape.animatableData = newValue.first
            (scale.animatableData, anchor.animatableData) = (newValue.second.first, newValue.second.second)
        }
    }
}

/// A shape mapped through an affine `transform`, as SwiftUI's `TransformedShape`
/// (`shape.transform(_:)`).
public struct TransformedShape<Content: Shape>: Shape {
    public var shape: Content
    public var transform: CGAffineTransform

    public init(shape: Content, transform: CGAffineTransform) {
        (self.shape, self.transform) = (shape, transform)
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(transform)
    }

    public var animatableData: Content.AnimatableData {
        get { shape.animatableData }
        set { shape.animatableData = newValue }
    }
}

extension Shape {
    public func offset(_ offset: CGSize) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: offset)
    }

    public func offset(_ offset: CGPoint) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: offset.x, height: offset.y))
    }

    public func offset(x: Double = 0, y: Double = 0) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: x, height: y))
    }

    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    public func scale(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }

    public func scale(_ scale: Double, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }

    public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> {
        TransformedShape(shape: self, transform: transform)
    }
}

extension CGAffineTransform {
    /// This transform about `pivot` instead of the origin: `pivot` stays where it is.
    fileprivate func fixing(_ pivot: CGPoint) -> CGAffineTransform {
        CGAffineTransform(translationX: -pivot.x, y: -pivot.y).concatenating(self)
            .concatenating(CGAffineTransform(translationX: pivot.x, y: pivot.y))
    }
}
