import FlipbookComposition
import FlipbookPresets
import FlipbookRaster
import Foundation
import Testing

/// A composition written with markers, CSS colours and the new easings renders with each in
/// effect: colours sampled from the frames, a layer appearing on the marker's frame, a square
/// where the bounce puts it, a stepped opacity jumping at its start.
@Suite struct WrittenValuesRenderTests {
    /// At 30 fps the marker `drop` is frame 15 (0.5 s).
    private static let layers = """
        [{"type": "shape", "shape": "rect", "fill": "hsl(270 50% 40%)"},
         {"type": "shape", "shape": "rect", "fill": "rgb(255 0 0)", "size": ["8px", 8], "anchor": "topLeading",
          "position": [{"t": 0, "value": ["8px", 12]}, {"t": "drop", "value": [48, 12], "easing": "easeOutBounce"}]},
         {"type": "shape", "shape": "rect", "fill": "lime", "start": "drop", "size": [64, 4], "position": [32, 30]},
         {"type": "shape", "shape": "rect", "fill": "white", "size": [4, 4], "position": [60, 4],
          "opacity": [{"t": 0, "value": 0}, {"t": "drop-0.1", "value": 1, "easing": "steps(2, jump-start)"}]}]
        """

    private func preset() throws -> Preset {
        try CompositionFixture.preset(
            Self.layers, width: 64, height: 32, duration: 1, extra: #""markers": {"drop": "15f"}"#)
    }

    /// hsl(270 50% 40%) is rebeccapurple, rgb(102 51 153); `lime` is CSS's, rgb(0 255 0).
    @Test func cssColoursArePainted() throws {
        let frame = CompositionFixture.frame(try preset(), index: 20)
        let background = frame[2, 2]
        #expect([background.red, background.green, background.blue] == [102, 51, 153])
        let strip = frame[32, 30]
        #expect([strip.red, strip.green, strip.blue] == [0, 255, 0])
    }

    @Test func aLayerStartingAtAMarkerAppearsOnItsFrame() throws {
        let preset = try preset()
        #expect(CompositionFixture.frame(preset, index: 14)[32, 30].green == 51)
        #expect(CompositionFixture.frame(preset, index: 15)[32, 30].green == 255)
    }

    /// The square's left edge, from the red coverage of its row over the purple: the centroid
    /// of the coverage less half its width.
    private func squareLeft(_ frame: Pixmap) -> Double {
        let coverage = (0..<64).map { max(0, Double(frame[$0, 16].red) - 102) / 153 }
        let total = coverage.reduce(0, +)
        let centroid = zip(0..., coverage).map { (Double($0) + 0.5) * $1 }.reduce(0, +) / total
        return centroid - total / 2
    }

    /// easeOutBounce from x = 8 to 48 ending at the marker: at frame 5 (a third of the way) the
    /// square is at 8 + 40 × 7.5625 × (1/3)², and from the marker on at 48.
    @Test func theSquareBouncesToItsPlaceAtTheMarker() throws {
        let preset = try preset()
        let third = 8 + 40 * 7.5625 / 9
        #expect(abs(squareLeft(CompositionFixture.frame(preset, index: 5)) - third) < 0.05)
        #expect(abs(squareLeft(CompositionFixture.frame(preset, index: 15)) - 48) < 0.05)
        #expect(abs(squareLeft(CompositionFixture.frame(preset, index: 25)) - 48) < 0.05)
    }

    /// steps(2, jump-start) over 0…0.4 s: nothing at frame 0 (the first keyframe's value), half
    /// from just after it (white at 50 % over the purple), all from 0.2 s.
    @Test func aSteppedOpacityJumpsAtItsStart() throws {
        let preset = try preset()
        #expect(CompositionFixture.frame(preset, index: 0)[60, 4].red == 102)
        for index in [1, 5] {
            let half = CompositionFixture.frame(preset, index: index)[60, 4]
            #expect(abs(Int(half.red) - 179) <= 1 && abs(Int(half.green) - 153) <= 1, "\(index): \(half)")
        }
        #expect(CompositionFixture.frame(preset, index: 6)[60, 4].green == 255)
    }
}
