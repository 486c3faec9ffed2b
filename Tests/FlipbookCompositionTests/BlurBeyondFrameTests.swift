import FlipbookComposition
import FlipbookRaster
import Foundation
import Testing

/// A layer's blur and shadow see what it draws past the frame: the frame shows part of a larger
/// picture, so a blurred shape half off the frame stays full strength at the frame's edge.
@Suite struct BlurBeyondFrameTests {
    @Test func aBlurredShapeHalfOffTheFrameKeepsTheGaussianProfile() throws {
        // A white rectangle from x = −100 to 60, taller than the 200 × 100 frame, blurred by
        // σ = 10: across row 50 its edge at x = 60 is the error function, and the frame's left
        // edge, 100 points inside the rectangle, is white.
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "fill": "white", "size": [160, 300], "position": [-20, 50],
              "blur": 10}]
            """)
        let frame = CompositionFixture.frame(preset, index: 0)
        for x in [0, 1, 5, 20, 40, 50, 55, 60, 65, 70, 80, 95] {
            let expected = 255 * 0.5 * (1 + erf((60 - (Double(x) + 0.5)) / (10 * 2.0.squareRoot())))
            let got = Double(frame[x, 50].red)
            #expect(abs(got - expected) <= 0.03 * 255, "x = \(x): \(got), the Gaussian gives \(expected)")
        }
    }

    @Test func aShadowCastFromAboveTheFrameFallsIntoIt() throws {
        // A box wholly above the frame (y −40…−10) casts a red shadow 30 points down: it shows
        // in the frame's top rows, as it would on a larger canvas.
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "fill": "white", "size": [100, 30], "position": [100, -25],
              "shadow": {"color": "#ff0000", "radius": 2, "y": 30}}]
            """)
        let frame = CompositionFixture.frame(preset, index: 0)
        #expect(frame[100, 5].red > 200 && frame[100, 5].green == 0)
        #expect(frame[100, 40].red == 0)
    }

    @Test func theFrameShowsTheMiddleOfALargerFrame() throws {
        // A dithered glow, blurred and shadowed, reaching past the bottom edge: the same
        // layer 64 points in on a frame 128 points larger gives the same pixels there.
        let layer = """
            {"type": "shape", "shape": "circle", "fill": {"type": "radial", "colors": ["#ff9f0a", "#ff9f0a00"]},
             "size": [40, 40], "position": [%X%, %Y%], "blur": 6, "shadow": {"color": "black", "radius": 3, "y": 4}}
            """
        func frame(width: Int, height: Int, shift: Int) throws -> Pixmap {
            let placed = layer.replacingOccurrences(of: "%X%", with: String(100 + shift))
                .replacingOccurrences(of: "%Y%", with: String(75 + shift))
            return CompositionFixture.frame(
                try CompositionFixture.preset("[\(placed)]", width: width, height: height), index: 0)
        }
        let small = try frame(width: 200, height: 100, shift: 0)
        let large = try frame(width: 328, height: 228, shift: 64)
        let same = small == large.cropped(to: PixelBounds(columns: 64..<264, rows: 64..<164))
        #expect(same)  // compared as values: a failing comparison of pixmaps prints every byte
    }
}
