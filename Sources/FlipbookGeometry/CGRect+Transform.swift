import Foundation

extension CGRect {
    /// The smallest rectangle holding this one mapped through `transform` — its four corners'
    /// bounds — as CoreGraphics' `applying(_:)`; the null rectangle stays null.
    public func applying(_ transform: CGAffineTransform) -> CGRect {
        guard !isNull else { return .null }
        return CGRect(bounding: corners.map { $0.applying(transform) })
    }

    /// Its four corners: top left, top right, bottom left, bottom right (y down).
    package var corners: [CGPoint] {
        [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
            CGPoint(x: maxX, y: maxY),
        ]
    }

    /// The smallest rectangle holding `points`; the null rectangle for none.
    package init(bounding points: [CGPoint]) {
        guard let first = points.first else {
            self = .null
            return
        }
        var (left, top, right, bottom) = (first.x, first.y, first.x, first.y)
        for point in points.dropFirst() {
            (left, top) = (min(left, point.x), min(top, point.y))
            (right, bottom) = (max(right, point.x), max(bottom, point.y))
        }
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }
}
