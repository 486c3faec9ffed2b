import FlipbookCaptions
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookPresets
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// Captions burned into a composition: a SubRip or WebVTT file read through libavformat, its
/// cues shown by a text layer's `{caption}` at their times, in the layer's style.
@Suite struct CaptionLayerTests {
    private let subRip =
        "1\r\n00:00:00,500 --> 00:00:01,800\r\n<i>Hello</i> and welcome\r\n\r\n"
        + "2\r\n00:00:02,000 --> 00:00:03,500\r\n{\\an8}Ship &amp; celebrate\r\nsecond line\r\n\r\n"
    private let webVTT = "WEBVTT\n\n00:00.250 --> 00:01.000\n<v Ana>Hello from <c.yellow>VTT</c>\n"

    @Test func subRipAndWebVTTCuesAreReadWithTheirWordsAndTimes() throws {
        let folder = TemporaryDirectory()
        let srt = try CaptionFileReader.read(path: try folder.write(subRip, to: "talk.srt"))
        #expect(srt.map(\.start) == [0.5, 2] && srt.map(\.end) == [1.8, 3.5])
        #expect(srt.map(\.text) == ["Hello and welcome", "Ship & celebrate\nsecond line"])
        let vtt = try CaptionFileReader.read(path: try folder.write(webVTT, to: "talk.vtt"))
        #expect(vtt.map(\.start) == [0.25] && vtt.map(\.end) == [1])
        #expect(vtt.map(\.text) == ["Hello from VTT"])
    }

    @Test func characterReferencesAreWrittenOut() throws {
        let folder = TemporaryDirectory()
        let vtt =
            "WEBVTT\n\n00:00.000 --> 00:01.000\n<b>Caf&#233;</b> &amp;lt; &#x1F600; &rlm;&quot;x&quot; &bogus; &#xD800; A&B\n"
        let cues = try CaptionFileReader.read(path: try folder.write(vtt, to: "refs.vtt"))
        #expect(cues.map(\.text) == ["Café &lt; 😀 \u{200F}\"x\" &bogus; &#xD800; A&B"])
    }

    @Test func aCaptionedTextShowsEachCueAtItsTimeAndNothingBetween() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(subRip, to: "talk.srt")
        let preset = try CompositionFixture.preset(
            #"[{"type": "text", "captions": "talk.srt", "start": 1, "font": {"size": 20}, "fill": "white"}]"#,
            width: 300, height: 100, duration: 5, file: folder.path("test.json"))
        #expect(preset.inputFiles.contains(folder.path("talk.srt")))
        /// The columns with white ink at composition time `seconds` (30 fps).
        func inked(_ seconds: Double) -> Int {
            let frame = CompositionFixture.frame(preset, index: Int((seconds * 30).rounded()))
            return (0..<300).filter { x in (0..<100).contains { frame[x, $0].red > 128 } }.count
        }
        // Cues in the layer's time, which starts at 1 s: 1.5 … 2.8 s and 3 … 4.5 s.
        #expect(inked(1.2) == 0)
        let first = inked(2)
        #expect(first > 100, "Hello and welcome")
        #expect(inked(2.9) == 0, "between the cues")
        #expect(inked(3.5) > 0 && inked(3.5) != first)
        #expect(inked(4.7) == 0, "after the last")
        // --explain says why the text changed.
        let composition = CompositionFixture.composition(preset)
        let reasons = composition.layerChanges(
            from: FrameTime(index: 44, seconds: 44.0 / 30), to: FrameTime(index: 45, seconds: 1.5),
            size: CGSize(width: 300, height: 100))
        #expect(reasons.values.contains("its caption changes"), "\(reasons)")
    }

    @Test func theSpokenCuesGoToTheCaptionsSidecarAtTheirTimesInTheVideo() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(subRip, to: "talk.srt")
        // In a group that starts at 1 s, a captioned text from 0.5 s into it, ending at 3 s of
        // the video: its cues at 2 … 3.3 s, and 3.5 s cut to nothing by the layer's end.
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "text": "Title"},
             {"type": "group", "start": 1, "layers": [
               {"type": "text", "captions": "talk.srt", "start": 0.5, "end": 2}]}]
            """, duration: 5, file: folder.path("test.json"))
        let captions = CompositionFixture.composition(preset).captions(duration: 5)
        // The cue keeps its italic "Hello" for the sidecar.
        #expect(
            captions == [
                Caption(start: 0, end: 5, text: "Title"),
                Caption(
                    start: 2, end: 3,
                    spans: [
                        Caption.Span("Hello", style: Caption.Style(italic: true)),
                        Caption.Span(" and welcome"),
                    ]),
            ], "\(captions)")
    }

    /// A sidecar is WebVTT that players read as written: styles as WebVTT's tags, and text that
    /// would be markup or end a cue (`&`, `<3`, `-->`, a blank line) escaped or closed up. Read
    /// back through libavformat, every piece and style returns.
    @Test func theSidecarWritesStylesAsTagsAndEscapesWhatWouldBeMarkup() throws {
        let folder = TemporaryDirectory()
        let yellow = Caption.Style(bold: true, color: 0xFFFF00)
        let cue = Caption(
            start: 0.5, end: 1.5,
            spans: [
                Caption.Span("Tom & Jerry <3 --> fun", style: Caption.Style(italic: true)),
                Caption.Span("\n\nsecond "), Caption.Span("line", style: yellow),
                Caption.Span(" in teal", style: Caption.Style(underline: true, color: 0x008080)),
            ])
        let path = folder.path("sidecar.vtt")
        try WebVTTFile.write([cue], to: path)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            written.contains(
                "<i>Tom &amp; Jerry &lt;3 --&gt; fun</i>\nsecond <b><c.yellow>line</c></b><u> in teal</u>"))
        let read = try CaptionFileReader.read(path: path)
        #expect(read.count == 1)
        #expect(
            read.first?.spans == [
                // A line break goes with the piece before it (`CaptionMarkup`).
                Caption.Span("Tom & Jerry <3 --> fun\n", style: Caption.Style(italic: true)),
                Caption.Span("second "), Caption.Span("line", style: yellow),
                // Teal is no WebVTT class: the underline stays, the colour is the player's.
                Caption.Span(" in teal", style: Caption.Style(underline: true)),
            ])
    }

    @Test func aCaptionsFileThatCannotBeReadIsAnErrorNamingIt() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi\n",
            to: "talk.ass")
        _ = try folder.write("WEBVTT\n\n", to: "empty.vtt")
        _ = try folder.write("not captions at all", to: "junk.srt")
        _ = try folder.write(
            "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "a", count: 2001) + "\n\n",
            to: "long.srt")
        for (file, message) in [
            ("missing.srt", "no such file"), ("talk.ass", "not SubRip (.srt) or WebVTT (.vtt)"),
            ("empty.vtt", "it has no cues"), ("junk.srt", "Invalid data found when processing input"),
            ("long.srt", "the cue at 1.000 s is longer than 2000 characters"),
        ] {
            do {
                _ = try CompositionFixture.preset(
                    #"[{"type": "text", "captions": "\#(file)"}]"#, file: folder.path("test.json"))
                Issue.record("\(file) was read")
            } catch let error as PresetError {
                #expect(error.description.contains("layers[0].captions: cannot use"), "\(error)")
                #expect(error.description.contains(message), "\(file): \(error)")
            } catch {
                Issue.record("\(file): \(error)")
            }
        }
    }
}
