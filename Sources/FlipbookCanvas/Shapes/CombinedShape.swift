import FlipbookGeometry
import Foundation

/// Two shapes, laid out in the same rectangle, combined by a set operation on their regions (or
/// on the first one's lines), as SwiftUI's `shape.union(_:eoFill:)`, `intersection`,
/// `subtracting`, `symmetricDifference`, `lineIntersection` and `lineSubtraction` (iOS 17). See
/// `Path.union(_:eoFill:)` for how the outlines are combined.
public struct CombinedShape<First: Shape, Second: Shape>: Shape {
    public enum Operation: Hashable, Sendable {
        case union, intersection, subtracting, symmetricDifference, lineIntersection, lineSubtraction
    }

    public var first: First
    public var second: Second
    public var operation: Operation
    /// Whether the inputs are read by the even-odd rule (else non-zero).
    public var eoFill: Bool

    public init(_ first: First, _ operation: Operation, _ second: Second, eoFill: Bool = false) {
        (self.first, self.operation, self.second, self.eoFill) = (first, operation, second, eoFill)
    }

    public func path(in rect: CGRect) -> Path {
        let (a, b) = (first.path(in: rect), second.path(in: rect))
        switch operation {
        case .union: return a.union(b, eoFill: eoFill)
        case .intersection: return a.intersection(b, eoFill: eoFill)
        case .subtracting: return a.subtracting(b, eoFill: eoFill)
        case .symmetricDifference: return a.symmetricDifference(b, eoFill: eoFill)
        case .lineIntersection: return a.lineIntersection(b, eoFill: eoFill)
        case .lineSubtraction: return a.lineSubtraction(b, eoFill: eoFill)
        }
    }

    public var animatableData: AnimatablePair<First.AnimatableData, Second.AnimatableData> {
        get { AnimatablePair(first.animatableData, second.animatableData) }
        set { (first.animatableData, second.animatableData) = (newValue.first, newValue.second) }
    }
}

extension Shape {
    public func union<Other: Shape>(_ other: Other, eoFill: Bool = false) -> CombinedShape<Self, Other> {
        CombinedShape(self, .union, other, eoFill: eoFill)
    }

    public func intersection<Other: Shape>(_ other: Other, eoFill: Bool = false) -> CombinedShape<Self, Other>
    {
        CombinedShape(self, .intersection, other, eoFill: eoFill)
    }

    public func subtracting<Other: Shape>(_ other: Other, eoFill: Bool = false) -> CombinedShape<Self, Other>
    {
        CombinedShape(self, .subtracting, other, eoFill: eoFill)
    }

    public func symmetricDifference<Other: Shape>(_ other: Other, eoFill: Bool = false) -> CombinedShape<
        Self, Other
    > {
        CombinedShape(self, .symmetricDifference, other, eoFill: eoFill)
    }

    public func lineIntersection<Other: Shape>(_ other: Other, eoFill: Bool = false) -> CombinedShape<
        Self, Other
    > {
        CombinedShape(self, .lineIntersection, other, eoFill: eoFill)
    }

    public func lineSubtraction<Other: Shape>(_ other: Other, eoFill: Bool = false) -> CombinedShape<
        Self, Other
    > {
        CombinedShape(self, .lineSubtraction, other, eoFill: eoFill)
    }
}
