import FlipbookCaptions
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookPresets
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// Captions keep their files' italics, bold, underlines and colours when a layer shows them
/// itself, drawn exactly as text runs with those styles; underlines and strikethroughs are
/// text styles of their own.
@Suite struct StyledCaptionTests {
    private typealias Style = Caption.Style

    @Test func cueMarkupBecomesPiecesOfOneStyleEach() throws {
        let folder = TemporaryDirectory()
        let srt =
            "1\n00:00:00,000 --> 00:00:01,000\n"
            + "<i>Hello</i> <b>bold <i>both</b> still</i> <u>under</u> <font color=\"#FF0\">yellow</font>"
            + " <FONT COLOR=lime>lime <font face=\"Serif\">kept</font></FONT>\n\n"
            + "2\n00:00:01,000 --> 00:00:02,000\n{\\an8\\i1}slanted{\\i0} plain &lt;i&gt;not a tag\n"
            + "<font color=\"#zzz\">no colour</font> </i>\n\n"
        let cues = try CaptionFileReader.read(path: try folder.write(srt, to: "talk.srt"))
        let yellow: UInt32 = 0xFFFF00
        #expect(
            cues.first?.spans == [
                Caption.Span("Hello", style: Style(italic: true)), Caption.Span(" "),
                Caption.Span("bold ", style: Style(bold: true)),
                Caption.Span("both", style: Style(italic: true, bold: true)),
                Caption.Span(" still", style: Style(italic: true)), Caption.Span(" "),
                Caption.Span("under", style: Style(underline: true)), Caption.Span(" "),
                Caption.Span("yellow", style: Style(color: yellow)), Caption.Span(" "),
                Caption.Span("lime kept", style: Style(color: 0x00FF00)),
            ])
        #expect(cues.first?.text == "Hello bold both still under yellow lime kept")
        // An override's codes, a closing tag never opened, a colour that is not one, and a
        // written-out "<i>" that is text, not markup.
        #expect(
            cues.last?.spans == [
                Caption.Span("slanted", style: Style(italic: true)),
                Caption.Span(" plain <i>not a tag\nno colour"),
            ])
        let vtt =
            "WEBVTT\n\n00:00.000 --> 00:01.000\n<v Ana><c.magenta.bg_blue>pink</c> <c.loud>same</c> "
            + "<b>Ana</b></v>\n"
        let webVTT = try CaptionFileReader.read(path: try folder.write(vtt, to: "talk.vtt"))
        #expect(
            webVTT.first?.spans == [
                Caption.Span("pink", style: Style(color: 0xFF00FF)), Caption.Span(" same "),
                Caption.Span("Ana", style: Style(bold: true)),
            ])
    }

    @Test func markupThatNeverClosesIsText() throws {
        let folder = TemporaryDirectory()
        let cue = "1\n00:00:00,000 --> 00:00:01,000\n2 < 3 {\\i1 and <i>4 > 3</i>\n"
        let cues = try CaptionFileReader.read(path: try folder.write(cue, to: "open.srt"))
        #expect(
            cues.first?.spans == [
                Caption.Span("2 < 3 {\\i1 and "), Caption.Span("4 > 3", style: Style(italic: true)),
            ])
        // A cue of 200 000 unclosed "<" is read in one pass (it took minutes when each "<"
        // looked for its ">" to the cue's end) and refused for its length.
        let long = "1\n00:00:00,000 --> 00:00:01,000\n" + String(repeating: "<", count: 200_000) + "\n"
        #expect(throws: MediaError.self) {
            try CaptionFileReader.read(path: try folder.write(long, to: "long.srt"))
        }
    }

    /// One frame of a 640×120 composition of `layer` (a text layer's JSON, its font added),
    /// with `talk.srt` holding `cue` in `folder`.
    private func frame(_ layer: String, cue: String, in folder: TemporaryDirectory) throws -> Pixmap {
        _ = try folder.write("1\n00:00:00,000 --> 00:00:02,000\n\(cue)\n", to: "talk.srt")
        let preset = try CompositionFixture.preset(
            "[{\"type\": \"text\", \"position\": [\"50%\", \"50%\"], "
                + "\"font\": {\"family\": \"DejaVu Sans\", \"size\": 30}, \(layer)}]",
            width: 640, height: 120, file: folder.path("test.json"))
        return CompositionFixture.frame(preset, index: 15)
    }

    /// Karaoke captions: a WebVTT cue with a timestamp before each word lights the words as
    /// they are spoken — all spoken so far, or the one being spoken.
    @Test func highlightedWordsLightAsTheirTimestampsPass() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            "WEBVTT\n\n00:00:00.000 --> 00:00:03.000\n<00:00:00.500>AAAA <00:00:01.500>BBBB\n", to: "talk.vtt"
        )
        func lit(_ highlight: String, at seconds: Double) throws -> (left: Bool, right: Bool) {
            let preset = try CompositionFixture.preset(
                """
                [{"type": "text", "captions": "talk.vtt", "highlight": \(highlight),
                  "font": {"family": "DejaVu Sans", "size": 40, "weight": "bold"}, "fill": "white"}]
                """, width: 400, height: 100, duration: 3, file: folder.path("test.json"))
            let frame = CompositionFixture.frame(preset, index: Int((seconds * 30).rounded()))
            // Yellow words have full red and green but no blue; white ones have blue too.
            func yellow(_ columns: Range<Int>) -> Bool {
                let inked = columns.flatMap { x in (0..<100).map { frame[x, $0] } }.filter { $0.green > 200 }
                return !inked.isEmpty && inked.allSatisfy { $0.blue < 60 }
            }
            return (yellow(0..<200), yellow(200..<400))
        }
        let spoken = ##""#FFFF00""##
        #expect(try lit(spoken, at: 0.2) == (false, false))
        #expect(try lit(spoken, at: 1) == (true, false))
        #expect(try lit(spoken, at: 2) == (true, true))
        let current = ##"{"color": "#FFFF00", "words": "current"}"##
        #expect(try lit(current, at: 1) == (true, false))
        #expect(try lit(current, at: 2) == (false, true))
        // Only where the layer shows its cues itself.
        let problems = CompositionFixture.problems(
            #"{"width": 100, "height": 100, "fps": 30, "duration": 1, "layers": [{"type": "text", "text": "Hi", "highlight": "yellow"}]}"#
        )
        #expect(
            problems.contains { $0.contains("layers[0].highlight: colours the words of captions") },
            "\(problems)")
    }

    /// The word timestamps go into the `--captions` sidecar with their cue, moved to their
    /// time in the video.
    @Test func wordTimestampsReachTheSidecarAtTheirTimesInTheVideo() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            "WEBVTT\n\n00:00:00.000 --> 00:00:03.000\n<00:00:00.500>AAAA <00:00:01.500>BBBB\n", to: "talk.vtt"
        )
        let preset = try CompositionFixture.preset(
            #"[{"type": "text", "captions": "talk.vtt", "start": 1}]"#, duration: 4,
            file: folder.path("test.json"))
        let sidecar = folder.path("out.vtt")
        try WebVTTFile.write(CompositionFixture.composition(preset).captions(duration: 4), to: sidecar)
        let text = try String(contentsOfFile: sidecar, encoding: .utf8)
        #expect(text.contains("00:01.000 --> 00:04.000"), "\(text)")
        #expect(text.contains("<00:00:01.500>AAAA <00:00:02.500>BBBB"), "\(text)")
    }

    @Test func styledCuesDrawAsTheSameRunsWould() throws {
        let folder = TemporaryDirectory()
        let styled = try frame(
            #""captions": "talk.srt""#,
            cue: "<i>Hello</i> <b>bold</b> <u>under</u> <font color=\"yellow\">yellow</font>", in: folder)
        let runs = try frame(
            """
            "runs": [{"text": "Hello", "font": {"italic": true}}, {"text": " "},
                     {"text": "bold", "font": {"weight": "bold"}}, {"text": " "},
                     {"text": "under", "underline": true}, {"text": " "}, {"text": "yellow", "fill": "#FFFF00"}]
            """, cue: "", in: folder)
        let drawnAlike = styled == runs  // compared outside #expect, which would print every pixel
        #expect(drawnAlike)
        // A cue's <u> underlines even where the layer says "underline": false.
        let layerSaysNo = try frame(
            #""captions": "talk.srt", "underline": false"#,
            cue: "<i>Hello</i> <b>bold</b> <u>under</u> <font color=\"yellow\">yellow</font>", in: folder)
        let cueWins = layerSaysNo == styled
        #expect(cueWins)
        // Not a match by accident: without the markup the cue draws other pixels, and a layer
        // that places `{caption}` in text of its own shows the words in its own style.
        let plain = try frame(#""captions": "talk.srt""#, cue: "Hello bold under yellow", in: folder)
        let plainAlike = plain == styled
        #expect(!plainAlike)
        let ownText = try frame(
            #""captions": "talk.srt", "text": "{caption}""#,
            cue: "<i>Hello</i> <b>bold</b> <u>under</u> <font color=\"yellow\">yellow</font>", in: folder)
        let ownTextAlike = ownText == plain
        #expect(ownTextAlike)
        // A cue that is all markup shows nothing (it crashed the layout, which had no run).
        let empty = try frame(#""captions": "talk.srt""#, cue: "<i></i>{\\an8}", in: folder)
        let blank = try frame(#""text": " ""#, cue: "", in: folder)
        let emptyIsBlank = empty == blank
        #expect(emptyIsBlank)
    }

    /// The rows and the leftmost and rightmost columns where `frame` differs from `other`.
    private func difference(_ frame: Pixmap, _ other: Pixmap) -> (rows: Set<Int>, columns: ClosedRange<Int>)?
    {
        var rows: Set<Int> = []
        var columns: [Int] = []
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y] != other[x, y] {
                rows.insert(y)
                columns.append(x)
            }
        }
        guard let low = columns.min(), let high = columns.max() else { return nil }
        return (rows, low...high)
    }

    @Test func underlinesAndStrikethroughsRunUnderAndThroughTheShownText() throws {
        let folder = TemporaryDirectory()
        let text = #""text": "Underlined words""#
        let bare = try frame(text, cue: "", in: folder)
        let under = try frame(text + #", "underline": true"#, cue: "", in: folder)
        let through = try frame(text + #", "strikethrough": true"#, cue: "", in: folder)
        let underline = try #require(difference(under, bare))
        let strike = try #require(difference(through, bare))
        // Thin lines across the whole text: the strikethrough above the underline.
        #expect(underline.rows.count <= 4 && strike.rows.count <= 4)
        #expect(try #require(strike.rows.max()) < (try #require(underline.rows.min())))
        #expect(underline.columns.count > 200)
        #expect(abs(underline.columns.lowerBound - strike.columns.lowerBound) <= 1)
        // A typewriter half-way shows the underline under the typed characters only.
        let typing = #", "enter": {"effect": "typewriter", "duration": 1}"#
        let halfBare = try frame(text + typing, cue: "", in: folder)
        let halfUnder = try frame(text + typing + #", "underline": true"#, cue: "", in: folder)
        let half = try #require(difference(halfUnder, halfBare))
        #expect(half.columns.lowerBound == underline.columns.lowerBound)
        #expect(half.columns.upperBound < underline.columns.upperBound - 60)
    }

    @Test func aLineTakesItsPatternAndColourAndARunCanTurnItOff() throws {
        let folder = TemporaryDirectory()
        let text = #""text": "Underlined words""#
        let bare = try frame(text, cue: "", in: folder)
        let dashed = try frame(
            text + ##", "underline": {"pattern": "dash", "color": "#FF0000"}"##, cue: "", in: folder)
        let line = try #require(difference(dashed, bare))
        // Red, whatever the white text's colour, and broken into dashes along its row.
        let row = try #require(line.rows.sorted().dropFirst(line.rows.count / 2).first)
        let inked = line.columns.map { dashed[$0, row] != bare[$0, row] }
        let dashes = zip(inked, inked.dropFirst()).filter { !$0 && $1 }.count + (inked.first == true ? 1 : 0)
        #expect(dashes >= 8, "\(dashes) dashes")
        for x in line.columns where dashed[x, row] != bare[x, row] {
            let pixel = dashed[x, row]
            #expect(pixel.red > pixel.green && pixel.red > pixel.blue, "x \(x): \(pixel)")
        }
        // A run's `false` turns the layer's line off for that run: here, for all of the text.
        let off = try frame(
            #""underline": true, "runs": [{"text": "Underlined words", "underline": false}]"#, cue: "",
            in: folder)
        let offIsBare = off == bare
        #expect(offIsBare)
    }

    @Test func aCueThatChangesOnlyItsStyleChangesTheFrame() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            "1\n00:00:00,000 --> 00:00:01,000\nSame words\n\n2\n00:00:01,000 --> 00:00:02,000\n<i>Same words</i>\n",
            to: "talk.srt")
        let preset = try CompositionFixture.preset(
            #"[{"type": "text", "captions": "talk.srt"}]"#, width: 300, height: 100,
            file: folder.path("test.json"))
        let reasons = CompositionFixture.composition(preset).layerChanges(
            from: FrameTime(index: 29, seconds: 29.0 / 30), to: FrameTime(index: 30, seconds: 1),
            size: CGSize(width: 300, height: 100))
        #expect(reasons.values.contains("its caption changes"), "\(reasons)")
        let unchanged =
            CompositionFixture.frame(preset, index: 29) == CompositionFixture.frame(preset, index: 30)
        #expect(!unchanged)
    }
}
