import Foundation

/// The radius of each corner of a rectangle, as SwiftUI's `RectangleCornerRadii`. Leading and
/// trailing are left and right: a video has no right-to-left layout.
public struct RectangleCornerRadii: Hashable, Sendable {
    public var topLeading: Double
    public var bottomLeading: Double
    public var bottomTrailing: Double
    public var topTrailing: Double

    public init(
        topLeading: Double = 0, bottomLeading: Double = 0, bottomTrailing: Double = 0, topTrailing: Double = 0
    ) {
        (self.topLeading, self.bottomLeading, self.bottomTrailing, self.topTrailing) = (
            topLeading, bottomLeading, bottomTrailing, topTrailing
        )
    }

    /// Every radius less `amount`, none below zero: the corners of the rectangle inset by
    /// `amount`, which follow the outer ones at that distance.
    public func inset(by amount: Double) -> RectangleCornerRadii {
        RectangleCornerRadii(
            topLeading: max(topLeading - amount, 0), bottomLeading: max(bottomLeading - amount, 0),
            bottomTrailing: max(bottomTrailing - amount, 0), topTrailing: max(topTrailing - amount, 0))
    }
}
