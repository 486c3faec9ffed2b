import Foundation

/// The direction a stack lays its subviews out in, as SwiftUI's `Axis`.
package enum Axis: Hashable, Sendable {
    case horizontal, vertical

    /// The other axis.
    package var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension CGSize {
    /// The length along `axis`: the width along the horizontal axis.
    package subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? width : height }
        set {
            if axis == .horizontal { width = newValue } else { height = newValue }
        }
    }
}

extension CGPoint {
    /// The coordinate along `axis`: x along the horizontal axis.
    package subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? x : y }
        set {
            if axis == .horizontal { x = newValue } else { y = newValue }
        }
    }
}

extension ProposedViewSize {
    /// The length proposed along `axis`.
    package subscript(axis: Axis) -> CGFloat? {
        get { axis == .horizontal ? width : height }
        set {
            if axis == .horizontal { width = newValue } else { height = newValue }
        }
    }
}
