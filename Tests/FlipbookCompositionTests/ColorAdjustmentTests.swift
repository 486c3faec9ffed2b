import FlipbookCanvas
import FlipbookComposition
import FlipbookRaster
import Foundation
import Testing

/// A layer's colour adjustments (`brightness` … `colorMultiply`) and opaque blur, decoded from
/// JSON and measured in the rendered frame against SwiftUI's (SVG's) formulas.
@Suite struct ColorAdjustmentTests {
    /// The centre pixel of a 200 × 100 frame filled by a rectangle of `fill` with `extra` members.
    private static func centre(_ fill: String, _ extra: String) throws -> PremultipliedColor {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "fill": "\(fill)", \(extra)}]
            """)
        return CompositionFixture.frame(preset, index: 0)[100, 50]
    }

    private static func expect(
        _ color: PremultipliedColor, _ red: Int, _ green: Int, _ blue: Int, _ note: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let off =
            [Int(color.red) - red, Int(color.green) - green, Int(color.blue) - blue].map(abs).max() ?? 0
        #expect(off <= 1, "\(note): got \(color)", sourceLocation: sourceLocation)
    }

    @Test func eachAdjustmentDoesWhatSwiftUIsModifierDoes() throws {
        // Orange #FF8000: grey by the luminance weights 0.213, 0.715, 0.072.
        Self.expect(try Self.centre("#ff8000", #""grayscale": 1"#), 146, 146, 146, "grayscale")
        Self.expect(try Self.centre("#ff8000", #""saturation": 0"#), 146, 146, 146, "saturation 0")
        Self.expect(try Self.centre("#ff8000", #""grayscale": 0.5"#), 201, 137, 73, "half grey")
        Self.expect(try Self.centre("#646464", #""brightness": 0.2"#), 151, 151, 151, "brightness")
        Self.expect(try Self.centre("#c04000", #""contrast": 2"#), 255, 0, 0, "contrast")
        Self.expect(try Self.centre("#ff8000", #""colorInvert": 1"#), 0, 127, 255, "invert")
        Self.expect(try Self.centre("#ffffff", ##""colorMultiply": "#336699""##), 51, 102, 153, "multiply")
        // A half turn of the hue of pure red: SVG's matrix at cos = −1, sin = 0.
        Self.expect(try Self.centre("#ff0000", #""hueRotation": 180"#), 0, 109, 109, "hue")
    }

    @Test func adjustmentsApplyInTheirOrderAsOneMatrix() throws {
        // Brightness first, then contrast: (0.4 + 0.1 − 0.5) · 1.5 + 0.5 = 0.5; the other order
        // would give (0.4 − 0.5) · 1.5 + 0.5 + 0.1 = 0.45.
        let both = try Self.centre("#666666", #""contrast": 1.5, "brightness": 0.1"#)
        Self.expect(both, 128, 128, 128, "brightness, then contrast")
    }

    @Test func keyframedAdjustmentsChangeOverTimeAndSaySo() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "fill": "#ff8000",
              "saturation": [{"t": 0, "value": 1}, {"t": 1, "value": 0, "easing": "linear"}]}]
            """)
        Self.expect(CompositionFixture.frame(preset, index: 0)[100, 50], 255, 128, 0, "start")
        Self.expect(CompositionFixture.frame(preset, index: 30)[100, 50], 146, 146, 146, "end")
        let reasons = CompositionFixture.reasonsForFrame10(preset)
        #expect(reasons.values.contains("colour keyframes"), "\(reasons)")
    }

    @Test func anOpaqueBlurKeepsTheBoxFullToItsEdgesAndNothingOutside() throws {
        /// White layers blurred by `blur`: one filling the frame, or a 40 × 40 box at (150, 50).
        func frame(_ blur: String, small: Bool) throws -> Pixmap {
            let box = small ? #""size": [40, 40], "position": [150, 50], "# : ""
            return CompositionFixture.frame(
                try CompositionFixture.preset(
                    """
                    [{"type": "shape", "shape": "rect", "fill": "white", \(box)"blur": \(blur)}]
                    """), index: 0)
        }
        let opaque = #"{"radius": 8, "opaque": true}"#
        // The frame-filling layer: a plain blur fades towards the black behind it at the
        // frame's corners; an opaque one keeps full strength there.
        #expect(try frame("8", small: false)[0, 0].red < 128)
        let full = try frame(opaque, small: false)
        #expect(full[0, 0].red == 255 && full[199, 99].red == 255)
        // The box spans 130…170: a plain blur spreads across its edges, an opaque one is white
        // to them and nothing beyond.
        let plain = try frame("8", small: true)
        #expect(plain[131, 50].red < 200 && plain[128, 50].red > 0)
        let kept = try frame(opaque, small: true)
        #expect(kept[130, 50].red == 255 && kept[169, 31].red == 255)
        #expect(kept[129, 50].red == 0 && kept[170, 50].red == 0 && kept[150, 29].red == 0)
    }

    @Test func anOpaqueBlurStaysInsideItsBox() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "circle", "fill": "white", "size": [40, 40],
              "blur": {"radius": [{"t": 0, "value": 6}, {"t": 1, "value": 12}], "opaque": true}}]
            """)
        let frame = CompositionFixture.frame(preset, index: 0)
        // The box spans 80…120 × 30…70: nothing beyond it, and the circle's blur fills it opaque.
        #expect(frame[76, 50].red == 0 && frame[124, 50].red == 0 && frame[100, 26].red == 0)
        #expect(frame[82, 50].red > 0 && frame[100, 50].red == 255)
    }

    @Test func badAdjustmentsAreNamedWithTheirPath() {
        let text = """
            {"width": 100, "height": 100, "fps": 30, "duration": 1, "layers": [
              {"type": "shape", "shape": "rect", "brightness": 2, "grayscale": "full"},
              {"type": "shape", "shape": "rect", "blur": {"opaque": true}},
              {"type": "shape", "shape": "rect", "blur": {"radius": 4, "opaque": 1}},
              {"type": "shape", "shape": "rect", "colorMultiply": "nope", "hueRotatoin": 30},
              {"type": "shape", "shape": "rect", "blur": {"radius": 4, "opacity": 1}}
            ]}
            """
        let problems = CompositionFixture.problems(text)
        for expected in [
            "layers[0].brightness: must be between -1 and 1 (got 2)",
            "layers[0].grayscale: must be a number",
            #"layers[1].blur: missing required key "radius""#,
            "layers[2].blur.opaque: must be true or false",
            #"layers[4].blur.opacity: unknown key "opacity"; known keys: opaque, radius"#,
            "layers[3].colorMultiply:",
            #"did you mean "hueRotation""#,
        ] {
            #expect(problems.contains { $0.contains(expected) }, "\(expected) not in \(problems)")
        }
    }
}
