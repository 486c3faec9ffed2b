import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// A radial gradient's highlight (`h`, `a`) puts the gradient's focal point off its centre, as
/// Bodymovin's player does: `h` percent of the radius from the centre `s`, `a` degrees on from
/// the direction of `e`. Every pixel of the fill is held to the focal gradient's definition —
/// the ramp runs along each ray from the focal point, from 0 there to 1 where the ray meets the
/// circle (SVG's definition of a focal radial gradient).
@Suite struct LottieGradientHighlightTests {
    /// A 100 × 100 square filled with a black-to-white radial gradient centred at (50, 50) with
    /// `e` at (80, 50) — a radius of 30 — and the given highlight.
    static func document(length: String, angle: String) -> String {
        let fill = """
            {"ty": "gr", "it": [
              {"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}},
              {"ty": "gf", "t": 2, "o": {"a": 0, "k": 100}, "s": {"a": 0, "k": [50, 50]}, "e": {"a": 0, "k": [80, 50]},
               "h": \(length), "a": \(angle),
               "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 1, 1, 1]}}},
              {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}
            ]}
            """
        return LottieFixture.document(layers: "[\(LottieFixture.shapeLayer("[\(fill)]"))]")
    }

    /// The largest difference between the frame's grey and the focal gradient's, in code values,
    /// with the focal point at `focus`.
    static func worstDifference(_ pixmap: Pixmap, focus: CGPoint) -> Double {
        var worst = 0.0
        for y in 0..<100 {
            for x in 0..<100 {
                let (dx, dy) = (Double(x) + 0.5 - focus.x, Double(y) + 0.5 - focus.y)
                let distance = (dx * dx + dy * dy).squareRoot()
                // The ray from the focal point through the pixel meets the circle of radius 30
                // about (50, 50) at the positive root L of |focus + L·u − centre| = 30.
                let (ux, uy) = (dx / distance, dy / distance)
                let along = ux * (focus.x - 50) + uy * (focus.y - 50)
                let offset = (focus.x - 50) * (focus.x - 50) + (focus.y - 50) * (focus.y - 50)
                let reach = -along + (along * along - offset + 900).squareRoot()
                let exact = distance > 0 ? 255 * min(distance / reach, 1) : 0
                worst = max(worst, abs(Double(pixmap[x, y].red) - exact))
            }
        }
        return worst
    }

    @Test func theHighlightMovesTheFocalPointAlongItsAngle() throws {
        // 50 % of the radius, 90° on from the direction of e (right): 15 below the centre.
        let pixmap = try LottieFixture.render(
            Self.document(length: #"{"a": 0, "k": 50}"#, angle: #"{"a": 0, "k": 90}"#), frame: 0)
        let worst = Self.worstDifference(pixmap, focus: CGPoint(x: 50, y: 65))
        #expect(worst < 1.5, "a pixel \(worst) code values from the focal gradient")
        // Darkest at the focal point; at the centre a third of the way up the ramp (the ray up
        // from the focal point meets the circle 45 from it, 15 beyond the centre), where a
        // centred gradient would be nearly black.
        #expect(pixmap[50, 64].red < 8 && pixmap[50, 49].red > 70)
    }

    @Test func aHighlightOfAFullRadiusStaysJustInsideTheCircle() throws {
        // 100 % (and beyond) is held to 99 %, as Bodymovin's player holds it: 29.7 left of the
        // centre at 180°, keyframed from 0 at frame 0 to 150 at frame 10.
        let pixmap = try LottieFixture.render(
            Self.document(
                length:
                    #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [150]}]}"#,
                angle: #"{"a": 0, "k": 180}"#),
            frame: 10)
        let worst = Self.worstDifference(pixmap, focus: CGPoint(x: 50 - 29.7, y: 50))
        #expect(worst < 1.5, "a pixel \(worst) code values from the focal gradient")
    }

    @Test func aHighlightNoLongerWarns() throws {
        let sink = WarningSink.discarding()
        _ = try sink.receiving { () throws in
            try LottieFixture.animation(
                Self.document(length: #"{"a": 0, "k": 50}"#, angle: #"{"a": 0, "k": 30}"#))
        }
        #expect(sink.reported.isEmpty)
    }
}
