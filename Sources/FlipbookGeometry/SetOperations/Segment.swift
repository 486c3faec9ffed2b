import Foundation

/// A straight piece of a flattened outline, from `from` to `to`, with where it came from: the
/// path (`owner`: 0 for the receiver of a set operation, 1 for the other) and the polyline of
/// that path it lies on.
struct Segment {
    var from: CGPoint
    var to: CGPoint
    var owner: Int
    var polyline: Int

    var minY: Double { Double(min(from.y, to.y)) }
    var maxY: Double { Double(max(from.y, to.y)) }

    /// How this segment's winding counts for `point`: +1 if it crosses the horizontal ray to
    /// the right of `point` going down the canvas, −1 going up, 0 if it misses the ray (the
    /// lower end of a segment counts, the upper does not, so a vertex is crossed once).
    func winding(at point: CGPoint) -> Int {
        let side = (to.x - from.x) * (point.y - from.y) - (point.x - from.x) * (to.y - from.y)
        if from.y <= point.y, to.y > point.y, side > 0 { return 1 }
        if from.y > point.y, to.y <= point.y, side < 0 { return -1 }
        return 0
    }
}

/// The polylines of a path's flattening, as segments: every subpath closed when the path is
/// read as a filled region, as drawn when it is read as lines.
enum SegmentReader {
    /// How closely curves are followed, in the path's units (as `Path.contains(_:eoFill:)`), or
    /// a millionth of the path's extent where that is more: a path thousands of kilometres
    /// across needs no 0.01 steps, and its curves in such steps would be millions of segments.
    static func tolerance(for path: Path) -> Double {
        let bounds = path.controlPointBounds
        let extent = bounds.isNull ? 0 : max(bounds.width, bounds.height)
        return extent.isFinite ? max(0.01, extent * 1e-6) : 0.01
    }

    /// The largest coordinate of `segments`, by size: distances that decide whether points
    /// meet are fractions of it, as the rounding of their coordinates is.
    static func scale(of segments: [Segment]) -> Double {
        segments.reduce(Double.leastNormalMagnitude) {
            max($0, abs($1.from.x), abs($1.from.y), abs($1.to.x), abs($1.to.y))
        }
    }

    /// `path` flattened (see `tolerance(for:)`) into segments of `owner`, numbered by polyline;
    /// each subpath closed back to its start when `closingEverySubpath` or when it was closed.
    static func segments(of path: Path, owner: Int, closingEverySubpath: Bool)
        -> [Segment]
    {
        var flattened = FlattenedPath()
        PathFlattener(tolerance: tolerance(for: path)).flatten(path, transform: .identity, into: &flattened)
        let points = flattened.points
        var segments: [Segment] = []
        for (index, subpath) in flattened.subpaths.enumerated() where subpath.count > 1 {
            let closes = closingEverySubpath || subpath.isClosed
            let count = closes ? subpath.count : subpath.count - 1
            for i in 0..<count {
                let a = points[subpath.start + i]
                let b = points[subpath.start + (i + 1) % subpath.count]
                guard a != b else { continue }
                segments.append(
                    Segment(
                        from: a, to: b, owner: owner, polyline: index))
            }
        }
        return segments
    }
}
