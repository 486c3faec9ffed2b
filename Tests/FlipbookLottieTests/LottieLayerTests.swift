import FlipbookCanvas
import FlipbookLottie
import FlipbookRaster
import FlipbookTimeline
import Foundation
import Testing

/// Layers: mattes, masks, precompositions with time remap, parenting, opacity.
struct LottieLayerTests {
    /// A shape layer of one rectangle, with extra members.
    private func rectangleLayer(
        x: Double, y: Double, width: Double, height: Double, color: String = "[1, 0, 0]", extra: String = ""
    ) -> String {
        LottieFixture.shapeLayer(
            "[\(LottieFixture.filledRectangle(x: x, y: y, width: width, height: height, color: color))]",
            extra: extra)
    }

    /// Frame 0 of a blue square over the whole canvas matted by a red rectangle over its left
    /// half, with the matte mode `tt`.
    private func leftHalfMatte(_ mode: Int) throws -> Pixmap {
        let layers = """
            [\(rectangleLayer(x: 25, y: 50, width: 50, height: 100, extra: "\"td\": 1")),
             \(rectangleLayer(x: 50, y: 50, width: 100, height: 100, color: "[0, 0, 1]", extra: "\"tt\": \(mode)"))]
            """
        return try LottieFixture.render(LottieFixture.document(layers: layers), frame: 0)
    }

    @Test func alphaMatteShowsTheLayerOnlyWhereTheMatteIs() throws {
        let pixmap = try leftHalfMatte(1)
        #expect(pixmap[20, 50].blue == 255)
        #expect(pixmap[20, 50].red == 0, "the matte itself is not drawn")
        #expect(pixmap[80, 50].alpha == 0)
    }

    @Test func invertedAlphaMatteShowsTheLayerWhereTheMatteIsNot() throws {
        let pixmap = try leftHalfMatte(2)
        #expect(pixmap[20, 50].alpha == 0)
        #expect(pixmap[80, 50].blue == 255)
    }

    @Test func lumaMatteWeighsByTheMattesBrightness() throws {
        // A white matte on the left, a black one on the right: luma shows the left only.
        let layers = """
            [\(LottieFixture.shapeLayer("""
                [\(LottieFixture.filledRectangle(x: 25, y: 50, width: 50, height: 100, color: "[1, 1, 1]")),
                 \(LottieFixture.filledRectangle(x: 75, y: 50, width: 50, height: 100, color: "[0, 0, 0]"))]
                """, extra: "\"td\": 1")),
             \(rectangleLayer(x: 50, y: 50, width: 100, height: 100, color: "[0, 0, 1]", extra: "\"tt\": 3"))]
            """
        let pixmap = try LottieFixture.render(LottieFixture.document(layers: layers), frame: 0)
        #expect(pixmap[20, 50].alpha == 255)
        #expect(pixmap[80, 50].alpha == 0)
    }

    /// Frame 0 of a red square over the whole canvas with `masks` (its `masksProperties` member).
    private func maskedSquare(_ masks: String) throws -> Pixmap {
        let layers = "[\(rectangleLayer(x: 50, y: 50, width: 100, height: 100, extra: masks))]"
        return try LottieFixture.render(LottieFixture.document(layers: layers), frame: 0)
    }

    @Test func subtractMaskCutsAHole() throws {
        let mask = """
            "masksProperties": [
              {"mode": "a", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [100, 0], [100, 100], [0, 100]]}}, "o": {"a": 0, "k": 100}},
              {"mode": "s", "pt": {"a": 0, "k": {"c": true, "v": [[40, 40], [60, 40], [60, 60], [40, 60]]}}, "o": {"a": 0, "k": 100}}]
            """
        let pixmap = try maskedSquare(mask)
        #expect(pixmap[50, 50].alpha == 0)
        #expect(pixmap[20, 20].alpha == 255)
    }

    @Test func intersectMaskKeepsOnlyTheOverlap() throws {
        let mask = """
            "masksProperties": [
              {"mode": "a", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [60, 0], [60, 100], [0, 100]]}}},
              {"mode": "i", "pt": {"a": 0, "k": {"c": true, "v": [[40, 0], [100, 0], [100, 100], [40, 100]]}}}]
            """
        let pixmap = try maskedSquare(mask)
        #expect(pixmap[50, 50].alpha == 255)
        #expect(pixmap[20, 50].alpha == 0)
        #expect(pixmap[80, 50].alpha == 0)
    }

