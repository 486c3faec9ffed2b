import Foundation

/// Lengths in from each side of a view, as SwiftUI's `EdgeInsets`: what `padding(_:)` adds.
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }

    /// `length` on each side in `edges`, nothing on the others.
    init(_ edges: Edge.Set, _ length: CGFloat) {
        func on(_ edge: Edge.Set) -> CGFloat { edges.contains(edge) ? length : 0 }
        self.init(top: on(.top), leading: on(.leading), bottom: on(.bottom), trailing: on(.trailing))
    }

    /// The insets' total along `axis`: leading plus trailing along the horizontal axis.
    package subscript(axis: Axis) -> CGFloat {
        axis == .horizontal ? leading + trailing : top + bottom
    }
}
