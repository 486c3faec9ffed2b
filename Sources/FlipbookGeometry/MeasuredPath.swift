import Foundation

/// A path flattened to polylines, with its length: where a fraction of the way along it lies,
/// for trimming it (`Path.trimmedPath(from:to:)`) and for moving something along it.
package struct MeasuredPath: Sendable {
    /// One subpath as a polyline; a closed one ends back at its start.
    package struct Line: Sendable {
        package var points: [CGPoint]
        package var isClosed: Bool
    }

    package let lines: [Line]
    /// The sum of every segment's length (the jumps between subpaths not counted).
    package let length: Double

    /// `path` flattened to within `tolerance` units.
    package init(_ path: Path, tolerance: Double = 0.01) {
        var flattened = FlattenedPath()
        PathFlattener(tolerance: tolerance).flatten(path, transform: .identity, into: &flattened)
        let points = flattened.points
        lines = flattened.subpaths.map { subpath in
            var line = Array(points[subpath.start..<(subpath.start + subpath.count)])
            if subpath.isClosed, let first = line.first { line.append(first) }
            return Line(points: line, isClosed: subpath.isClosed)
        }
        length = lines.reduce(0.0) { sum, line in
            sum + zip(line.points, line.points.dropFirst()).reduce(0.0) { $0 + Self.distance($1.0, $1.1) }
        }
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(b.x - a.x, b.y - a.y) }

    /// The point `fraction` (clamped to 0…1) of the way along the path, and the direction the
    /// path runs there, in radians from +x towards +y (clockwise on a canvas whose y grows
    /// downwards); `nil` when the path has no length.
    package func location(at fraction: Double) -> (point: CGPoint, angle: Double)? {
        guard length > 0 else { return nil }
        let target = max(0, min(1, fraction.isNaN ? 0 : fraction)) * length
        var travelled = 0.0
        var last: (point: CGPoint, angle: Double)?
        for line in lines {
            for (a, b) in zip(line.points, line.points.dropFirst()) {
                let segment = Self.distance(a, b)
                guard segment > 0 else { continue }
                let angle = Double(atan2(b.y - a.y, b.x - a.x))
                if travelled + segment >= target {
                    let t = (target - travelled) / segment
                    return (CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), angle)
                }
                travelled += segment
                last = (b, angle)
            }
        }
        return last
    }
}
