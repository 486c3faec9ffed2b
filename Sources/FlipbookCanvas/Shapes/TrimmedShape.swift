import FlipbookGeometry
import Foundation

/// The part of a shape's outline between two fractions of its length, as SwiftUI's
/// `shape.trim(from:to:)` (see `Path.trimmedPath(from:to:)`): a line that draws itself on.
public struct TrimmedShape<Content: Shape>: Shape {
    public var shape: Content
    public var startFraction: Double
    public var endFraction: Double

    public init(shape: Content, startFraction: Double = 0, endFraction: Double = 1) {
        (self.shape, self.startFraction, self.endFraction) = (shape, startFraction, endFraction)
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction)
    }

    public var animatableData: AnimatablePair<Content.AnimatableData, AnimatablePair<Double, Double>> {
        get { AnimatablePair(shape.animatableData, AnimatablePair(startFraction, endFraction)) }
        set {
            shape.animatableData = newValue.first
            (startFraction, endFraction) = (newValue.second.first, newValue.second.second)
        }
    }
}

extension Shape {
    public func trim(from startFraction: Double = 0, to endFraction: Double = 1) -> TrimmedShape<Self> {
        TrimmedShape(shape: self, startFraction: startFraction, endFraction: endFraction)
    }
}
