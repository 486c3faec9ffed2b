import FlipbookCanvas
import FlipbookComposition
import FlipbookRaster
import Foundation
import Testing

/// A text layer's `stroke`: an outline under the letters, half its width showing outside them.
@Suite struct TextStrokeTests {
    /// "HI" in white, 60 points bold, at the centre of a black 200 × 100 frame, with `extra`.
    private static func frame(_ extra: String, at index: Int = 0) throws -> Pixmap {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "text": "HI", "font": {"size": 60, "weight": "bold"}, "fill": "white" \(extra)}]
            """)
        return CompositionFixture.frame(preset, index: index)
    }

    private static func isRed(_ p: PremultipliedColor) -> Bool { p.red > 200 && p.green < 60 }
    private static func isWhite(_ p: PremultipliedColor) -> Bool { p.red > 200 && p.green > 200 }

    @Test func theOutlineRimsTheLettersAndLeavesTheirShapes() throws {
        let plain = try Self.frame("")
        let outlined = try Self.frame(#", "stroke": {"paint": "red", "width": 8}"#)
        let row = 50
        let white = (0..<200).filter { Self.isWhite(plain[$0, row]) }
        let first = try #require(white.first)
        // Every pixel the plain letters fill fully is still white: the outline is under them.
        for x in white where Self.isWhite(plain[x - 1, row]) && Self.isWhite(plain[x + 1, row]) {
            #expect(Self.isWhite(outlined[x, row]), "column \(x)")
        }
        // Left of the H, half the width of red: 4 points, give or take the edges' shading.
        let red = (0..<first).filter { Self.isRed(outlined[$0, row]) }
        #expect((3...5).contains(red.count), "\(red)")
        #expect(red.last.map { $0 >= first - 2 } ?? false)
        #expect(!(0..<200).contains { Self.isRed(plain[$0, row]) })
    }

    @Test func aKeyframedOutlineGrowsAndSaysSo() throws {
        let extra = #", "stroke": {"paint": "red", "width": [{"t": 0, "value": 0}, {"t": 1, "value": 8}]}"#
        func redCount(_ index: Int) throws -> Int {
            let frame = try Self.frame(extra, at: index)
            return (0..<200).filter { Self.isRed(frame[$0, 50]) }.count
        }
        #expect(try redCount(0) == 0)
        #expect(try redCount(30) > 8)
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "text": "HI", "fill": "white" \(extra)}]
            """)
        let reasons = CompositionFixture.reasonsForFrame10(preset)
        #expect(reasons.values.contains("stroke keyframes"), "\(reasons)")
    }

    @Test func aStrokeWithoutPaintIsNamed() {
        let problems = CompositionFixture.problems(
            """
            {"width": 100, "height": 100, "fps": 30, "duration": 1,
             "layers": [{"type": "text", "text": "Hi", "stroke": {"width": 3, "join": "pointy"}}]}
            """)
        #expect(
            problems.contains { $0.contains(#"layers[0].stroke: missing required key "paint""#) },
            "\(problems)")
    }
}
