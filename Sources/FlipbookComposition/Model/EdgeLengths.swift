import FlipbookCanvas
import Foundation

/// A length in from each side of a box — a stack's padding — each relative as any `Length` is.
public struct EdgeLengths: Hashable, Sendable {
    /// In from the top, trailing, bottom and leading sides, in the order CSS and `safeArea` give
    /// them.
    public var top, trailing, bottom, leading: Length

    public init(top: Length, trailing: Length, bottom: Length, leading: Length) {
        (self.top, self.trailing, self.bottom, self.leading) = (top, trailing, bottom, leading)
    }

    /// `length` on every side.
    public init(_ length: Length) {
        self.init(top: length, trailing: length, bottom: length, leading: length)
    }

    /// In points: top and bottom relative to `box`'s height, leading and trailing to its width.
    func insets(in box: CGSize, canvas: CGSize) -> EdgeInsets {
        EdgeInsets(
            top: top.points(extent: box.height, canvas: canvas),
            leading: leading.points(extent: box.width, canvas: canvas),
            bottom: bottom.points(extent: box.height, canvas: canvas),
            trailing: trailing.points(extent: box.width, canvas: canvas))
    }
}
