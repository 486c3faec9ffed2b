import FlipbookComposition
import FlipbookPresets
import FlipbookTestSupport
import Foundation
import Testing

/// Times as files write them — seconds, milliseconds, frames at the preset's rate — and
/// markers, named times any moment may name: each read to its seconds, and each bad form
/// refused at its path with what is accepted.
@Suite struct TimeSyntaxTests {
    /// A composition of one layer per start in `starts`, at `fps`, with `markers`.
    private func composition(starts: [String], fps: String = "30", markers: String = "{}") throws
        -> Composition
    {
        let layers = starts.map { #"{"type": "shape", "shape": "rect", "start": \#($0)}"# }
        let text = """
            {"width": 16, "height": 16, "fps": \(fps), "duration": 10, "markers": \(markers),
             "layers": [\(layers.joined(separator: ", "))]}
            """
        return try #require(try Preset.decode(text, file: "p.json").scene as? Composition)
    }

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

    @Test func amountsAreSecondsMillisecondsOrFrames() throws {
        let starts = try composition(
            starts: [
                "1.5", #""1.5""#, #""8s""#, #""500ms""#, #""12f""#, #"" 0.25s ""#, #"".5s""#, #""-0.5""#,
            ]
        ).layers.map(\.timing.start)
        #expect(zip(starts, [1.5, 1.5, 8, 0.5, 0.4, 0.25, 0.5, -0.5]).allSatisfy(close), "\(starts)")
    }

    /// Frames count at the preset's `fps`, an exact rational: 12 frames at 30000/1001 are
    /// 12 × 1001 ÷ 30000 seconds.
    @Test func framesCountAtThePresetsRate() throws {
        let start = try composition(starts: [#""12f""#], fps: #""30000/1001""#).layers[0].timing.start
        #expect(start == 12.0 * 1001 / 30000)
        let preset = try Preset.decode(
            #"{"width": 16, "height": 16, "fps": 24, "duration": "240f", "layers": []}"#, file: "p.json")
        #expect(preset.durationSeconds == 10)
    }

    @Test func thePresetsDurationTakesTheSameAmounts() throws {
        for (duration, seconds) in [(#""8s""#, 8.0), (#""8000ms""#, 8), ("8", 8), (#""90f""#, 3)] {
            let preset = try Preset.decode(
                #"{"width": 16, "height": 16, "fps": 30, "duration": \#(duration), "layers": []}"#,
                file: "p.json")
            #expect(preset.durationSeconds == seconds, "\(duration)")
        }
    }

    /// Markers, written from one another in any order, each any time.
    @Test func markersAreNamedTimesOfAnySyntax() throws {
        let markers = try composition(
            starts: [],
            markers:
                #"{"outro": "drop+4s", "drop": 1.2, "beat": "36f", "early": "drop - 250ms", "late": "outro+3f"}"#
        ).markers
        let expected = ["drop": 1.2, "outro": 5.2, "beat": 1.2, "early": 0.95, "late": 5.3]
        #expect(Set(markers.keys) == Set(expected.keys))
        for (name, seconds) in expected {
            #expect(close(markers[name] ?? .nan, seconds), "\(name): \(markers)")
        }
    }

    @Test func aStartMayBeAMarkerWithAnOffset() throws {
        let starts = try composition(
            starts: [#""drop""#, #""drop+0.1""#, #""drop-250ms""#, #""drop + 6f""#],
            markers: #"{"drop": 1.2}"#
        ).layers.map(\.timing.start)
        #expect(zip(starts, [1.2, 1.3, 0.95, 1.4]).allSatisfy(close), "\(starts)")
    }

    /// A marker is the same moment wherever it is named: in a keyframe (the layer's own time) or
    /// in a nested layer's start (its parent's time), it is counted from when that clock starts.
    @Test func aMarkerIsTheSameMomentOnEveryClock() throws {
        let text = """
            {"width": 16, "height": 16, "fps": 30, "duration": 10, "markers": {"drop": 2},
             "layers": [{"type": "group", "start": 0.5, "layers": [
               {"type": "shape", "shape": "rect", "start": "drop-1", "sound": {"file": "tick.wav", "delay": "drop"},
                "opacity": [{"t": 0, "value": 0}, {"t": "drop+0.1", "value": 1, "easing": "linear"}]}]}]}
            """
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("tick.wav"), seconds: 0.2)
        let preset = try Preset.decode(text, file: try folder.write(text, to: "p.json"))
        let group = try #require(preset.scene as? Composition).layers[0]
        guard case .group(let content) = group.content else {
            Issue.record("not a group: \(group.content)")
            return
        }
        let child = content.layers[0]
        // The group's clock starts at 0.5 s: the child starts at 2 − 1 = 1 s of the video, 0.5 s on
        // the group's clock; its own clock starts at 1 s, so the drop is 1 s on it.
        #expect(close(child.timing.start, 0.5))
        #expect(close(child.opacity.frames[1].time, 1.1))
        #expect(close(try #require(child.sound).delay, 1))
    }

    /// The preset's audio names the composition's markers: a cue at the video's time, a volume
    /// keyframe counted from its track's start.
    @Test func soundCuesAndVolumeKeyframesNameMarkers() throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("pop.wav"), seconds: 3)
        let text = """
            {"width": 16, "height": 16, "fps": 30, "duration": 4, "markers": {"drop": 1.2},
             "audio": {"tracks": [{"file": "pop.wav", "start": "drop-1", "fadeIn": "250ms",
                                   "volume": [{"t": 0, "value": 0}, {"t": "drop", "value": -6}]}],
                       "cues": [{"t": "drop+15f", "file": "pop.wav"}]},
             "layers": []}
            """
        let preset = try Preset.decode(text, file: try folder.write(text, to: "p.json"))
        let tracks = try #require(preset.audio).tracks
        #expect(close(tracks[0].start, 0.2))
        #expect(tracks[0].fadeIn == 0.25)
        #expect(close(try #require(tracks[0].envelope).keyframes[1].seconds, 1))
        #expect(close(tracks[1].start, 1.7))
    }

    @Test(arguments: [
        (
            #"{"start": "dorp"}"#, "{\"drop\": 1, \"outro\": 5}",
            #"p.json:3:57: layers[0].start: unknown marker "dorp"; did you mean "drop"? (markers: drop, outro)"#
        ),
        (
            #"{"start": "drop"}"#, "{}",
            #"layers[0].start: there is no marker "drop": the composition has no "markers" (write them as "markers": {"drop": 1.2})"#
        ),
        (
            #"{"opacity": [{"t": "drop+x", "value": 1}]}"#, "{\"drop\": 1}",
            #"layers[0].opacity[0].t: must be a time: seconds (1.5 or "1.5s"), milliseconds ("500ms"), frames at the preset's fps ("36f"), a marker ("drop") or a marker plus or minus one of those ("drop+0.1", "drop-250ms", "drop+12f") (got "drop+x")"#
        ),
        (
            #"{"duration": "drop"}"#, "{\"drop\": 1}",
            #"layers[0].duration: must be a length of time — seconds (1.5 or "1.5s"), milliseconds ("500ms") or frames at the preset's fps ("36f") — not a marker"#
        ),
        (#"{"start": "1.5x"}"#, "{}", #"layers[0].start: must be a time: seconds (1.5 or "1.5s")"#),
        (#"{"start": "1.5f"}"#, "{}", #"layers[0].start: must be a time"#),
        (#"{"start": "2 days"}"#, "{}", #"layers[0].start: must be a time"#),
        (#"{"start": 100000}"#, "{}", #"layers[0].start: must be a time within a day"#),
        (#"{"duration": "0ms"}"#, "{}", #"layers[0].duration: must be more than 0 (got "0ms")"#),
        (
            #"{"type": "sequence", "layers": [{"type": "shape", "shape": "rect", "start": "drop"}]}"#,
            "{\"drop\": 1}",
            #"layers[0].layers[0].start: a marker cannot be used inside a sequence"#
        ),
        (
            "{}", #"{"a": "b+1", "b": "c", "c": "a"}"#,
            #"markers.c: markers name one another in a circle: "a" → "b" → "c" → "a""#
        ),
        ("{}", #"{"a": "a"}"#, #"markers.a: markers name one another in a circle: "a" → "a""#),
        ("{}", #"{"a": "zz"}"#, #"markers.a: unknown marker "zz" (markers: a)"#),
        ("{}", #"{"2nd": 1}"#, #"markers.2nd: a marker's name begins with a letter or "_""#),
        ("{}", #"{"a-b": 1}"#, #"markers.a-b: a marker's name begins with a letter or "_""#),
        ("{}", #"{"a": true}"#, #"markers.a: must be a time"#),
    ])
    func badTimesAndMarkersAreNamedWithWhatIsAccepted(layer: String, markers: String, expected: String) {
        let base = #"{"type": "shape", "shape": "rect"}"#
        let merged =
            layer.hasPrefix(#"{"type""#)
            ? layer : layer == "{}" ? base : String(base.dropLast() + ", " + layer.dropFirst())
        let problems = CompositionFixture.problems(
            """
            {"width": 16, "height": 16, "fps": 30, "duration": 10,
             "markers": \(markers),
             "layers": [\(merged)]}
            """)
        #expect(problems.contains { $0.contains(expected) }, "\(expected) not in \(problems)")
    }

    @Test func thePresetsDurationIsNoMarker() {
        let problems = CompositionFixture.problems(
            #"{"width": 16, "height": 16, "duration": "end", "markers": {"end": 2}, "layers": []}"#)
        #expect(problems.contains { $0.contains("duration: must be a length of time") }, "\(problems)")
    }

    @Test func aCueBeforeTheVideoIsRefusedWithItsSeconds() throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("pop.wav"), seconds: 1)
        let text = """
            {"width": 16, "height": 16, "duration": 2, "markers": {"drop": 1},
             "audio": {"cues": [{"t": "drop-2s", "file": "pop.wav"}]}, "layers": []}
            """
        let problems = CompositionFixture.problems(text, file: try folder.write(text, to: "p.json"))
        #expect(
            problems.contains {
                $0.contains(#"audio.cues[0].t: must be between 0 and 86400 seconds (got "drop-2s", -1 s)"#)
            },
            "\(problems)")
    }
}
