import Foundation

extension CGRect {
    /// The smallest rectangle holding this one mapped through `transform` — its four corners'
    /// bounds — as CoreGraphics' `applying(_:)`; the null rectangle stays null.
    public func applying(_ transform: CGAffineTransform) -> CGRect {
        guard !isNull else { return .null }
        let corners = [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
            CGPoint(x: maxX, y: maxY),
        ].map { $0.applying(transform) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let (left, top) = (xs.min() ?? 0, ys.min() ?? 0)
        return CGRect(x: left, y: top, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - top)
    }
}
