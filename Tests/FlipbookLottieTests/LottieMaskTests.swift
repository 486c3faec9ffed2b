import FlipbookLottie
import FlipbookRaster
import Foundation
import Testing

/// Mask expansion and feather against pixels that follow from the geometry.
struct LottieMaskTests {
    /// Frame 0 of a red 100 × 100 solid masked by the rectangle `x0…x1` × `y0…y1` (added),
    /// with `extra` mask members (`"x": …`, `"f": …`).
    private func masked(x0: Double, y0: Double, x1: Double, y1: Double, extra: String) throws -> Pixmap {
        let outline = """
            {"c": true, "v": [[\(x0), \(y0)], [\(x1), \(y0)], [\(x1), \(y1)], [\(x0), \(y1)]],
             "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}
            """
        let layer = """
            {"ty": 1, "nm": "solid", "sc": "#ff0000", "sw": 100, "sh": 100, "ip": 0, "op": 10, "st": 0, "ks": {},
             "masksProperties": [{"mode": "a", "pt": {"a": 0, "k": \(outline)}, "o": {"a": 0, "k": 100}, \(extra)}]}
            """
        return try LottieFixture.render(LottieFixture.document(layers: "[\(layer)]"), frame: 0)
    }

    /// Frame 0 of a red 100 × 100 solid under `masks` (the `masksProperties` array's members).
    private func solid(masks: [String]) throws -> Pixmap {
        let layer = """
            {"ty": 1, "nm": "solid", "sc": "#ff0000", "sw": 100, "sh": 100, "ip": 0, "op": 10, "st": 0, "ks": {},
             "masksProperties": [\(masks.joined(separator: ", "))]}
            """
        return try LottieFixture.render(LottieFixture.document(layers: "[\(layer)]"), frame: 0)
    }

    /// A mask of a slanted quadrilateral (anti-aliased edges at every angle), `mode` and `extra`.
    private func slanted(mode: String, extra: String = "") -> String {
        """
        {"mode": "\(mode)", "o": {"a": 0, "k": 100}, \(extra)
         "pt": {"a": 0, "k": {"c": true, "v": [[12.3, 20.6], [83.1, 8.2], [71.4, 90.7], [20.2, 66.9]],
                "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}
        """
    }

    @Test func aPlainMaskClipsAsTheLayerOfCoverageDoes() throws {
        // One added mask at full opacity is its outline's coverage, taken straight from the
        // outline; intersected with a mask over everything it is drawn as a layer of coverage.
        // The two agree within a code value on every pixel, edges included; inverted, the
        // complement.
        let everything = """
            {"mode": "i", "o": {"a": 0, "k": 100},
             "pt": {"a": 0, "k": {"c": true, "v": [[-10, -10], [110, -10], [110, 110], [-10, 110]],
                    "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}
            """
        for inverted in [false, true] {
            let flag = "\"inv\": \(inverted),"
            let plain = try solid(masks: [slanted(mode: "a", extra: flag)])
            let layered = try solid(masks: [slanted(mode: "a", extra: flag), everything])
            var edges = 0
            for y in 0..<100 {
                for x in 0..<100 {
                    let (a, b) = (Int(plain[x, y].alpha), Int(layered[x, y].alpha))
                    #expect(abs(a - b) <= 1, "(\(x), \(y)) inverted \(inverted): \(a) against \(b)")
                    if a > 0 && a < 255 { edges += 1 }
                }
            }
            #expect(edges > 100, "the outline's edges are anti-aliased")
            #expect(plain[50, 50].alpha == (inverted ? 0 : 255))
            #expect(plain[2, 2].alpha == (inverted ? 255 : 0))
        }
    }

    @Test func maskExpansionGrowsOrShrinksTheOutline() throws {
        // 30…70 grown by 10: 20…80, its corners rounded (pixel (21, 21) is 12 from the corner
        // circle's centre (30, 30)); shrunk by 10: 40…60.
        let grown = try masked(x0: 30, y0: 30, x1: 70, y1: 70, extra: "\"x\": {\"a\": 0, \"k\": 10}")
        let shrunk = try masked(x0: 30, y0: 30, x1: 70, y1: 70, extra: "\"x\": {\"a\": 0, \"k\": -10}")
        let inside: [(Pixmap, [Int])] = [(grown, [22, 77]), (shrunk, [42, 57])]
        let outside: [(Pixmap, [Int])] = [(grown, [18]), (shrunk, [35, 65])]
        for (pixmap, columns) in inside {
            for x in columns { #expect(pixmap[x, 50].alpha == 255, "x = \(x)") }
        }
        for (pixmap, columns) in outside {
            for x in columns { #expect(pixmap[x, 50].alpha == 0, "x = \(x)") }
        }
        #expect(grown[21, 21].alpha == 0)
    }

    @Test func maskFeatherFadesTheEdgeOverItsWidth() throws {
        // The left half masked, feathered 10 wide: a Gaussian edge of σ = 10 ÷ 2.5631, whose
        // share left of the edge is each pixel's coverage.
        let pixmap = try masked(
            x0: -50, y0: -100, x1: 50, y1: 200, extra: "\"f\": {\"a\": 0, \"k\": [10, 10]}")
        let sigma = 10 / 2.5631
        for x in [38, 44, 48, 50, 53, 58] {
            let distance = 50 - (Double(x) + 0.5)
            let expected = 255 * 0.5 * (1 + erf(distance / sigma / 2.0.squareRoot()))
            #expect(abs(Double(pixmap[x, 50].alpha) - expected) <= 6, "x = \(x)")
        }
    }
}
