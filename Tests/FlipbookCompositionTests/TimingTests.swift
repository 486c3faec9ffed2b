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

    @Test func wordsEnterOneAfterAnotherWithinTheDuration() throws {
        // Two words fading in by word over 1 s, their starts spread over half of it: the first
        // from 0 to 0.5 s, the second from 0.5 s to 1 s. Then two lines leaving by line, scaled
        // to nothing: the first line gone first.
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "text": "MMM MMM", "font": {"size": 20}, "fill": "white", "position": [10, 30],
              "anchor": "leading", "enter": {"effect": "fade", "by": "word", "duration": 1, "easing": "linear"}},
             {"type": "text", "text": "MMM\\nMMM", "font": {"size": 20}, "fill": "white", "position": [150, 50],
              "anchor": "leading", "exit": {"effect": "scale", "scale": 0, "by": "line", "duration": 1, "stagger": 0.8}}]
            """, width: 200, height: 100, duration: 2)
        // The columns between the words, where the whole text is shown.
        let shown = CompositionFixture.frame(preset, index: 40)
        let lit = (0..<140).filter { shown[$0, 30].red > 0 }
        let gap = try #require(zip(lit, lit.dropFirst()).first { $1 - $0 > 5 })
        /// The brightest pixel of each word, in row 30, at `frame`.
        func words(_ frame: Int) -> (first: UInt8, second: UInt8) {
            let pixmap = CompositionFixture.frame(preset, index: frame)
            return (
                (0...gap.0).map { pixmap[$0, 30].red }.max() ?? 0,
                (gap.1..<140).map { pixmap[$0, 30].red }.max() ?? 0
            )
        }
        let early = words(9)  // 0.3 s: the first word at 60 %, the second not begun
        #expect(abs(Int(early.first) - 153) <= 3 && early.second == 0, "\(early)")
        let late = words(24)  // 0.8 s: the first shown, the second at 60 %
        #expect(late.first == 255 && abs(Int(late.second) - 153) <= 3, "\(late)")
        // One word alone takes the whole second: at 0.5 s it is halfway.
        let single = try CompositionFixture.preset(
            """
            [{"type": "text", "text": "MMM", "font": {"size": 20}, "fill": "white", "position": [10, 30],
              "anchor": "leading", "enter": {"effect": "fade", "by": "word", "duration": 1, "easing": "linear"}}]
            """, width: 200, height: 100, duration: 2)
        let alone = CompositionFixture.frame(single, index: 15)
        let halfway = (0..<60).map { alone[$0, 30].red }.max() ?? 0
        #expect(abs(Int(halfway) - 128) <= 3, "\(halfway)")
        /// Whether each line of the second text has ink, at `frame`.
        func lines(_ frame: Int) -> (first: Bool, second: Bool) {
            let pixmap = CompositionFixture.frame(preset, index: frame)
            func inked(_ rows: Range<Int>) -> Bool {
                rows.contains { y in (150..<200).contains { pixmap[$0, y].red > 0 } }
            }
            return (inked(25..<50), inked(50..<80))
        }
        #expect(lines(30) == (true, true))
        // The exit spans 1 … 2 s: the first line shrinks from 1 s to 1.2 s, the second from 1.8 s.
        #expect(lines(45) == (false, true))
        #expect(lines(59).second)
    }

    @Test func aTypewriterByWordOrLineShowsWholeWordsOrLines() throws {
        // Over 1 s, linear: two words, each appearing whole at 0.5 s and 1 s; two lines, the
        // second appearing at 1 s, the first at 0.5 s.
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "text": "MMM MMM", "font": {"size": 20}, "fill": "white", "position": [10, 30],
              "anchor": "leading", "enter": {"effect": "typewriter", "by": "word", "duration": 1, "easing": "linear"}},
             {"type": "text", "text": "MMM\\nMMM", "font": {"size": 20}, "fill": "white", "position": [150, 50],
              "anchor": "leading", "enter": {"effect": "typewriter", "by": "line", "duration": 1, "easing": "linear"}}]
            """, width: 200, height: 100, duration: 2)
        let whole = CompositionFixture.frame(preset, index: 40)
        /// The pixels of `frame` with ink in row 30 (the words), and in each line's rows.
        func inked(_ frame: Int) -> (words: [Int], lines: (first: Bool, second: Bool)) {
            let pixmap = CompositionFixture.frame(preset, index: frame)
            func lineInked(_ rows: Range<Int>) -> Bool {
                rows.contains { y in (150..<200).contains { pixmap[$0, y].red > 0 } }
            }
            return ((0..<140).filter { pixmap[$0, 30].red > 0 }, (lineInked(25..<50), lineInked(50..<80)))
        }
        let words = (0..<140).filter { whole[$0, 30].red > 0 }
        let gap = try #require(zip(words, words.dropFirst()).first { $1 - $0 > 5 })
        let firstWord = words.filter { $0 <= gap.0 }
        #expect(inked(12).words.isEmpty, "0.4 s: no whole word yet")
        #expect(!inked(12).lines.first && !inked(12).lines.second)
        #expect(inked(18).words == firstWord, "0.6 s: the first word whole, the second not begun")
        #expect(inked(18).lines.first && !inked(18).lines.second)
        #expect(inked(31).words == words, "done: both")
        #expect(inked(31).lines.first && inked(31).lines.second)
    }

    @Test func onlyATextsUnitsMoveOneByOneAndOnlyByFadingSlidingScalingBlurringOrTyping() {
        let text = """
            {"width": 64, "height": 64, "duration": 1, "layers": [
              {"type": "shape", "shape": "rect", "enter": {"effect": "fade", "by": "word"}},
              {"type": "text", "text": "Hi", "enter": {"effect": "wipe", "by": "character"}},
              {"type": "text", "text": "Hi", "enter": {"effect": "fade", "by": "sentence"}},
              {"type": "shape", "shape": "rect", "enter": "typewriter"},
              {"type": "text", "text": "Hi", "enter": {"effect": "typewriter", "by": "word", "stagger": 0.2}},
              {"type": "text", "text": "Hi", "exit": {"effect": "fade", "stagger": 0.2}}]}
            """
        let problems = CompositionFixture.problems(text)
        #expect(problems.count == 6, "\(problems)")
        #expect(
            problems.contains {
                $0.contains("layers[3].enter: a typewriter types a text's characters (this is a shape layer)")
            })
        let stagger =
            #"stagger: spreads the starts of a text's characters, words or lines: give "by" with fade"#
        #expect(problems.contains { $0.contains("layers[4].enter.stagger: " + stagger.dropFirst(9)) })
        #expect(problems.contains { $0.contains("layers[5].exit.stagger: " + stagger.dropFirst(9)) })
        #expect(
            problems.contains {
                $0.contains(
                    "layers[0].enter: only a text's words can move one by one (this is a shape layer)")
            })
        #expect(
            problems.contains {
                $0.contains(
                    "layers[1].enter.by: only fade, slide, scale, blur and typewriter go through a text character by character (got wipe)"
                )
            })
        #expect(
            problems.contains {
                $0.contains("layers[2].enter.by: must be one of layer, character, word, line")
            })
    }

    @Test func aLayerTravelsAlongItsMotionPathAndTurnsWithIt() throws {
        // A 20 × 4 bar along a path right 100 points, then down 100: halfway it is at the corner;
        // three quarters of the way it points down.
        let preset = try CompositionFixture.preset(
            """
            [{"type": "shape", "shape": "rect", "fill": "white", "size": [20, 4],
              "motionPath": {"path": "M 50 0 L 150 0 L 150 100", "autoRotate": true,
                             "progress": [{"t": 0, "value": 0}, {"t": 2, "value": 1, "easing": "linear"}]}}]
            """, width: 200, height: 100, duration: 2)
        /// The white pixels' box at `frame`: (minX, minY, maxX, maxY).
        func ink(_ frame: Int) -> (Int, Int, Int, Int) {
            let pixmap = CompositionFixture.frame(preset, index: frame)
            var (xs, ys): ([Int], [Int]) = ([], [])
            for x in 0..<200 {
                for y in 0..<100 where pixmap[x, y].red > 128 {
                    xs.append(x)
                    ys.append(y)
                }
            }
            return (xs.min() ?? -1, ys.min() ?? -1, xs.max() ?? -1, ys.max() ?? -1)
        }
        // 0.5 s: a quarter of the way, (100, 0), lying flat (its top half off the canvas).
        #expect(ink(15) == (90, 0, 109, 1))
        // 1.5 s: three quarters, (150, 50), turned to point down: 4 wide, 20 tall.
        #expect(ink(45) == (148, 40, 151, 59))
    }

    @Test func aMotionPathReplacesThePositionAndNeedsItsProgress() {
        let text = """
            {"width": 64, "height": 64, "duration": 1, "layers": [
              {"type": "shape", "shape": "rect", "position": [1, 1], "motionPath": {"path": "M0 0 L9 9", "progress": 1}},
              {"type": "shape", "shape": "rect", "motionPath": {"path": "M0 0 L9 9"}},
              {"type": "shape", "shape": "rect", "motionPath": {"path": "M0 0 Q", "progress": 0.5}}]}
            """
        let problems = CompositionFixture.problems(text)
        #expect(problems.count == 3, "\(problems)")
        #expect(
            problems.contains {
                $0.contains(#"layers[0].motionPath: give "position" or "motionPath", not both"#)
            })
        #expect(problems.contains { $0.contains(#"layers[1].motionPath: missing required key "progress""#) })
        #expect(problems.contains { $0.contains("layers[2].motionPath.path: invalid SVG path data") })
    }

    @Test func sceneEventsFollowTheirLayersWindowsAndLoops() throws {
        // Bursts at 0 and 1 s of a layer starting at 0.8 s; at 0.2 s (and 2 s, past a loop) of a
        // scene in a group that starts at 1 s and loops every 1.5 s, to the video's end at 5 s.
        let preset = try CompositionFixture.preset(
            """
            [{"type": "scene", "scene": "confetti", "start": 0.8, "parameters": {"bursts": [{"time": 0}, {"time": 1}]}},
             {"type": "group", "start": 1, "loop": 1.5, "layers": [
               {"type": "scene", "scene": "confetti", "parameters": {"bursts": [{"time": 0.2}, {"time": 2}]}}]}]
            """, duration: 5)
        let events = CompositionFixture.composition(preset).eventTimes(duration: 5)
        let expected = [0.8, 1.2, 1.8, 2.7, 4.2]
        #expect(events.count == expected.count, "\(events)")
        #expect(zip(events, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(events)")
    }

    @Test func aLoopKeepsItsEventsToTheEndOfALongVideo() throws {
        // A burst every loop of 0.25 s, beside 40 silent shapes in the group, for 50 minutes:
        // 12 000 bursts, the last 0.25 s before the end (loops were once cut off at 10 000).
        let shapes = Array(repeating: #"{"type": "shape", "shape": "circle", "fill": "white"}"#, count: 40)
        let preset = try CompositionFixture.preset(
            """
            [{"type": "group", "loop": 0.25, "layers": [\(shapes.joined(separator: ", ")),
               {"type": "scene", "scene": "confetti", "parameters": {"bursts": [{"time": 0}]}}]}]
            """, duration: 3000)
        let events = CompositionFixture.composition(preset).eventTimes(duration: 3000)
        #expect(events.count == 12_000)
        #expect(abs((events.last ?? 0) - 2999.75) < 1e-6, "\(events.suffix(2))")
        // A loop far shorter than a frame, whose scene never starts within a loop: the walk
        // stops after a million loops instead of three billion.
        let tiny = try CompositionFixture.preset(
            """
            [{"type": "group", "loop": 0.000001, "layers": [
               {"type": "scene", "scene": "confetti", "start": 1, "parameters": {"bursts": [{"time": 0}]}}]}]
            """, duration: 3000)
        #expect(CompositionFixture.composition(tiny).eventTimes(duration: 3000).isEmpty)
    }
}
