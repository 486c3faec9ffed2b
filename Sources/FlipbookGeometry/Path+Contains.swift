import Foundation

extension Path {
    /// Whether `point` is inside the filled path, under the even-odd rule when `eoFill` and
    /// non-zero otherwise, as SwiftUI's `contains(_:eoFill:)` — the hit test the Canvas lesson
    /// suggests for tappable drawings. Curves are flattened to 0.01 units first; a point exactly
    /// on an edge may fall either way.
    public func contains(_ point: CGPoint, eoFill: Bool = false) -> Bool {
        var flattened = FlattenedPath()
        PathFlattener(tolerance: 0.01).flatten(self, transform: .identity, into: &flattened)
        var winding = 0
        let points = flattened.points
        for subpath in flattened.subpaths where subpath.count > 1 {
            for i in 0..<subpath.count {
                let a = points[subpath.start + i]
                let b = points[subpath.start + (i + 1) % subpath.count]
                // A ray to the right of the point crosses edges going up (+1) or down (−1).
                if a.y <= point.y, b.y > point.y, cross(a, b, point) > 0 { winding += 1 }
                if a.y > point.y, b.y <= point.y, cross(a, b, point) < 0 { winding -= 1 }
            }
        }
        return eoFill ? winding % 2 != 0 : winding != 0
    }

    /// Which side of the line a→b `point` lies on (positive: left in y-up terms).
    private func cross(_ a: CGPoint, _ b: CGPoint, _ point: CGPoint) -> Double {
        (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
    }
}
