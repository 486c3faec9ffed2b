import Foundation

extension Path {
    /// The part of the path between the fractions `from` and `to` (0…1) of its length, as
    /// SwiftUI's `trimmedPath(from:to:)`: the way to draw a line progressively. Length is
    /// measured along the outline flattened to 0.01 units; the result is made of line segments
    /// at that precision (curves are not kept as curves). Each subpath is trimmed where it
    /// falls in the range; a closed subpath wholly inside stays closed.
    public func trimmedPath(from start: Double, to end: Double) -> Path {
        let (from, to) = (max(0, min(1, start.isNaN ? 0 : start)), max(0, min(1, end.isNaN ? 1 : end)))
        guard to > from else { return Path() }
        let measured = MeasuredPath(self)
        let total = measured.length
        guard total > 0 else { return Path() }
        let (low, high) = (from * total, to * total)
        var result = Path()
        var travelled = 0.0
        for line in measured.lines {
            var drawing = false
            let startTravelled = travelled
            for (a, b) in zip(line.points, line.points.dropFirst()) {
                let segment = MeasuredPath.distance(a, b)
                let (s0, s1) = (travelled, travelled + segment)
                travelled = s1
                guard s1 > low, s0 < high, segment > 0 else { continue }
                func at(_ distance: Double) -> CGPoint {
                    let t = (distance - s0) / segment
                    return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if !drawing {
                    result.move(to: s0 >= low ? a : at(low))
                    drawing = true
                }
                result.addLine(to: s1 <= high ? b : at(high))
            }
            if drawing, line.isClosed, startTravelled >= low, travelled <= high { result.closeSubpath() }
        }
        return result
    }
}
