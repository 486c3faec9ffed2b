import FlipbookCanvas
import Foundation
import Testing

/// `UnitCurve`, repeating animations and the spring presets, checked against their formulas.
@Suite struct UnitCurveAndRepeatTests {
    /// y of the cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1) where x = `x`, by dense sampling.
    private func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        let samples = (0...20_000).map { i -> (Double, Double) in
            let s = Double(i) / 20_000
            let u = 1 - s
            return (
                3 * u * u * s * x1 + 3 * u * s * s * x2 + s * s * s,
                3 * u * u * s * y1 + 3 * u * s * s * y2 + s * s * s
            )
        }
        return samples.min { abs($0.0 - x) < abs($1.0 - x) }!.1
    }

    @Test func unitCurvesAreTheirBeziers() {
        for x in [0.1, 0.3, 0.5, 0.7, 0.9] {
            #expect(abs(UnitCurve.linear.value(at: x) - x) < 1e-12)
            #expect(abs(UnitCurve.easeIn.value(at: x) - bezier(x, 0.42, 0, 1, 1)) < 1e-3)
            #expect(abs(UnitCurve.easeOut.value(at: x) - bezier(x, 0, 0, 0.58, 1)) < 1e-3)
            #expect(abs(UnitCurve.easeInOut.value(at: x) - bezier(x, 0.42, 0, 0.58, 1)) < 1e-3)
            let custom = UnitCurve.bezier(
                startControlPoint: UnitPoint(x: 0.2, y: 0.9), endControlPoint: UnitPoint(x: 0.3, y: 1))
            #expect(abs(custom.value(at: x) - bezier(x, 0.2, 0.9, 0.3, 1)) < 1e-3)
        }
        #expect(UnitCurve.easeIn.value(at: -1) == 0 && UnitCurve.easeIn.value(at: 2) == 1)
    }

    @Test func repeatCountPlaysForwardAndBackThenRests() {
        let animation = Animation.linear(duration: 1).repeatCount(3, autoreverses: true)
        #expect(abs(animation.progress(at: 0.25) - 0.25) < 1e-12)
        #expect(abs(animation.progress(at: 1.25) - 0.75) < 1e-12)
        #expect(abs(animation.progress(at: 2.25) - 0.25) < 1e-12)
        #expect(animation.progress(at: 3.5) == 1)
        let forward = Animation.linear(duration: 2).repeatCount(2, autoreverses: false)
        #expect(abs(forward.progress(at: 2.5) - 0.25) < 1e-12)
    }

    @Test func repeatForeverNeverRests() {
        let animation = Animation.easeInOut(duration: 0.5).repeatForever(autoreverses: true)
        #expect(abs(animation.progress(at: 1000.125) - UnitCurve.easeInOut.value(at: 0.25)) < 1e-9)
        #expect(abs(animation.progress(at: 1000.625) - UnitCurve.easeInOut.value(at: 0.75)) < 1e-9)
        let withDelay = Animation.linear(duration: 1).delay(2).speed(2).repeatForever(autoreverses: false)
        #expect(withDelay.progress(at: 1) == 0)
        #expect(abs(withDelay.progress(at: 2.25) - 0.5) < 1e-12)
    }

    @Test func interpolatingSpringMapsItsPhysics() {
        // k = 100, c = 10, m = 1: ω = 10, ζ = 0.5. The released-at-rest step response.
        let animation = Animation.interpolatingSpring(stiffness: 100, damping: 10)
        let (omega, zeta) = (10.0, 0.5)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        for t in [0.05, 0.2, 0.5] {
            let expected =
                1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
            #expect(abs(animation.progress(at: t) - expected) < 1e-9)
        }
    }

    @Test(arguments: [5.0, 20.0, 40.0])
    func anInterpolatingSpringStartsAtItsInitialVelocity(damping: Double) {
        // k = 100, m = 1 (ω = 10): under-, critically and over-damped, thrown forward at 6 and
        // backward at −4 progress per second. The spring's equation holds — y'' = ω²(1 − y) − c·y'
        // — from y(0) = 0, y'(0) = v, and it settles at 1 within its duration.
        for velocity in [6.0, -4.0] {
            let animation = Animation.interpolatingSpring(
                stiffness: 100, damping: damping, initialVelocity: velocity)
            let h = 1e-4
            let y = { (t: Double) in animation.progress(at: t) }
            // y(0) = 0 (y(h) is v·h up to ½y″(0)h², about 10⁻⁶ here), and the one-sided
            // second-order difference for y′(0).
            #expect(abs(y(h) - velocity * h) < 5e-6)
            #expect(abs((4 * y(h) - y(2 * h)) / (2 * h) - velocity) < 0.01, "y'(0) = \(velocity)")
            for t in [0.1, 0.3, 0.7] {
                let slope = (y(t + h) - y(t - h)) / (2 * h)
                let curvature = (y(t + h) - 2 * y(t) + y(t - h)) / (h * h)
                #expect(abs(curvature - (100 * (1 - y(t)) - damping * slope)) < 0.05, "at \(t) s")
            }
            #expect(abs(y(animation.duration * 0.999) - 1) < 2e-3, "settled at its end")
        }
        // At rest, it is the spring it always was.
        #expect(
            Animation.interpolatingSpring(stiffness: 100, damping: damping, initialVelocity: 0)
                == Animation.interpolatingSpring(stiffness: 100, damping: damping))
    }

    @Test func springPresetsHaveSwiftUIsBounces() {
        // bouncy (bounce 0.3) overshoots, snappy (0.15) a little, smooth (0) never.
        func peak(_ animation: Animation) -> Double {
            (1...300).map { animation.progress(at: Double($0) / 300) }.max()!
        }
        #expect(peak(.bouncy) > peak(.snappy))
        #expect(peak(.snappy) > 1.001)
        #expect(peak(.smooth) <= 1 + 1e-9)
    }
}
