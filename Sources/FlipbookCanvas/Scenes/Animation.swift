import Foundation

/// A timing curve evaluated at a time, as SwiftUI's `Animation`: how far (0 → 1, springs may
/// overshoot) an animation of `duration` seconds has progressed `t` seconds after it began.
///
/// ```swift
/// let shown = start.interpolated(to: end, fraction: Animation.easeInOut.progress(at: t))
/// ```
public struct Animation: Hashable, Sendable {
    enum Curve: Hashable, Sendable {
        case linear
        /// A cubic Bézier from (0, 0) to (1, 1) with these control points, as CSS and Core
        /// Animation define timing functions.
        case bezier(Double, Double, Double, Double)
        /// A damped spring from 0 to 1: `response` is the undamped period, `damping` the
        /// damping fraction (1 = critically damped), `velocity` its speed at the start (in
        /// progress per second).
        case spring(response: Double, damping: Double, velocity: Double)
        /// `count` equal jumps, each at the end of its interval (CSS `steps(n, jump-end)`).
        case steps(Int)
    }

    let curve: Curve
    /// Seconds the curve takes (a spring's is its settling time).
    public let duration: Double
    public private(set) var delay: Double = 0
    public private(set) var speed: Double = 1
    /// How many times the curve plays (`nil`: forever), and whether every second play runs
    /// backwards.
    public private(set) var playCount: Int? = 1
    public private(set) var autoreverses = false

    /// SwiftUI's default duration.
    public static let defaultDuration = 0.35

    public static let linear = linear(duration: defaultDuration)
    public static let easeIn = easeIn(duration: defaultDuration)
    public static let easeOut = easeOut(duration: defaultDuration)
    public static let easeInOut = easeInOut(duration: defaultDuration)
    public static let `default` = easeInOut
    /// SwiftUI's default spring: response 0.55 s, damping fraction 0.825.
    public static let spring = spring(response: 0.55, dampingFraction: 0.825)

    public static func linear(duration: Double) -> Animation {
        Animation(curve: .linear, duration: duration)
    }

    public static func easeIn(duration: Double) -> Animation {
        timingCurve(0.42, 0, 1, 1, duration: duration)
    }

    public static func easeOut(duration: Double) -> Animation {
        timingCurve(0, 0, 0.58, 1, duration: duration)
    }

