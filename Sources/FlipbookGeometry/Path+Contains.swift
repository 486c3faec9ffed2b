import Foundation

extension Path {
    /// Whether `point` is inside the filled path, under the even-odd rule when `eoFill` and
    /// non-zero otherwise, as SwiftUI's `contains(_:eoFill:)` — the hit test the Canvas lesson
    /// suggests for tappable drawings. Curves are flattened as the set operations flatten them
    /// (0.01 units, or a millionth of a larger path's size), so the two agree; a point exactly
    /// on an edge may fall either way.
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        let winding = SegmentReader.segments(of: self, owner: 0, closingEverySubpath: true)
            .reduce(0) { $0 + $1.winding(at: point) }
        return eoFill ? winding % 2 != 0 : winding != 0
    }
}
