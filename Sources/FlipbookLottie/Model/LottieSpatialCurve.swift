import Foundation

/// The cubic Bézier curve a position moves along between two keyframes with spatial tangents,
/// walked by length: After Effects moves a layer along such a curve at the speed its easing
/// gives, not at the curve parameter's uneven speed.
struct LottieSpatialCurve {
    var start: CGPoint
    var control1: CGPoint
    var control2: CGPoint
    var end: CGPoint

    /// Samples of the curve its length is measured at: enough that a quarter-circle arc of a
    /// 1000-pixel radius is off its true length by well under a pixel.
    static let samples = 64

    func point(at t: Double) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(
            x: a * start.x + b * control1.x + c * control2.x + d * end.x,
            y: a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The point `fraction` (0…1) of the curve's length from its start.
    func point(atLengthFraction fraction: Double) -> CGPoint {
        guard fraction > 0 else { return start }
        guard fraction < 1 else { return end }
        var lengths = [0.0]
        lengths.reserveCapacity(Self.samples + 1)
        var previous = start
        for index in 1...Self.samples {
            let next = point(at: Double(index) / Double(Self.samples))
            lengths.append(lengths[index - 1] + hypot(next.x - previous.x, next.y - previous.y))
            previous = next
        }
        guard let total = lengths.last, total > 0 else { return point(at: fraction) }
        let target = fraction * total
        let index = lengths.firstIndex { $0 >= target } ?? Self.samples
        let low = lengths[max(index - 1, 0)]
        let span = lengths[index] - low
        let within = span > 0 ? (target - low) / span : 0
        return point(at: (Double(max(index - 1, 0)) + within) / Double(Self.samples))
    }
}
