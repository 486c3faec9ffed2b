import FlipbookComposition
import FlipbookPresets
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// Each layer kind drawn against its reference image, with its main pixels checked by number
/// as well.
@Suite struct LayerKindTests {
    private func check(_ frame: Pixmap, _ name: String) {
        let result = Snapshot.check(
            frame, folder: "Tests/FlipbookCompositionTests", feature: "layers", name: name)
        #expect(result.failure == nil, "\(result.failure ?? "")")
    }

    @Test func shapesFillTheirBoxes() throws {
        let preset = try CompositionFixture.preset(
            """
            [
              {"type": "shape", "shape": "rect", "size": [40, 40], "position": [25, 50], "fill": "#ff0000"},
              {"type": "shape", "shape": "circle", "size": [40, 40], "position": [75, 50], "fill": "#00ff00"},
              {"type": "shape", "shape": "star", "size": [40, 40], "position": [125, 50], "fill": "yellow"},
              {"type": "shape", "shape": "path", "path": "M0 0 L10 0 L10 10 Z", "viewBox": [0, 0, 10, 10],
               "size": [40, 40], "position": [175, 50],
               "fill": {"type": "linear", "colors": ["blue", "white"], "start": "leading", "end": "trailing"},
               "stroke": {"paint": "white", "width": 2}}
            ]
            """)
        let frame = CompositionFixture.frame(preset, index: 0)
        #expect(frame[25, 50] == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(frame[3, 50].red == 0 && frame[43, 50].red == 255)
        #expect(frame[75, 50].green == 255 && frame[57, 32].green == 0)  // the circle's corner is empty
        #expect(frame[125, 50].red > 200 && frame[125, 50].green > 200)
        #expect(frame[190, 40].blue > 200 && frame[160, 60].blue == 0)  // above the diagonal only
        check(frame, "shapes")
    }

