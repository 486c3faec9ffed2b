import Foundation

/// Robert Penner's back, elastic and bounce easing equations ("Robert Penner's Easing
/// Functions", 2001), in the form easings.net gives them, for x = elapsed ÷ segment length in
/// 0…1. Each family's "in" curve is its "out" curve turned about the centre (1 − out(1 − x)) for
/// bounce; back and elastic have their own in, out and in-out formulas, written as easings.net
/// writes them.
extension Easing {
    /// Back's overshoot: Penner's s = 1.70158, which makes the curve dip 10 % below the start.
    static let backOvershoot = 1.70158
    /// The in-out curve's overshoot, s × 1.525, so that each half dips about 10 % too.
    static let backInOutOvershoot = backOvershoot * 1.525

    /// (s + 1)x³ − s x².
    static func backIn(_ x: Double) -> Double {
        let s = backOvershoot
        return (s + 1) * x * x * x - s * x * x
    }

    /// 1 + (s + 1)(x − 1)³ + s (x − 1)².
    static func backOut(_ x: Double) -> Double {
        let (s, u) = (backOvershoot, x - 1)
        return 1 + (s + 1) * u * u * u + s * u * u
    }

    /// x < ½: (2x)²((s₂ + 1) 2x − s₂) ÷ 2; else ((2x − 2)²((s₂ + 1)(2x − 2) + s₂) + 2) ÷ 2, with
    /// s₂ = 1.70158 × 1.525.
    static func backInOut(_ x: Double) -> Double {
        let s = backInOutOvershoot
        if x < 0.5 {
            let u = 2 * x
            return u * u * ((s + 1) * u - s) / 2
        }
        let u = 2 * x - 2
        return (u * u * ((s + 1) * u + s) + 2) / 2
    }

    /// Elastic's angular step: a period of 2π ÷ 3 per unit of 10x (a third of a cycle).
    static let elasticPeriod = 2 * Double.pi / 3
    /// The in-out curve's: 2π ÷ 4.5.
    static let elasticInOutPeriod = 2 * Double.pi / 4.5

    /// −2^(10x − 10) sin((10x − 10.75) × 2π/3).
    static func elasticIn(_ x: Double) -> Double {
        -pow(2, 10 * x - 10) * sin((10 * x - 10.75) * elasticPeriod)
    }

    /// 2^(−10x) sin((10x − 0.75) × 2π/3) + 1.
    static func elasticOut(_ x: Double) -> Double {
        pow(2, -10 * x) * sin((10 * x - 0.75) * elasticPeriod) + 1
    }

    /// x < ½: −2^(20x − 10) sin((20x − 11.125) × 2π/4.5) ÷ 2; else
    /// 2^(−20x + 10) sin((20x − 11.125) × 2π/4.5) ÷ 2 + 1.
    static func elasticInOut(_ x: Double) -> Double {
        let wave = sin((20 * x - 11.125) * elasticInOutPeriod)
        return x < 0.5 ? -pow(2, 20 * x - 10) * wave / 2 : pow(2, -20 * x + 10) * wave / 2 + 1
    }

    /// Bounce's parabolas: n = 7.5625 over d = 2.75, so that the first arc reaches 1 at
    /// x = 1 ÷ d (n ÷ d² = 1) and each later arc is a quarter as high as the one before.
    static let bounceScale = 7.5625
    static let bounceSpan = 2.75

    /// Four parabolas: n x² up to 1/d, then n(x − 1.5/d)² + 0.75 up to 2/d,
    /// n(x − 2.25/d)² + 0.9375 up to 2.5/d, n(x − 2.625/d)² + 0.984375 to the end.
    static func bounceOut(_ x: Double) -> Double {
        let (n, d) = (bounceScale, bounceSpan)
        if x < 1 / d { return n * x * x }
        if x < 2 / d {
            let u = x - 1.5 / d
            return n * u * u + 0.75
        }
        if x < 2.5 / d {
            let u = x - 2.25 / d
            return n * u * u + 0.9375
        }
        let u = x - 2.625 / d
        return n * u * u + 0.984375
    }

    /// 1 − bounceOut(1 − x).
    static func bounceIn(_ x: Double) -> Double {
        1 - bounceOut(1 - x)
    }

    /// x < ½: (1 − bounceOut(1 − 2x)) ÷ 2; else (1 + bounceOut(2x − 1)) ÷ 2.
    static func bounceInOut(_ x: Double) -> Double {
        x < 0.5 ? (1 - bounceOut(1 - 2 * x)) / 2 : (1 + bounceOut(2 * x - 1)) / 2
    }
}
