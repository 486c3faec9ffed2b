import FlipbookCanvas
import Foundation

/// How a keyframed value moves from the previous keyframe to this one: SwiftUI's curves and
/// springs (`Animation`), or CSS steps.
public enum Easing: Hashable, Sendable {
    case linear
    case easeIn, easeOut, easeInOut
    /// A cubic Bézier timing curve with control points (x1, y1) and (x2, y2).
    case timingCurve(Double, Double, Double, Double)
    /// SwiftUI's `spring(duration:bounce:)`; without a duration, the segment's length.
    case spring(duration: Double?, bounce: Double)
    /// `count` equal jumps (`steps(1)` holds the previous value until the keyframe).
    case steps(Int)

    /// The names written in files (`timingCurve`, `spring` and `steps` take arguments).
    public static let names = ["linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "steps"]

    /// The curve over a segment `duration` seconds long.
    public func animation(over duration: Double) -> Animation {
        switch self {
        case .linear: .linear(duration: duration)
        case .easeIn: .easeIn(duration: duration)
        case .easeOut: .easeOut(duration: duration)
        case .easeInOut: .easeInOut(duration: duration)
        case .timingCurve(let x1, let y1, let x2, let y2): .timingCurve(x1, y1, x2, y2, duration: duration)
        case .spring(let springDuration, let bounce):
            .spring(duration: springDuration ?? duration, bounce: bounce)
        case .steps(let count): .steps(count, duration: duration)
        }
    }
}
