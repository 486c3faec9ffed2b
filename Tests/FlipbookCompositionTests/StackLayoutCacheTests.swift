import FlipbookComposition
import FlipbookPresets
import Foundation
import Testing

/// A stack is laid out once per distinct input, not once a frame: its composition's layout
/// cache counts the layouts it works out.
@Suite struct StackLayoutCacheTests {
    /// Renders frames `range` of `preset` (30 fps) and answers how many layouts its cache has
    /// worked out after each.
    private func computations(_ preset: Preset, frames range: Range<Int>) -> [Int] {
        let cache = CompositionFixture.composition(preset).layoutCache
        return range.map { index in
            _ = CompositionFixture.frame(preset, index: index)
            return cache.computations
        }
    }

    /// A stack whose values stay the same is laid out on the first frame and never again, however
    /// many frames follow — nested stacks and texts included.
    @Test func aStillStackIsLaidOutOnce() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "axis": "column", "spacing": 4, "layers": [
               {"type": "text", "text": "Hello", "font": {"size": 14}, "fill": "white"},
               {"type": "stack", "axis": "row", "spacing": 2, "layers": [\(StackLayoutTests.box("A", 10, 10)), \(StackLayoutTests.box("B", 20, 10))]}]}]
            """)
        let counts = computations(preset, frames: 0..<20)
        #expect(counts[0] > 0)
        #expect(Set(counts) == [counts[0]], "no layout after the first frame: \(counts)")
    }

    /// Keyframed spacing changes the layout on every frame it moves, and only then: from 0 to
    /// 30 over the first second, 31 distinct values at 30 fps, then still.
    @Test func aKeyframedSpacingLaysOutAgainWhileItMoves() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "axis": "row", "layers": [\(StackLayoutTests.box("A", 10, 10)), \(StackLayoutTests.box("B", 20, 10))],
              "spacing": [{"t": 0, "value": 0}, {"t": 1, "value": 30, "easing": "linear"}]}]
            """)
        let counts = computations(preset, frames: 0..<45)
        #expect(counts[0] == 1)
        #expect(counts[30] == 31, "one layout for each frame of the first second and the frame at 1 s")
        #expect(counts.last == 31, "none once the spacing is still")
        let boxes = LayerBoxes(preset, at: 0.5)
        #expect(abs(try #require(boxes["B"]).minX - (try #require(boxes["A"]).maxX) - 15) < 1e-9)
    }

    /// A counting number in a stack changes its text's width, and its siblings move with it:
    /// a layout for each value it shows.
    @Test func aCountingTextLaysItsStackOutForEachValue() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "axis": "row", "spacing": 4, "layers": [
               {"type": "text", "name": "Count", "text": "{n}", "font": {"size": 14}, "fill": "white",
                "counters": {"n": [{"t": 0, "value": 1}, {"t": 0.1, "value": 100000, "easing": "steps(1)"}]}},
               \(StackLayoutTests.box("Box", 10, 10))]}]
            """)
        let counts = computations(preset, frames: 0..<10)
        #expect(counts.first == 1 && counts.last == 2, "\(counts)")
        let (before, after) = (LayerBoxes(preset, at: 0), LayerBoxes(preset, at: 0.2))
        #expect(try #require(after["Box"]).minX > (try #require(before["Box"]).minX))
    }
}

/// `--explain` says why a stack's layers moved: its own keyframes, or one of its layers resized.
@Suite struct StackExplainTests {
    @Test func aLayerResizedInAStackMovesItsSiblingsAndSaysSo() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "name": "Row", "axis": "row", "layers": [
               {"type": "shape", "name": "Grows", "shape": "rect",
                "frame": {"height": 10, "width": [{"t": 0, "value": 10}, {"t": 1, "value": 40}]}},
               \(StackLayoutTests.box("Still", 10, 10))]}]
            """)
        let reasons = CompositionFixture.reasonsForFrame10(preset)
        #expect(reasons["Row"] == "its layers' sizes change", "\(reasons)")
        #expect(reasons["Grows"]?.contains("frame keyframes") == true, "\(reasons)")
        #expect(reasons["Still"] == "its group Row changed: its layers' sizes change", "\(reasons)")
    }
}
