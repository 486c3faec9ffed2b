import Foundation

/// A keyframe's temporal easing: the cubic Bézier from (0, 0) to (1, 1) whose control points
/// are the keyframe's `o` (out of it) and the `i` (into the next), as CSS's `cubic-bezier`.
struct LottieEasing: Sendable {
    var out: CGPoint
    var into: CGPoint

    /// Linear: the controls on the diagonal.
    static let linear = LottieEasing(out: CGPoint(x: 0, y: 0), into: CGPoint(x: 1, y: 1))

    /// The eased progress at linear progress `x` (0…1): the curve's y where its x is `x`,
    /// found by bisection (x grows with the parameter as the control x's lie in 0…1).
    func progress(_ x: Double) -> Double {
        let (x1, x2) = (min(max(out.x, 0), 1), min(max(into.x, 0), 1))
        if x1 == out.y, x2 == into.y { return x }
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        var t = x
        // 40 halvings leave the parameter within 1e-12: far below a visible difference.
        for _ in 0..<40 {
            t = (low + high) / 2
            if bezier(t, x1, x2) < x { low = t } else { high = t }
        }
        return bezier(t, out.y, into.y)
    }
}
