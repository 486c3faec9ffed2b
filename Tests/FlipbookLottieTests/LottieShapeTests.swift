import FlipbookLottie
import FlipbookRaster
import Testing

/// Shapes, paints and modifiers against pixels whose expected values follow from the geometry.
struct LottieShapeTests {
    @Test func filledRectangleCoversItsBoxOnly() throws {
        let text = LottieFixture.document(
            layers:
                "[\(LottieFixture.shapeLayer("[\(LottieFixture.filledRectangle(x: 50, y: 50, width: 40, height: 20))]"))]"
        )
        let pixmap = try LottieFixture.render(text, frame: 0)
        #expect(pixmap[50, 50].red == 255)
        #expect(pixmap[50, 50].alpha == 255)
        #expect(pixmap[31, 41].alpha == 255)
        #expect(pixmap[28, 50].alpha == 0)
        #expect(pixmap[50, 62].alpha == 0)
    }

    /// Frame 0 of a line from (0, 50) to (100, 50) trimmed to `start`…`end` percent, turned by
    /// `offset` degrees, stroked 10 wide in blue with butt caps.
    private func trimmedLine(start: Double, end: Double, offset: Double) throws -> Pixmap {
        let line = """
            [{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 50], [100, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}},
             {"ty": "tm", "s": {"a": 0, "k": \(start)}, "e": {"a": 0, "k": \(end)}, "o": {"a": 0, "k": \(offset)}, "m": 1},
             {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}]
            """
        return try LottieFixture.render(
            LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(line))]"), frame: 0)
    }

    @Test func trimPathKeepsTheFirstHalfOfALine() throws {
        let pixmap = try trimmedLine(start: 0, end: 50, offset: 0)
        #expect(pixmap[25, 50].blue == 255)
        #expect(pixmap[48, 50].alpha == 255)
        #expect(pixmap[52, 50].alpha == 0)
        #expect(pixmap[75, 50].alpha == 0)
    }

    @Test func trimOffsetWrapsPastTheEnd() throws {
        // 0…50 % turned by 270° (three quarters): 75 %…100 % and 0 %…25 % of the line remain.
        let pixmap = try trimmedLine(start: 0, end: 50, offset: 270)
        #expect(pixmap[10, 50].alpha == 255)
        #expect(pixmap[90, 50].alpha == 255)
        #expect(pixmap[50, 50].alpha == 0)
    }

    @Test func repeaterDrawsEachCopyOneStepFurther() throws {
        let shapes = """
            [{"ty": "rc", "p": {"a": 0, "k": [10, 50]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
             {"ty": "fl", "c": {"a": 0, "k": [0, 1, 0]}, "o": {"a": 0, "k": 100}},
             {"ty": "rp", "c": {"a": 0, "k": 3}, "o": {"a": 0, "k": 0}, "m": 1,
              "tr": {"p": {"a": 0, "k": [30, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                     "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}]
            """
        let pixmap = try LottieFixture.render(
            LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes))]"), frame: 0)
        for x in [10, 40, 70] { #expect(pixmap[x, 50].green == 255, "copy at x = \(x)") }
        #expect(pixmap[100 - 1, 50].alpha == 0)
        #expect(pixmap[25, 50].alpha == 0)
    }

    @Test func holdKeyframeKeepsItsValueUntilTheNext() throws {
        let shapes = """
            [{"ty": "rc", "p": {"a": 1, "k": [{"t": 0, "s": [20, 50], "h": 1}, {"t": 5, "s": [80, 50]}]},
              "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]
            """
        let text = LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes))]")
        let before = try LottieFixture.render(text, frame: 4.9)
        #expect(before[20, 50].alpha == 255)
        #expect(before[80, 50].alpha == 0)
        let after = try LottieFixture.render(text, frame: 5)
        #expect(after[80, 50].alpha == 255)
    }

    @Test func linearKeyframesMoveHalfWayAtTheMiddleFrame() throws {
        let shapes = """
            [{"ty": "rc", "p": {"a": 1, "k": [{"t": 0, "s": [20, 50], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                                              {"t": 10, "s": [80, 50]}]},
              "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]
            """
        let pixmap = try LottieFixture.render(
            LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes))]"), frame: 5)
        #expect(pixmap[50, 50].alpha == 255)
        #expect(pixmap[45, 50].alpha == 0)
    }

    @Test func mergePathsSubtractCutsTheLaterOutlinesOut() throws {
        // A 60-wide square with a 20-wide one at its centre subtracted, filled: a frame.
        let shapes = """
            [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [60, 60]}, "r": {"a": 0, "k": 0}},
             {"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
             {"ty": "mm", "mm": 3},
             {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]
            """
        let pixmap = try LottieFixture.render(
            LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes))]"), frame: 0)
        #expect(pixmap[30, 50].alpha == 255)
        #expect(pixmap[50, 50].alpha == 0)
        #expect(pixmap[10, 50].alpha == 0)
    }
}