    /// The assets of a precomposition "moving": a square moving from x = 10 (frame 0) to x = 90
    /// (frame 8), linearly.
    private let movingSquare = """
        [{"id": "moving", "layers": [\(LottieFixture.shapeLayer("""
            [{"ty": "rc", "p": {"a": 1, "k": [{"t": 0, "s": [10, 50], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 8, "s": [90, 50]}]},
              "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]
            """))]}]
        """

    /// Frame `frame` of a precomposition layer showing `movingSquare`, with `members` added.
    private func movingSquare(_ members: String, frame: Double) throws -> Pixmap {
        let layer = """
            [{"ty": 0, "refId": "moving", "w": 100, "h": 100, "ip": 0, "op": 20, "st": 0, "ks": {}, \(members)}]
            """
        return try LottieFixture.render(
            LottieFixture.document(layers: layer, assets: movingSquare), frame: frame)
    }

    @Test func timeRemapShowsThePrecompositionsFrameAtTheRemappedSecond() throws {
        // The remap holds at 0.6 s (frame 6 at 10 fps, x = 70) whatever the outer frame.
        let pixmap = try movingSquare("\"tm\": {\"a\": 0, \"k\": 0.6}", frame: 1)
        #expect(pixmap[70, 50].alpha == 255)
        #expect(pixmap[20, 50].alpha == 0)
    }

    @Test func stretchedPrecompositionRunsAtHalfSpeed() throws {
        // Outer frame 8 is inner frame 4: x = 50.
        let pixmap = try movingSquare("\"sr\": 2", frame: 8)
        #expect(pixmap[50, 50].alpha == 255)
        #expect(pixmap[90, 50].alpha == 0)
    }

    @Test func childMovesWithItsParent() throws {
        let layers = """
            [\(rectangleLayer(x: 10, y: 10, width: 10, height: 10, extra: "\"parent\": 1, \"ind\": 2")),
             {"ty": 3, "ind": 1, "ip": 0, "op": 100, "st": 0, "ks": {"p": {"a": 0, "k": [50, 40]}}}]
            """
        let pixmap = try LottieFixture.render(LottieFixture.document(layers: layers), frame: 0)
        #expect(pixmap[60, 50].alpha == 255)
        #expect(pixmap[10, 10].alpha == 0)
    }

    @Test func layerOpacityHalvesItsCoverage() throws {
        let layer = LottieFixture.shapeLayer(
            "[\(LottieFixture.filledRectangle(x: 50, y: 50, width: 100, height: 100))]"
        ).replacingOccurrences(of: "\"ks\": {}", with: "\"ks\": {\"o\": {\"a\": 0, \"k\": 50}}")
        let pixmap = try LottieFixture.render(LottieFixture.document(layers: "[\(layer)]"), frame: 0)
        #expect(abs(Int(pixmap[50, 50].alpha) - 128) <= 1)
    }

    /// A shape layer of `shapes` at half opacity, frame 0: its display list and its pixels.
    private func halfOpaqueLayer(_ shapes: [String]) throws -> (DisplayList, Pixmap) {
        let layer = LottieFixture.shapeLayer("[\(shapes.joined(separator: ", "))]")
            .replacingOccurrences(of: "\"ks\": {}", with: "\"ks\": {\"o\": {\"a\": 0, \"k\": 50}}")
        let text = LottieFixture.document(layers: "[\(layer)]")
        let list = LottieScene(animation: try LottieFixture.animation(text)).displayList(
            size: CGSize(width: 100, height: 100), time: FrameTime(index: 0, seconds: 0))
        return (list, try LottieFixture.render(text, frame: 0))
    }

    private func holdsALayer(_ list: DisplayList) -> Bool {
        list.items.contains { if case .layer = $0 { true } else { false } }
    }

    @Test func aLayerOfOneDrawingTakesItsOpacityWithoutAnOffscreenLayer() throws {
        let (list, pixmap) = try halfOpaqueLayer([
            LottieFixture.filledRectangle(x: 50, y: 50, width: 60, height: 60)
        ])
        #expect(!holdsALayer(list) && list.items.count == 1)
        #expect(abs(Int(pixmap[50, 50].alpha) - 128) <= 1 && abs(Int(pixmap[50, 50].red) - 128) <= 1)
        #expect(pixmap[10, 10].alpha == 0)
    }

    @Test func aLayerOfOverlappingDrawingsIsCompositedWhole() throws {
        // Blue over red inside the layer: where they overlap the layer shows blue at half
        // opacity; each drawn at half opacity on its own, red would show through.
        let (list, pixmap) = try halfOpaqueLayer([
            LottieFixture.filledRectangle(x: 60, y: 50, width: 40, height: 40, color: "[0, 0, 1]"),
            LottieFixture.filledRectangle(x: 40, y: 50, width: 40, height: 40),
        ])
        #expect(holdsALayer(list))
        #expect(abs(Int(pixmap[50, 50].alpha) - 128) <= 1 && pixmap[50, 50].red == 0)
        #expect(abs(Int(pixmap[30, 50].red) - 128) <= 1)
    }

    @Test func layerIsHiddenOutsideItsInAndOutPoints() throws {
        let layer = rectangleLayer(x: 50, y: 50, width: 100, height: 100)
            .replacingOccurrences(of: "\"ip\": 0, \"op\": 1000", with: "\"ip\": 3, \"op\": 6")
        let text = LottieFixture.document(layers: "[\(layer)]")
        #expect(try LottieFixture.render(text, frame: 2)[50, 50].alpha == 0)
        #expect(try LottieFixture.render(text, frame: 3)[50, 50].alpha == 255)
        #expect(try LottieFixture.render(text, frame: 6)[50, 50].alpha == 0)
    }
}