    public static func easeInOut(duration: Double) -> Animation {
        timingCurve(0.42, 0, 0.58, 1, duration: duration)
    }

    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double
    )
        -> Animation
    {
        Animation(curve: .bezier(c0x, c0y, c1x, c1y), duration: duration)
    }

    public static func spring(response: Double = 0.55, dampingFraction: Double = 0.825) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, initialVelocity: 0)
    }

    /// A spring that starts moving at `velocity` (progress per second), as a gesture hands
    /// one over; at rest when 0.
    private static func spring(response: Double, dampingFraction: Double, initialVelocity velocity: Double)
        -> Animation
    {
        let (omega, zeta) = (2 * Double.pi / max(response, 1e-6), max(dampingFraction, 1e-3))
        return Animation(
            curve: .spring(response: response, damping: dampingFraction, velocity: velocity),
            duration: settlingTime(omega: omega, zeta: zeta, velocity: velocity))
    }

    /// Seconds until a spring of angular frequency `omega` and damping fraction `zeta`, started
    /// at `velocity`, stays within about 1/1000 of its end: the curve is exactly 1 from then on.
    ///
    /// Bouncing, the distance from the end is at most the envelope e^(−ζωt) times the
    /// oscillation's amplitude (1 at rest). Critically and over-damped, it is bounded by
    /// e^(−ωt)(1 + |ω − v|t), or by the two exponentials' sizes: each bound rises at most once,
    /// then falls, from at least 1, so the time it falls below 1/1000 is found by bisection.
    /// (The envelope alone ended them early: a critically damped spring was still 0.8 % short
    /// when its last frame jumped to the end.)
    private static func settlingTime(omega: Double, zeta: Double, velocity: Double) -> Double {
        let tolerance = 1e-3
        if zeta < 1 {
            // At rest, log(1000) ÷ ζω exactly, as it always was.
            let dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            return log(1000 * (1 + abs(velocity) / dampedOmega)) / (zeta * omega)
        }
        let bound: (Double) -> Double
        if zeta == 1 {
            bound = { t in exp(-omega * t) * (1 + abs(omega - velocity) * t) }
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let (r1, r2) = (-omega * (zeta - root), -omega * (zeta + root))
            let (c1, c2) = (abs((velocity + r2) / (r1 - r2)), abs((velocity + r1) / (r1 - r2)))
            bound = { t in c1 * exp(r1 * t) + c2 * exp(r2 * t) }
        }
        var (low, high) = (0.0, 1 / omega)
        for _ in 0..<64 where bound(high) >= tolerance { (low, high) = (high, high * 2) }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if bound(middle) < tolerance { high = middle } else { low = middle }
        }
        return high
    }

    /// SwiftUI's spring by perceptual duration and bounce (iOS 17): stiffness (2π ÷ duration)²
    /// and damping 4π(1 − bounce) ÷ duration for unit mass, so the response is `duration` and
    /// the damping fraction is 1 − bounce (1 ÷ (1 + bounce) for a negative, flattened bounce).
    public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
        let bounce = min(max(bounce, -0.99), 0.99)
        return spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// SwiftUI's presets: a spring with a little, some, and a clear bounce.
    public static let smooth = spring(duration: 0.5, bounce: 0)
    public static let snappy = spring(duration: 0.5, bounce: 0.15)
    public static let bouncy = spring(duration: 0.5, bounce: 0.3)

    /// `count` equal jumps over `duration` seconds: the value holds, then jumps at the end of
    /// each interval (CSS `steps(count)`), for frame-by-frame and ticking motion.
    public static func steps(_ count: Int, duration: Double = defaultDuration) -> Animation {
        Animation(curve: .steps(max(count, 1)), duration: duration)
    }

    /// SwiftUI's spring by physical parameters: ω = √(stiffness ÷ mass), damping fraction
    /// damping ÷ (2√(stiffness × mass)), starting at `initialVelocity`: the progress per second
    /// it has at its start (the value's speed over the whole change it makes; 0: at rest).
    public static func interpolatingSpring(
        stiffness: Double = 170, damping: Double = 15, mass: Double = 1, initialVelocity: Double = 0
    ) -> Animation {
        let (k, m) = (max(stiffness, 1e-9), max(mass, 1e-9))
        let omega = (k / m).squareRoot()
        return spring(
            response: 2 * Double.pi / omega, dampingFraction: damping / (2 * (k * m).squareRoot()),
            initialVelocity: initialVelocity.isFinite ? initialVelocity : 0)
    }

    /// The animation played `count` times, every second play backwards when `autoreverses`;
    /// when all are done it rests at its end.
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation {
        var animation = self
        (animation.playCount, animation.autoreverses) = (max(count, 1), autoreverses)
        return animation
    }

    /// The animation played again and again, every second play backwards when `autoreverses`.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var animation = self
        (animation.playCount, animation.autoreverses) = (nil, autoreverses)
        return animation
    }

    /// The same animation starting `delay` seconds later.
    public func delay(_ delay: Double) -> Animation {
        var animation = self
        animation.delay += delay
        return animation
    }

    /// The same animation running `speed` times as fast.
    public func speed(_ speed: Double) -> Animation {
        var animation = self
        animation.speed *= speed
        return animation
    }

    /// How far the animation has come `time` seconds after it began: 0 before (and during the
    /// delay), 1 after `duration / speed`.
    public func progress(at time: Double) -> Double {
        var elapsed = (time - delay) * speed
        guard elapsed > 0, elapsed.isFinite else { return elapsed.isFinite ? 0 : 1 }
        guard duration > 0 else { return 1 }
        var reversed = false
        if playCount != 1 {
            let play = (elapsed / duration).rounded(.down)
            if let count = playCount, play >= Double(count) { return 1 }
            elapsed -= play * duration
            reversed = autoreverses && Int(play.truncatingRemainder(dividingBy: 2)) == 1
        }
        guard elapsed < duration else { return 1 }
        if reversed { elapsed = duration - elapsed }
        let x = elapsed / duration
        switch curve {
        case .linear:
            return x
        case .bezier(let c0x, let c0y, let c1x, let c1y):
            return Self.bezier(x: x, c0x, c0y, c1x, c1y)
        case .spring(let response, let damping, let velocity):
            return Self.spring(elapsed, response: response, damping: damping, velocity: velocity)
        case .steps(let count):
            return (x * Double(count)).rounded(.down) / Double(count)
        }
    }

    /// y of the timing curve where its x is `x`: x(s) solved by bisection (x is monotonic in s
    /// for control x in 0…1), then y(s).
    private static func bezier(x: Double, _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double)
        -> Double
    {
        func component(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if component(middle, c0x, c1x) < x { low = middle } else { high = middle }
        }
        return component((low + high) / 2, c0y, c1y)
    }

    /// A damped harmonic oscillator released at 0 moving at `velocity`, settling at 1: the
    /// displacement from 1 starts at −1 with slope `velocity`.
    private static func spring(_ t: Double, response: Double, damping: Double, velocity: Double) -> Double {
        let omega = 2 * Double.pi / max(response, 1e-6)
        let zeta = max(damping, 0)
        if zeta < 1 {
            let dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t)
                * (cos(dampedOmega * t) + (zeta * omega - velocity) / dampedOmega * sin(dampedOmega * t))
        }
        if zeta == 1 { return 1 - exp(-omega * t) * (1 + (omega - velocity) * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let (r1, r2) = (-omega * (zeta - root), -omega * (zeta + root))
        return 1 + ((velocity + r2) * exp(r1 * t) - (velocity + r1) * exp(r2 * t)) / (r1 - r2)
    }
}
