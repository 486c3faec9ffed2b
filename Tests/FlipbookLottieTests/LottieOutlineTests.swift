import FlipbookLottie
import FlipbookRaster
import Testing

/// Outline geometry the players agree on, against pixels placed from the curve's equation.
struct LottieOutlineTests {
    /// Frame 0 of a filled 4-point polygon (a diamond) of radius 40 at (50, 50), its corners
    /// rounded by `roundness` percent.
    private func diamond(roundness: Double) throws -> Pixmap {
        let shapes = """
            [{"ty": "sr", "sy": 2, "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": 4}, "r": {"a": 0, "k": 0},
              "or": {"a": 0, "k": 40}, "os": {"a": 0, "k": \(roundness)}},
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]
            """
        return try LottieFixture.render(
            LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes))]"), frame: 0)
    }

    @Test func polygonRoundnessBulgesItsEdgesAsThePlayersDo() throws {
        // Each corner's controls lie 40 × 100 % × ¼ × (2π ÷ 4) = 15.71 along the tangent, so the
        // edge from the top (50, 10) to the right (90, 50) has controls (65.71, 10) and
        // (90, 34.29): its middle is at (75.89, 24.11), 36.6 from the centre along the diagonal,
        // where the sharp edge's middle (70, 30) is 28.3 from it.
        let round = try diamond(roundness: 100)
        let sharp = try diamond(roundness: 0)
        // Pixel (73, 26): its centre 33.2 from the centre along the diagonal.
        #expect(round[73, 26].alpha == 255)
        #expect(sharp[73, 26].alpha == 0)
        // Pixel (77, 22): 38.9 from it, outside both.
        #expect(round[77, 22].alpha == 0)
        // The corners stay where they are: both cover just inside the top one.
        #expect(round[49, 12].alpha > 0 && sharp[49, 12].alpha > 0)
    }
}

/// Offset paths and pucker and bloat, on a filled 40 × 40 square at (50, 50).
struct LottieModifierTests {
    private func square(modifier: String) throws -> Pixmap {
        let shapes = """
            [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}},
             \(modifier),
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]
            """
        return try LottieFixture.render(
            LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes))]"), frame: 0)
    }

    @Test func offsetPathsGrowBySideWithMitredOrRoundCorners() throws {
        // 30…70 grown by 10: 20…80. Mitred, the corner (20, 20) is filled; round, pixel (21, 21)
        // is 12 from the corner circle's centre (30, 30), outside its radius 10.
        let mitred = try square(
            modifier:
                "{\"ty\": \"op\", \"a\": {\"a\": 0, \"k\": 10}, \"lj\": 1, \"ml\": {\"a\": 0, \"k\": 4}}")
        let round = try square(modifier: "{\"ty\": \"op\", \"a\": {\"a\": 0, \"k\": 10}, \"lj\": 2}")
        for pixmap in [mitred, round] {
            #expect(pixmap[22, 50].alpha == 255)
            #expect(pixmap[18, 50].alpha == 0)
        }
        #expect(mitred[21, 21].alpha == 255)
        #expect(round[21, 21].alpha == 0)
    }

    @Test func negativeOffsetShrinksTheOutline() throws {
        let pixmap = try square(modifier: "{\"ty\": \"op\", \"a\": {\"a\": 0, \"k\": -10}, \"lj\": 1}")
        #expect(pixmap[35, 50].alpha == 0)
        #expect(pixmap[45, 50].alpha == 255)
    }

    @Test func bloatPullsCornersInAndBulgesTheEdges() throws {
        // At 50 % each corner moves half way to the centre — (70, 30) to (60, 40) — and its
        // controls half as far again away from it, (70, 30) to (80, 20): the right edge, from
        // (60, 40) via (80, 20) and (80, 80) to (60, 60), reaches x = 75 at y = 50.
        let pixmap = try square(modifier: "{\"ty\": \"pb\", \"a\": {\"a\": 0, \"k\": 50}}")
        #expect(pixmap[73, 50].alpha == 255)
        #expect(pixmap[77, 50].alpha == 0)
        // The corner itself is pulled in: (31, 31) lay inside the square, now outside.
        #expect(pixmap[31, 31].alpha == 0)
    }
}
