import Foundation

/// A size proposed to a view, as SwiftUI's `ProposedViewSize`: each side a length in points, or
/// `nil` for unspecified — "your ideal". Layout offers one to each view, which answers with the
/// size it takes (see `View`); `ImageRenderer.proposedSize` takes one, so
/// `renderer.proposedSize = ProposedViewSize(width: 400, height: 300)` ports unchanged.
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?

    public init(width: CGFloat?, height: CGFloat?) {
        (self.width, self.height) = (width, height)
    }

    /// Both sides of `size`.
    public init(_ size: CGSize) {
        self.init(width: size.width, height: size.height)
    }

    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// Neither side proposed: a view takes its ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

    /// The proposal with each unspecified side taken from `size` (10 × 10 points, SwiftUI's
    /// default).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    /// The size a canvas takes under this proposal: what is proposed, where it is a finite
    /// length of at least 0; a canvas's ideal 10 points for a side unspecified, infinite or
    /// not a number, as SwiftUI sizes a canvas (it fills what it is offered, and is 10 points
    /// where nothing is).
    package var canvasSize: CGSize {
        func side(_ length: CGFloat?) -> CGFloat {
            guard let length, length.isFinite else { return 10 }
            return max(0, length)
        }
        return CGSize(width: side(width), height: side(height))
    }
}
