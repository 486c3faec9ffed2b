import FlipbookGeometry
import Foundation

/// A shape's outline stroked into a shape of its own, as SwiftUI's `shape.stroke(_:)` and
/// `stroke(lineWidth:)` that return shapes (iOS 17): the area the line covers, to fill, trim,
/// transform or stroke again (see `Path.strokedPath(_:)`).
public struct StrokedShape<Content: Shape>: Shape {
    public var shape: Content
    public var style: StrokeStyle

    public init(shape: Content, style: StrokeStyle) {
        (self.shape, self.style) = (shape, style)
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).strokedPath(style)
    }

    /// The shape's numbers, and the line's width, as SwiftUI animates a stroke.
    public var animatableData: AnimatablePair<Content.AnimatableData, Double> {
        get { AnimatablePair(shape.animatableData, style.lineWidth) }
        set { (shape.animatableData, style.lineWidth) = (newValue.first, newValue.second) }
    }
}

extension Shape {
    public func stroke(_ style: StrokeStyle) -> StrokedShape<Self> {
        StrokedShape(shape: self, style: style)
    }

    public func stroke(lineWidth: Double = 1) -> StrokedShape<Self> {
        StrokedShape(shape: self, style: StrokeStyle(lineWidth: lineWidth))
    }
}
