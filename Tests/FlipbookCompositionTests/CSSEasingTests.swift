import FlipbookComposition
import Foundation
import Testing

/// CSS's easings as files write them (CSS Easing Functions Level 2): the keywords, `cubic-bezier()`
/// and `steps()` with each of its jump positions, to the value at each step's boundary.
@Suite struct CSSEasingTests {
    /// The easing a keyframe written with `text` decodes to.
    static func easing(_ text: String) throws -> Easing {
        let preset = try CompositionFixture.preset(
            #"[{"type": "shape", "shape": "rect", "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1, "easing": "\#(text)"}]}]"#
        )
        return CompositionFixture.composition(preset).layers[0].opacity.frames[1].easing
    }

    @Test func keywordsAreTheirCurves() throws {
        #expect(try Self.easing("ease") == .timingCurve(0.25, 0.1, 0.25, 1))
        #expect(try Self.easing("ease-in") == .easeIn)
        #expect(try Self.easing("ease-out") == .easeOut)
        #expect(try Self.easing("ease-in-out") == .easeInOut)
        #expect(try Self.easing("linear") == .linear)
        #expect(try Self.easing("step-start") == .steps(1, .jumpStart))
        #expect(try Self.easing("step-end") == .steps(1, .jumpEnd))
        #expect(try Self.easing("cubic-bezier(0.1, 0.7, 1.0, 0.1)") == .timingCurve(0.1, 0.7, 1, 0.1))
        #expect(try Self.easing("steps(4)") == .steps(4, .jumpEnd))
        #expect(try Self.easing("steps(4, start)") == .steps(4, .jumpStart))
        #expect(try Self.easing("steps(4,end)") == .steps(4, .jumpEnd))
        #expect(try Self.easing(" steps( 3 , jump-both ) ") == .steps(3, .jumpBoth))
    }

    /// cubic-bezier(x1, y1, x2, y2) gives y(s) where x(s) is the elapsed fraction, for points
    /// (x(s), y(s)) taken along the curve itself — a reference that needs no solving.
    @Test(arguments: [[0.1, 0.7, 1.0, 0.1], [0.25, 0.1, 0.25, 1], [0.68, -0.6, 0.32, 1.6], [0, 0, 1, 1]])
    func cubicBezierMeetsItsCurve(points: [Double]) throws {
        let easing = try Self.easing("cubic-bezier(\(points.map { "\($0)" }.joined(separator: ", ")))")
        func component(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        for s in stride(from: 0.05, to: 1, by: 0.05) {
            let (x, y) = (component(s, points[0], points[2]), component(s, points[1], points[3]))
            #expect(abs(easing.progress(at: x * 3, over: 3) - y) < 1e-9, "s = \(s)")
        }
        #expect(easing.progress(at: 0, over: 3) == 0)
        #expect(easing.progress(at: 3, over: 3) == 1)
    }

    /// steps(4, position) at every quarter (the boundaries, where the output is already the
    /// next step's), between them and at the ends, as CSS Easing Level 2's algorithm gives:
    /// jump-start jumps at 0, jump-end at 1, jump-none at neither (three jumps of a third),
    /// jump-both at both (five jumps of a fifth).
    @Test(
        arguments: [
            ("jump-start", [0.25, 0.25, 0.5, 0.5, 0.75, 1, 1, 1]),
            ("start", [0.25, 0.25, 0.5, 0.5, 0.75, 1, 1, 1]),
            ("jump-end", [0, 0, 0.25, 0.25, 0.5, 0.75, 0.75, 1]),
            ("end", [0, 0, 0.25, 0.25, 0.5, 0.75, 0.75, 1]),
            ("jump-none", [0, 0, 1.0 / 3, 1.0 / 3, 2.0 / 3, 1, 1, 1]),
            ("jump-both", [0.2, 0.2, 0.4, 0.4, 0.6, 0.8, 0.8, 1]),
        ] as [(String, [Double])])
    func stepsJumpWhereTheirPositionSays(position: String, expected: [Double]) throws {
        let easing = try Self.easing("steps(4, \(position))")
        let fractions = [0, 0.125, 0.25, 0.375, 0.5, 0.75, 0.999, 1]
        let outputs = fractions.map { easing.progress(at: $0 * 2, over: 2) }
        #expect(outputs == expected, "\(position): \(outputs)")
        // Before the segment nothing has moved; after it, everything has.
        #expect(easing.progress(at: -0.1, over: 2) == 0)
        #expect(easing.progress(at: 2.5, over: 2) == 1)
    }

    /// A keyframed value with steps(2, jump-start) has jumped half-way just after its start.
    @Test func aSteppedKeyframeJumpsAtItsStart() throws {
        let preset = try CompositionFixture.preset(
            #"[{"type": "shape", "shape": "rect", "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1, "easing": "steps(2, jump-start)"}]}]"#
        )
        let opacity = CompositionFixture.composition(preset).layers[0].opacity
        #expect(opacity.value(at: 0.01) == 0.5)
        #expect(opacity.value(at: 0.49) == 0.5)
        #expect(opacity.value(at: 0.5) == 1)
    }

    @Test(arguments: [
        ("steps(1, jump-none)", "steps(n, jump-none) needs at least 2 steps"),
        ("steps(0)", "write steps(n) or steps(n, position) with a whole n from 1 to 1000"),
        ("steps(2.5)", "write steps(n) or steps(n, position) with a whole n from 1 to 1000"),
        (
            "steps(4, jump-ned)",
            #"steps()'s position must be jump-start, jump-end, jump-none, jump-both, start or end; did you mean "jump-end"?"#
        ),
        ("cubic-bezier(1.2, 0, 0.5, 1)", "cubic-bezier's x1 and x2 must be in 0…1"),
        ("cubic-bezier(0.2, 0, 1)", "write cubic-bezier(x1, y1, x2, y2): four numbers, x1 and x2 in 0…1"),
        ("ease-inn", #"unknown easing "ease-inn"; did you mean "ease-in"?"#),
        ("easeInBouce", #"unknown easing "easeInBouce"; did you mean "easeInBounce"?"#),
        ("cubic-bezer(0, 0, 1, 1)", #"unknown easing "cubic-bezer(…)"; did you mean "cubic-bezier(…)"?"#),
        ("bounce", #"unknown easing "bounce""#),
    ])
    func badEasingsSayWhatIsAccepted(text: String, expected: String) {
        let problems = CompositionFixture.problems(
            #"{"width": 16, "height": 16, "duration": 1, "layers": [{"type": "shape", "shape": "rect", "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1, "easing": "\#(text)"}]}]}"#
        )
        #expect(
            problems.contains { $0.contains("layers[0].opacity[1].easing: \(expected)") },
            "\(expected) not in \(problems)")
    }

    @Test func theListOfEasingsNamesEveryForm() {
        let problems = CompositionFixture.problems(
            #"{"width": 16, "height": 16, "duration": 1, "layers": [{"type": "shape", "shape": "rect", "opacity": [{"t": 0, "value": 0}, {"t": 1, "value": 1, "easing": "wobble"}]}]}"#
        )
        for form in [
            "steps(n, jump-start|jump-end|jump-none|jump-both|start|end)", "easeInBack", "easeOutElastic",
            "easeInOutBounce", "ease-in-out", "step-start", "step-end", "cubic-bezier(x1, y1, x2, y2)",
        ] {
            #expect(problems.first?.contains(form) == true, "\(form) not in \(problems)")
        }
    }
}
