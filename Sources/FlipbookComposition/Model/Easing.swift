import FlipbookCanvas
import Foundation

/// How a keyframed value moves from the previous keyframe to this one: SwiftUI's curves and
/// springs (`Animation`), CSS's steps, or Robert Penner's back, elastic and bounce curves.
public enum Easing: Hashable, Sendable {
    case linear
    case easeIn, easeOut, easeInOut
    /// A cubic Bézier timing curve with control points (x1, y1) and (x2, y2).
    case timingCurve(Double, Double, Double, Double)
    /// SwiftUI's `spring(duration:bounce:)`; without a duration, the segment's length.
    case spring(duration: Double?, bounce: Double)
    /// `count` equal jumps, placed as CSS's `steps(count, position)` places them (`steps(1)`
    /// holds the previous value until the keyframe).
    case steps(Int, StepPosition = .jumpEnd)
    /// Back: goes a little the other way first (`in`), overshoots the end (`out`), or both.
    case back(Direction)
    /// Elastic: oscillates about the start (`in`), the end (`out`), or both, like a plucked string.
    case elastic(Direction)
    /// Bounce: bounces off the end like a dropped ball (`out`), off the start (`in`), or both.
    case bounce(Direction)

    /// The names written in files (`timingCurve`, `spring`, `steps` and `cubic-bezier` take
    /// arguments): SwiftUI's, then the back, elastic and bounce curves by easings.net's names,
    /// then CSS's.
    public static let names =
        ["linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "steps"]
        + Direction.allCases.flatMap { ["\($0.prefix)Back", "\($0.prefix)Elastic", "\($0.prefix)Bounce"] }
        + ["ease", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end", "cubic-bezier"]

    /// How far the value has come (0 → 1; springs, back and elastic overshoot) `time` seconds
    /// into a segment `duration` seconds long: 0 before it, 1 after it. At its very start a
    /// curve gives its value at 0 — a step that jumps at the start (`jump-start`) has jumped.
    public func progress(at time: Double, over duration: Double) -> Double {
        let curve: (Double) -> Double
        switch self {
        case .linear: return Animation.linear(duration: duration).progress(at: time)
        case .easeIn: return Animation.easeIn(duration: duration).progress(at: time)
        case .easeOut: return Animation.easeOut(duration: duration).progress(at: time)
        case .easeInOut: return Animation.easeInOut(duration: duration).progress(at: time)
        case .timingCurve(let x1, let y1, let x2, let y2):
            return Animation.timingCurve(x1, y1, x2, y2, duration: duration).progress(at: time)
        case .spring(let springDuration, let bounce):
            return Animation.spring(duration: springDuration ?? duration, bounce: bounce).progress(at: time)
        case .steps(let count, let position): curve = { position.progress($0, steps: count) }
        case .back(let direction):
            curve = direction.curve(Self.backIn, out: Self.backOut, inOut: Self.backInOut)
        case .elastic(let direction):
            curve = direction.curve(Self.elasticIn, out: Self.elasticOut, inOut: Self.elasticInOut)
        case .bounce(let direction):
            curve = direction.curve(Self.bounceIn, out: Self.bounceOut, inOut: Self.bounceInOut)
        }
        guard time >= 0 else { return 0 }
        guard duration > 0, time < duration else { return 1 }
        return curve(time / duration)
    }
}
