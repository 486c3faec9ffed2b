import FlipbookComposition
import FlipbookPresets
import Foundation
import Testing

/// Layers show exactly in their windows, to the frame: start, duration, end, sequences, loops.
@Suite struct TimingTests {
    /// The frames (at 30 fps) in which the full-canvas red layer shows.
    private func visibleFrames(_ layers: String, frames: Int = 60) throws -> [Int] {
        let preset = try CompositionFixture.preset(
            layers, width: 16, height: 16, duration: Double(frames) / 30)
        return (0..<frames).filter { CompositionFixture.frame(preset, index: $0)[8, 8].red > 128 }
    }

    @Test func aLayerShowsFromItsStartUpToItsEnd() throws {
        #expect(
            try visibleFrames(
                #"[{"type": "shape", "shape": "rect", "fill": "red", "start": "30f", "duration": "15f"}]"#)
                == Array(30..<45))
        #expect(
            try visibleFrames(#"[{"type": "shape", "shape": "rect", "fill": "red", "start": 0.5, "end": 1}]"#)
                == Array(15..<30))
    }

    @Test func aSequencePlacesItsChildrenOneAfterAnother() throws {
        let layers = """
            [{"type": "sequence", "start": "10f", "overlap": "2f", "layers": [
              {"type": "shape", "shape": "rect", "fill": "#200000", "duration": "10f"},
              {"type": "shape", "shape": "rect", "fill": "red", "duration": "10f"},
              {"type": "shape", "shape": "rect", "fill": "#200000", "start": "5f", "duration": "10f"}
            ]}]
            """
        // First child 10…19, second from 10 + 10 − 2 = 18 to 27, third 5 frames after 26.
        #expect(try visibleFrames(layers) == Array(18..<28))
    }

    @Test func aLoopRestartsTheLayersClock() throws {
        // A red flash in the first 5 frames of every 20-frame loop.
        let layers = """
            [{"type": "group", "loop": "20f", "layers": [
              {"type": "shape", "shape": "rect", "fill": "red", "duration": "5f"}]}]
            """
        #expect(try visibleFrames(layers) == Array(0..<5) + Array(20..<25) + Array(40..<45))
    }

    @Test func anExitEndsWithTheVideo() throws {
        let preset = try CompositionFixture.preset(
            #"[{"type": "shape", "shape": "rect", "fill": "white", "exit": {"effect": "fade", "duration": 1, "easing": "linear"}}]"#,
            width: 16, height: 16, duration: 2)
        #expect(CompositionFixture.frame(preset, index: 20)[8, 8].red == 255)
        #expect(abs(Int(CompositionFixture.frame(preset, index: 45)[8, 8].red) - 128) <= 2)
        #expect(CompositionFixture.frame(preset, index: 59)[8, 8].red < 12)
    }

    @Test func aTypewriterRevealsCharactersInOrder() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "text": "MMMM", "font": {"size": 20}, "fill": "red", "position": [10, 50], "anchor": "leading",
              "enter": {"effect": "typewriter", "duration": 1, "easing": "linear"}}]
            """, width: 120, height: 100)
        let widths = [8, 16, 24, 31].map { index in
            CompositionFixture.frame(preset, index: index).redColumns(row: 50, threshold: 60).max() ?? 0
        }
        #expect(
            widths == widths.sorted() && Set(widths).count == 4, "each quarter shows one more M: \(widths)")
    }

    @Test func aWipeRevealsTheBoxFromItsEdgeAndAnExitWipesItBack() throws {
        // A 100 × 40 white box at (50, 30): in from the leading edge over 1 s, out to the top
        // over the last second of 3.
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "fill": "white", "size": [100, 40], "position": [50, 30],
              "anchor": "topLeading", "enter": {"effect": "wipe", "duration": 1, "easing": "linear"},
              "exit": {"effect": "wipe", "edge": "top", "duration": 1, "easing": "linear"}}]
            """, width: 200, height: 100, duration: 3)
        /// The white columns of row 50, and the white rows of column 100, at `frame`.
        func lit(_ frame: Int) -> (columns: [Int], rows: [Int]) {
            let pixmap = CompositionFixture.frame(preset, index: frame)
            return (
                (0..<200).filter { pixmap[$0, 50].red > 128 }, (0..<100).filter { pixmap[100, $0].red > 128 }
            )
        }
        #expect(lit(0).columns.isEmpty, "nothing before the wipe starts")
        #expect(lit(15).columns == Array(50..<100), "half of the box at half the time")
        #expect(lit(30).columns == Array(50..<150), "all of it when done")
        #expect(lit(60).rows == Array(30..<70), "whole until the exit")
        #expect(lit(75).rows == Array(30..<50), "the exit wipes it back to its top edge")
    }
}
