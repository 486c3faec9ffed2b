import FlipbookCanvas
import FlipbookComposition
import Foundation
import Testing

/// Each easing against its formula, and keyframes interpolating through `Animatable`.
@Suite struct EasingTests {
    /// y of the cubic Bézier timing curve at x, found by dense sampling (independent of the
    /// bisection the library uses).
    private func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func point(_ s: Double) -> (Double, Double) {
            let u = 1 - s
            return (
                3 * u * u * s * x1 + 3 * u * s * s * x2 + s * s * s,
                3 * u * u * s * y1 + 3 * u * s * s * y2 + s * s * s
            )
        }
        let samples = (0...20_000).map { point(Double($0) / 20_000) }
        return samples.min { abs($0.0 - x) < abs($1.0 - x) }!.1
    }

    @Test func linearIsTheIdentity() {
        for x in stride(from: 0.0, through: 1, by: 0.125) {
            #expect(abs(Easing.linear.progress(at: x * 2, over: 2) - x) < 1e-12)
        }
    }

    @Test(arguments: [
        (Easing.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]), (.easeInOut, [0.42, 0, 0.58, 1]),
        (.timingCurve(0.2, 0.8, 0.2, 1), [0.2, 0.8, 0.2, 1]),
    ])
    func curvesAreTheirCubicBeziers(easing: Easing, points: [Double]) {
        for x in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let expected = bezier(x, points[0], points[1], points[2], points[3])
            #expect(abs(easing.progress(at: x * 1.5, over: 1.5) - expected) < 1e-3, "x = \(x)")
        }
    }

    /// SwiftUI's spring(duration:bounce:): ω = 2π/duration, ζ = 1 − bounce, released at rest:
    /// y = 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t).
    @Test func springFollowsTheDampedOscillator() {
        let (duration, bounce) = (0.8, 0.3)
        let omega = 2 * Double.pi / duration
        let zeta = 1 - bounce
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let easing = Easing.spring(duration: duration, bounce: bounce)
        for t in [0.05, 0.2, 0.4, 0.6, 1.0] {
            let expected =
                1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
            #expect(abs(easing.progress(at: t, over: 5) - expected) < 1e-9, "t = \(t)")
        }
        // Bounce overshoots 1; no bounce never does.
        let overshoot = (1...200).map { easing.progress(at: Double($0) / 100, over: 5) }.max()!
        #expect(overshoot > 1.03)
        let critical = (1...200).map {
            Easing.spring(duration: duration, bounce: 0).progress(at: Double($0) / 100, over: 5)
        }
        #expect(critical.allSatisfy { $0 <= 1 + 1e-9 })
    }

    @Test func aSpringSettlesWhereItsEnvelopeFallsBelowAThousandth() {
        // Critically damped, duration 0.5 (ω = 4π): settled (within 0.001 of 1) once
        // e^(−ωt)(1 + ωt) < 1/1000, about 0.73 s; the curve is exactly 1 after its settling time,
        // and just before it within 0.001 of 1 (no jump on the last frame).
        let animation = Animation.spring(duration: 0.5, bounce: 0)
        #expect(abs(animation.duration - 0.7345) < 0.001)
        #expect(abs(animation.progress(at: 0.5) - 1) < 0.02)
        #expect(abs(animation.progress(at: 0.3) - 1) > 0.01)
        #expect(animation.progress(at: animation.duration + 0.01) == 1)
        #expect(abs(animation.progress(at: animation.duration - 1e-6) - 1) < 1.001e-3)
    }

    @Test func stepsJumpAtTheEndOfEachInterval() {
        let steps = Easing.steps(4)
        #expect(steps.progress(at: 0.49, over: 2) == 0)
        #expect(steps.progress(at: 0.51, over: 2) == 0.25)
        #expect(steps.progress(at: 1.49, over: 2) == 0.5)
        #expect(steps.progress(at: 1.99, over: 2) == 0.75)
        #expect(steps.progress(at: 2, over: 2) == 1)
    }

    @Test func keyframesHoldOutsideAndEaseBetween() {
        let value = Animated<Double>.keyframes(
            .init(time: 0.8, value: 0, easing: .linear),
            then: [.init(time: 1.4, value: 1, easing: .easeOut), .init(time: 2, value: 3, easing: .linear)])
        #expect(value.value(at: 0) == 0)
        #expect(value.value(at: 0.8) == 0)
        let expected = bezier(0.5, 0, 0, 0.58, 1)
        #expect(abs(value.value(at: 1.1) - expected) < 1e-3)
        #expect(abs(value.value(at: 1.7) - 2) < 1e-9)  // linear from 1 to 3
        #expect(value.value(at: 10) == 3)
    }

    @Test func noKeyframesMakeNoAnimationAndOneHoldsItsValue() {
        #expect(Animated<Double>(keyframes: []) == nil)
        let held = Animated<Double>(keyframes: [.init(time: 1, value: 4, easing: .linear)])
        #expect(held?.value(at: 0) == 4 && held?.value(at: 9) == 4)
        #expect(held?.frames.count == 1)
    }

    @Test func coloursInterpolatePremultipliedSoAFadeToClearKeepsItsHue() {
        let fade = Animated<Color>.keyframes(
            .init(time: 0, value: Color(red: 1, green: 0.5, blue: 0), easing: .linear),
            then: [.init(time: 1, value: .clear, easing: .linear)])
        let middle = fade.value(at: 0.5)
        #expect(abs(middle.alpha - 0.5) < 1e-9)
        #expect(abs(middle.red - 1) < 1e-9)
        #expect(abs(middle.green - 0.5) < 1e-9)
    }

    @Test func lengthsInDifferentUnitsInterpolateInPoints() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "fill": "red", "size": [10, 10], "anchor": "topLeading",
              "position": [{"t": 0, "value": [0, 0]}, {"t": 1, "value": ["50%", "10vh"], "easing": "linear"}]}]
            """, width: 200, height: 100)
        // Halfway: x = 50 % of 200 / 2 = 50, y = 10 vh of 100 / 2 = 5.
        let frame = CompositionFixture.frame(preset, index: 15)
        #expect(frame[55, 10].red > 200)
        #expect(frame[48, 10].red < 20)
        #expect(frame[55, 3].red < 20)
    }
}
