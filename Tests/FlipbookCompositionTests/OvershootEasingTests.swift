import FlipbookComposition
import Foundation
import Testing

/// The back, elastic and bounce easings, each in, out and in-out, against Penner's formulas as
/// easings.net writes them (back: c1 = 1.70158, c2 = c1 × 1.525; elastic: periods 2π/3 and
/// 2π/4.5; bounce: n1 = 7.5625, d1 = 2.75), at their ends and inside.
@Suite struct OvershootEasingTests {
    private static let fractions = [0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9]

    /// Each curve at `fractions`, computed apart from the library: easings.net's JavaScript
    /// formulas evaluated in Python's double-precision floats.
    @Test(
        arguments: [
            (
                "easeInBack",
                [
                    -0.014314220000000004, -0.06413656250000001, -0.09935168000000005, -0.08769750000000004,
                    -0.029027520000000084, 0.1825903124999998, 0.5911720200000001,
                ]
            ),
            (
                "easeOutBack",
                [
                    0.40882797999999987, 0.8174096875000002, 1.02902752, 1.0876975, 1.09935168, 1.0641365625,
                    1.01431422,
                ]
            ),
            (
                "easeInOutBack",
                [
                    -0.037518552000000004, -0.09968184375, 0.0899257920000001, 0.5, 0.9100742079999999,
                    1.09968184375, 1.0375185519999999,
                ]
            ),
            (
                "easeInElastic",
                [
                    0.001953125, -0.005524271728019903, 0.015625, -0.015625000000000045,
                    -0.031249999999999948, 0.08838834764831832, -0.24999999999999986,
                ]
            ),
            (
                "easeOutElastic",
                [1.25, 0.9116116523516816, 1.03125, 1.015625, 0.984375, 1.00552427172802, 0.998046875]
            ),
            (
                "easeInOutElastic",
                [
                    0.000339156597005722, 0.011969444423734044, -0.11746157759823853, 0.5, 1.1174615775982386,
                    0.988030555576266, 0.9996608434029943,
                ]
            ),
            (
                "easeInBounce",
                [
                    0.01187500000000008, 0.02734375, 0.22750000000000004, 0.234375, 0.09000000000000019,
                    0.52734375, 0.9243750000000001,
                ]
            ),
            (
                "easeOutBounce",
                [
                    0.07562500000000001, 0.47265625, 0.9099999999999998, 0.765625, 0.7725, 0.97265625,
                    0.9881249999999999,
                ]
            ),
            (
                "easeInOutBounce",
                [
                    0.030000000000000027, 0.1171875, 0.34875000000000006, 0.5, 0.6512499999999999, 0.8828125,
                    0.97,
                ]
            ),
        ] as [(String, [Double])])
    func eachCurveFollowsItsFormula(name: String, expected: [Double]) throws {
        let easing = try CSSEasingTests.easing(name)
        for (x, value) in zip(Self.fractions, expected) {
            #expect(abs(easing.progress(at: x * 4, over: 4) - value) < 1e-12, "\(name) at \(x)")
        }
        // Exactly 0 at the start and 1 at the end, though the formulas reach them only to
        // rounding (back) or not at all: elastic's stay up to 2^(−10) away, Penner's jump.
        #expect(easing.progress(at: 0, over: 4) == 0)
        #expect(easing.progress(at: 4, over: 4) == 1)
        #expect(abs(easing.progress(at: 1e-9, over: 4)) <= 1.0 / 1024)
        #expect(abs(easing.progress(at: 4 - 1e-9, over: 4) - 1) <= 1.0 / 1024)
    }

    @Test func namesDecodeToTheirFamilyAndDirection() throws {
        #expect(try CSSEasingTests.easing("easeInBack") == .back(.in))
        #expect(try CSSEasingTests.easing("easeOutElastic") == .elastic(.out))
        #expect(try CSSEasingTests.easing("easeInOutBounce") == .bounce(.inOut))
    }

    /// The shapes the names promise: back dips about 10 % below the start, elastic overshoots
    /// the end, and bounce's arcs touch the end at x = 1/2.75, 2/2.75 and 2.5/2.75.
    @Test func theCurvesHaveTheirShapes() {
        let dip = (1..<1000).map { Easing.back(.in).progress(at: Double($0) / 1000, over: 1) }.min()!
        #expect(abs(dip + 0.1) < 0.001)
        let peak = (1..<1000).map { Easing.elastic(.out).progress(at: Double($0) / 1000, over: 1) }.max()!
        #expect(peak > 1.3)
        for touch in [1, 2, 2.5] {
            #expect(abs(Easing.bounce(.out).progress(at: touch / 2.75, over: 1) - 1) < 1e-12)
        }
        let bounce = (0...1000).map { Easing.bounce(.out).progress(at: Double($0) / 1000, over: 1) }
        #expect(bounce.allSatisfy { (0...1).contains($0) })
    }
}
