import FlipbookCanvas
import FlipbookComposition
import FlipbookRaster
import Foundation
import Testing

/// A layer's `wiggle`: seeded, smooth random movement within its amounts.
@Suite struct WiggleTests {
    /// The centre of the white pixels of `frame` (a small square on black).
    private static func centre(_ frame: Pixmap) -> (x: Double, y: Double) {
        var (sx, sy, n) = (0.0, 0.0, 0.0)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y].red > 128 {
                (sx, sy, n) = (sx + Double(x) + 0.5, sy + Double(y) + 0.5, n + 1)
            }
        }
        return n > 0 ? (sx / n, sy / n) : (-1, -1)
    }

    private static let squares = """
        [{"type": "shape", "shape": "rect", "size": [10, 10], "position": [50, 50], "fill": "white",
          "wiggle": {"position": 12, "frequency": 3}},
         {"type": "shape", "shape": "rect", "size": [10, 10], "position": [150, 50], "fill": "white",
          "wiggle": {"position": 12, "frequency": 3}}]
        """

    @Test func aWiggledLayerWandersWithinItsAmountAndStaysSmooth() throws {
        let preset = try CompositionFixture.preset(Self.squares, width: 200, height: 100)
        var previous: (x: Double, y: Double)?
        var (moved, largestStep) = (0.0, 0.0)
        for index in 0..<60 {
            let frame = CompositionFixture.frame(preset, index: index)
            // The left half holds the first square only.
            var left = Pixmap(width: 100, height: 100)
            for y in 0..<100 { for x in 0..<100 { left[x, y] = frame[x, y] } }
            let c = Self.centre(left)
            #expect(abs(c.x - 50) <= 12.5 && abs(c.y - 50) <= 12.5, "frame \(index): \(c)")
            moved = max(moved, abs(c.x - 50), abs(c.y - 50))
            if let previous { largestStep = max(largestStep, hypot(c.x - previous.x, c.y - previous.y)) }
            previous = c
        }
        // It wanders a good part of its amount, in steps of a few points a frame at 3 a second.
        #expect(moved > 4, "\(moved)")
        #expect(largestStep < 6, "\(largestStep)")
    }

    @Test func layersWiggleApartAndTheSameEveryRender() throws {
        let preset = try CompositionFixture.preset(Self.squares, width: 200, height: 100)
        let again = try CompositionFixture.preset(Self.squares, width: 200, height: 100)
        let frame = CompositionFixture.frame(preset, index: 17)
        #expect(frame.bytes == CompositionFixture.frame(again, index: 17).bytes)
        // The two squares, 100 points apart, are not moved alike.
        var (left, right) = (Pixmap(width: 100, height: 100), Pixmap(width: 100, height: 100))
        for y in 0..<100 {
            for x in 0..<100 { (left[x, y], right[x, y]) = (frame[x, y], frame[x + 100, y]) }
        }
        let (a, b) = (Self.centre(left), Self.centre(right))
        #expect(abs(a.x - b.x) > 0.5 || abs(a.y - b.y) > 0.5, "\(a) \(b)")
        let reasons = CompositionFixture.reasonsForFrame10(preset)
        #expect(reasons.values.contains("it wiggles"), "\(reasons)")
    }

    @Test func aWiggleThatComesToRestLetsTheLayerBeReused() throws {
        // The amount falls to 0 by 0.2 s; frame 10 is at 1/3 s.
        let resting = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "size": [10, 10], "fill": "white", "name": "Square",
              "wiggle": {"position": [{"t": 0, "value": 12}, {"t": 0.2, "value": 0}]}}]
            """, width: 100, height: 100)
        #expect(CompositionFixture.reasonsForFrame10(resting)["Square"] == nil)
        let still = CompositionFixture.frame(resting, index: 9)
        #expect(still.bytes == CompositionFixture.frame(resting, index: 10).bytes)
        #expect(abs(Self.centre(still).x - 50) < 0.01 && abs(Self.centre(still).y - 50) < 0.01)
    }

    @Test func aWiggleWithoutAnAmountIsNamed() {
        let problems = CompositionFixture.problems(
            """
            {"width": 100, "height": 100, "fps": 30, "duration": 1,
             "layers": [{"type": "shape", "shape": "rect", "wiggle": {"frequency": 2}},
                        {"type": "shape", "shape": "rect", "wiggle": {"rotation": 4, "frequency": 0}},
                        {"type": "shape", "shape": "rect", "wiggle": {"rotation": 400}}]}
            """)
        for expected in [
            #"layers[0].wiggle: give how much it wiggles: "position", "rotation" or "scale""#,
            "layers[1].wiggle.frequency: must be between 0.01 and 100",
            "layers[2].wiggle.rotation: must be between 0 and 360",
        ] {
            #expect(problems.contains { $0.contains(expected) }, "\(expected) not in \(problems)")
        }
    }
}