    @Test func textDrawsItsRunsInTheirColours() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "position": ["50%", "50%"], "alignment": "center", "font": {"size": 28, "weight": "bold"},
              "runs": [{"text": "Red ", "fill": "red"}, {"text": "Blue", "fill": "blue"}]}]
            """)
        let frame = CompositionFixture.frame(preset, index: 0)
        let reds = (0..<200).filter { x in (30..<70).contains { frame[x, $0].red > 200 } }
        let blues = (0..<200).filter { x in (30..<70).contains { frame[x, $0].blue > 200 } }
        #expect(!reds.isEmpty && !blues.isEmpty)
        #expect(reds.max()! < blues.min()!, "the red run is left of the blue one")
        check(frame, "text-runs")
    }

    @Test func aTextIsSetSmallerToFitItsBoxAndCutAtItsLineLimit() throws {
        let long = "A much longer headline than the designer planned for, from a table of variants"
        /// The rows with white text in them.
        func textRows(_ extra: String) throws -> [Int] {
            let preset = try CompositionFixture.preset(
                #"[{"type": "text", "text": "\#(long)", "fill": "white", "font": {"size": 24}, \#(extra)}]"#,
                width: 400, height: 300)
            let frame = CompositionFixture.frame(preset, index: 0)
            return (0..<300).filter { y in (0..<400).contains { frame[$0, y].red > 128 } }
        }
        // In a 300 × 60 box centred at y = 150 the text wraps to more than 60 points…
        let box = #""size": [300, 60], "position": [200, 150]"#
        let overflowing = try textRows(box)
        #expect(overflowing.max()! - overflowing.min()! > 60)
        // …and set smaller, it stays within the box's rows (120…180).
        let fitted = try textRows(box + #", "minimumScaleFactor": 0.3"#)
        #expect(fitted.min()! >= 119 && fitted.max()! <= 181, "\(fitted.min()!)…\(fitted.max()!)")
        // Two lines at most, the second cut: about two lines' height (24 pt type).
        let cut = try textRows(#""maxWidth": 300, "position": [200, 150], "lineLimit": 2"#)
        #expect(Double(cut.max()! - cut.min()!) < 2 * 24 * 1.3)
    }

    @Test(arguments: [("tail", true, false), ("head", false, true), ("middle", true, true)])
    func aTextCutAtItsLineLimitKeepsWhatItsTruncationModeSays(mode: String, red: Bool, blue: Bool) throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "position": [10, 30], "anchor": "leading", "maxWidth": 180, "lineLimit": 1,
              "truncationMode": "\(mode)", "font": {"size": 20},
              "runs": [{"text": "Red words come first, ", "fill": "#ff0000"}, {"text": "and the blue ones come last", "fill": "#0000ff"}]}]
            """)
        let frame = CompositionFixture.frame(preset, index: 0)
        let pixels = (0..<frame.width).flatMap { x in (0..<frame.height).map { frame[x, $0] } }
        #expect(pixels.contains { $0.red > 200 && $0.blue == 0 } == red)
        #expect(pixels.contains { $0.blue > 200 && $0.red == 0 } == blue)
    }

    @Test func aTextCaseSetsAVariablesLettersByTheCompositionsLocale() throws {
        func frame(_ text: String, _ keys: String) throws -> Pixmap {
            let preset = try CompositionFixture.preset(
                #"[{"type": "text", "text": "\#(text)", "fill": "white", "font": {"size": 24}\#(keys)}]"#,
                width: 300, height: 60, extra: #""locale": "tr_TR", "variables": {"city": "istanbul"}"#)
            return CompositionFixture.frame(preset, index: 0)
        }
        let cased = try frame("{city} straße", #", "textCase": "uppercase""#)
        #expect(cased.bytes == (try frame("İSTANBUL STRASSE", "")).bytes)
        #expect(cased.bytes != (try frame("ISTANBUL STRASSE", "")).bytes, "a Turkish capital İ")
    }

    @Test func aMaskShowsTheLayerWhereItDrawsWeightedByItsOpacity() throws {
        // A white layer over the whole 200 × 100 canvas, masked by a 40 × 40 square at the
        // centre, drawn at `opacity`.
        func frame(_ keys: String, opacity: Double = 1) throws -> Pixmap {
            let preset = try CompositionFixture.preset(
                """
                [{"type": "shape", "shape": "rect", "fill": "white", \(keys)
                  "mask": {"type": "shape", "shape": "rect", "size": [40, 40], "opacity": \(opacity)}}]
                """)
            return CompositionFixture.frame(preset, index: 0)
        }
        let masked = try frame("")
        #expect(masked[100, 50].red == 255 && masked[81, 50].red == 255 && masked[119, 69].red == 255)
        #expect(masked[79, 50].red == 0 && masked[100, 29].red == 0 && masked[10, 10].red == 0)
        let inverted = try frame(#""maskInverted": true,"#)
        #expect(inverted[100, 50].red == 0 && inverted[10, 10].red == 255 && inverted[79, 50].red == 255)
        let half = try frame("", opacity: 0.5)
        #expect(abs(Int(half[100, 50].red) - 128) <= 1 && half[10, 10].red == 0)
    }

    @Test func aTextMaskCutsItsLettersOutOfALayerAndMovesWithIt() throws {
        // A red layer masked by white text, against the same text drawn red: the same pixels —
        // also when the masked layer is moved, since the mask sits in its box.
        func frame(_ layer: String) throws -> Pixmap {
            let preset = try CompositionFixture.preset("[\(layer)]", width: 300, height: 100)
            return CompositionFixture.frame(preset, index: 0)
        }
        let text = #""type": "text", "text": "MASK", "font": {"size": 60, "weight": "bold"}"#
        for position in ["", #""position": [120, 40], "#] {
            let masked = try frame(
                ##"{"type": "shape", "shape": "rect", "fill": "#ff0000", "size": [300, 100], \##(position)"mask": {\##(text), "fill": "white"}}"##
            )
            let drawn = try frame(
                ##"{"type": "group", "size": [300, 100], \##(position)"layers": [{\##(text), "fill": "#ff0000"}]}"##
            )
            #expect(masked.bytes == drawn.bytes, "at \(position)")
        }
    }

    @Test func aMaskIsALayerWithItsOwnErrors() throws {
        let text =
            #"{"width": 64, "height": 64, "duration": 1, "layers": [{"type": "shape", "shape": "rect", "mask": {"type": "sparkle"}}, {"type": "shape", "shape": "rect", "maskInverted": true}]}"#
        let problems = CompositionFixture.problems(text)
        #expect(problems.contains { $0.contains("layers[0].mask.type: must be one of") }, "\(problems)")
        #expect(problems.contains { $0.contains(#"layers[1].maskInverted: needs a "mask""#) }, "\(problems)")
    }

    /// An SVG of a red rectangle filling its `width` × `height` view box.
    private func redRectangle(width: Int, height: Int) -> String {
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(width) \##(height)">"##
            + ##"<rect width="\##(width)" height="\##(height)" fill="#ff0000"/></svg>"##
    }

    @Test func imagesFitTheirBoxes() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(redRectangle(width: 20, height: 10), to: "wide.svg")
        let preset = try CompositionFixture.preset(
            """
            [
              {"type": "image", "file": "wide.svg", "size": [60, 60], "position": [50, 50], "fit": "contain"},
              {"type": "image", "file": "wide.svg", "size": [60, 60], "position": [150, 50], "fit": "cover", "cornerRadius": 10}
            ]
            """, file: folder.path("test.json"))
        let frame = CompositionFixture.frame(preset, index: 0)
        // contain: 60 × 30, centred → rows 35…65 red, rows 21 and 79 not.
        #expect(frame[50, 50].red == 255 && frame[50, 25].red == 0 && frame[50, 75].red == 0)
        // cover: the whole 60 × 60 box, its corners rounded.
        #expect(frame[150, 22].red == 255 && frame[121, 21].red == 0)
        check(frame, "images")
    }

    @Test func anImagesCornerRadiusCanBeKeyframed() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(redRectangle(width: 10, height: 10), to: "square.svg")
        let preset = try CompositionFixture.preset(
            """
            [{"type": "image", "file": "square.svg", "size": [60, 60], "position": [100, 50],
              "cornerRadius": [{"t": 0, "value": 0}, {"t": 1, "value": "50%", "easing": "linear"}]}]
            """, file: folder.path("test.json"))
        // The box is x 70…130, y 20…80: its corner pixel is red while the corners are square,
        // and outside the circle the radius reaches at 1 s; its centre is red throughout.
        let square = CompositionFixture.frame(preset, index: 0)
        let round = CompositionFixture.frame(preset, index: 30)
        #expect(square[71, 21].red == 255 && square[100, 50].red == 255)
        #expect(round[71, 21].red == 0 && round[100, 50].red == 255)
    }

    @Test func aSceneLayerDrawsTheSceneInItsBox() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "scene", "scene": "pulsing-dots", "size": [100, 100], "position": [50, 50], "clip": true}]
            """)
        let frame = CompositionFixture.frame(preset, index: 3)
        let right = (100..<200).contains { x in (0..<100).contains { frame[x, $0].blue > 8 } }
        #expect(frame.hasContent)
        #expect(!right, "nothing is drawn outside the clipped scene's box")
        check(frame, "scene")
    }

    @Test func aGroupTransformsAndClipsItsChildren() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "group", "size": [80, 80], "position": [100, 50], "rotation": 45, "clip": true, "opacity": 0.5,
              "layers": [{"type": "shape", "shape": "rect", "size": [200, 20], "fill": "white"}]}]
            """)
        let frame = CompositionFixture.frame(preset, index: 0)
        #expect(abs(Int(frame[100, 50].red) - 128) <= 1, "half opacity")
        #expect(frame[30, 50].red == 0, "clipped to the group's (rotated) box")
        #expect(frame[115, 65].red > 100, "the bar runs along the rotated diagonal")
        check(frame, "group")
    }
}
