import FlipbookGeometry
import Foundation

/// A rectangle whose corners each have their own radius, as SwiftUI's `UnevenRoundedRectangle`
/// (see `Path.addRoundedRect(in:cornerRadii:style:transform:)` for radii too large to fit).
public struct UnevenRoundedRectangle: InsettableShape {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle
    var insetAmount = 0.0

    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        (self.cornerRadii, self.style) = (cornerRadii, style)
    }

    public init(
        topLeadingRadius: Double = 0, bottomLeadingRadius: Double = 0, bottomTrailingRadius: Double = 0,
        topTrailingRadius: Double = 0, style: RoundedCornerStyle = .continuous
    ) {
        self.init(
            cornerRadii: RectangleCornerRadii(
                topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
            style: style)
    }

    public func path(in rect: CGRect) -> Path {
        Path(
            roundedRect: rect.insetBy(dx: insetAmount, dy: insetAmount),
            cornerRadii: cornerRadii.inset(by: insetAmount), style: style)
    }

    public func inset(by amount: Double) -> UnevenRoundedRectangle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }

    /// The four radii animate, as SwiftUI's.
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
    {
        get {
            AnimatablePair(
                AnimatablePair(cornerRadii.topLeading, cornerRadii.bottomLeading),
                AnimatablePair(cornerRadii.bottomTrailing, cornerRadii.topTrailing))
        }
        set {
            cornerRadii = RectangleCornerRadii(
                topLeading: newValue.first.first, bottomLeading: newValue.first.second,
                bottomTrailing: newValue.second.first, topTrailing: newValue.second.second)
        }
    }
}
