import FlipbookComposition
import FlipbookGeometry
import FlipbookJSON
import FlipbookPresets
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// A `lottie` layer plays a segment of a Lottie file in its box — by frames or a marker, at a
/// speed, held or repeated — and a template's texts and colours replace the file's by name and
/// by slot; mistakes point into the preset or into the Lottie file.
@Suite struct LottieCompositionTests {
    /// A 100 × 100 Lottie file at 10 fps, frames 0…20, whose square's red is 10 × the frame
    /// (held keyframes), with markers "intro" (0, 5 frames) and "middle" (10, 5 frames).
    private func frameCounter(width: Int = 100, height: Int = 100) -> String {
        let keyframes = (0...20).map { #"{"t": \#($0), "s": [\#(Double($0) * 10 / 255), 0, 0], "h": 1}"# }
        return """
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 20, "w": \(width), "h": \(height), "assets": [],
             "markers": [{"cm": "intro", "tm": 0, "dr": 5}, {"cm": "middle", "tm": 10, "dr": 5}],
             "layers": [{"ty": 4, "nm": "Counter", "ip": 0, "op": 20, "st": 0, "ks": {}, "shapes": [
               {"ty": "rc", "p": {"a": 0, "k": [\(width / 2), \(height / 2)]}, "s": {"a": 0, "k": [\(width), \(height)]}},
               {"ty": "fl", "nm": "Paint", "c": {"a": 1, "k": [\(keyframes.joined(separator: ", "))]}, "o": {"a": 0, "k": 100}}]}]}
            """
    }

    /// The preset of one lottie layer over a 100 × 100 canvas with `keys`, the Lottie file
    /// `lottie` beside it.
    private func preset(_ keys: String, lottie: String, in folder: TemporaryDirectory, extra: String = "")
        throws
        -> Preset
    {
        _ = try folder.write(lottie, to: "anim.json")
        return try CompositionFixture.preset(
            #"[{"type": "lottie", "file": "anim.json", "size": ["100%", "100%"]\#(keys)}]"#, width: 100,
            height: 100, duration: 4, extra: extra, file: folder.path("test.json"))
    }

    /// The Lottie frame a composition frame shows, from the square's red.
    private func shownFrame(_ preset: Preset, at seconds: Double) -> Int {
        let pixmap = CompositionFixture.frame(preset, index: Int((seconds * 30).rounded()))
        return Int((Double(pixmap[50, 50].red) / 10).rounded())
    }

    @Test func aLottieLayerPlaysItsFramesThenHoldsTheLast() throws {
        let folder = TemporaryDirectory()
        let plain = try preset("", lottie: frameCounter(), in: folder)
        for (seconds, frame) in [(0.0, 0), (0.5, 5), (1.2, 12), (1.9, 19), (3.0, 19)] {
            #expect(shownFrame(plain, at: seconds) == frame, "at \(seconds) s")
        }
    }

    @Test func aSegmentBySpeedAndRepeatPicksTheFrames() throws {
        let folder = TemporaryDirectory()
        let fast = try preset(#", "segment": [5, 15], "speed": 2"#, lottie: frameCounter(), in: folder)
        for (seconds, frame) in [(0.0, 5), (0.2, 9), (0.4, 13), (1.0, 14)] {
            #expect(shownFrame(fast, at: seconds) == frame, "at \(seconds) s, speed 2")
        }
        let repeating = try preset(
            #", "segment": [5, 15], "repeat": true"#, lottie: frameCounter(), in: folder)
        for (seconds, frame) in [(0.0, 5), (0.9, 14), (1.0, 5), (1.3, 8), (2.6, 11)] {
            #expect(shownFrame(repeating, at: seconds) == frame, "at \(seconds) s, repeating")
        }
        let marker = try preset(#", "segment": "middle", "start": 1"#, lottie: frameCounter(), in: folder)
        for (seconds, frame) in [(1.0, 10), (1.3, 13), (2.0, 14)] {
            #expect(shownFrame(marker, at: seconds) == frame, "at \(seconds) s, marker")
        }
    }

    @Test func aLottieLayerIsFittedInItsBoxLikeAPicture() throws {
        let folder = TemporaryDirectory()
        let wide = frameCounter(width: 100, height: 50)
        let contained = CompositionFixture.frame(try preset("", lottie: wide, in: folder), index: 15)
        // Letterboxed: rows 25…74 show it, above and below is the black background.
        #expect(contained[50, 10].alpha == 255 && contained[50, 10].red == 0 && contained[50, 10].green == 0)
        #expect(contained[50, 30].red == 50)
        let covered = CompositionFixture.frame(
            try preset(#", "fit": "cover""#, lottie: wide, in: folder), index: 15)
        #expect(covered[50, 10].red == 50 && covered[5, 95].red == 50)
        let inspection = CompositionFixture.composition(try preset("", lottie: wide, in: folder))
            .inspection(size: CGSize(width: 100, height: 100), time: FrameTime(index: 0, seconds: 0))
        #expect(inspection.first?.kind == "lottie")
    }

    @Test func mistakesPointIntoThePresetOrIntoTheLottieFile() throws {
        let folder = TemporaryDirectory()
        func problems(_ keys: String, lottie: String) -> String {
            do {
                _ = try preset(keys, lottie: lottie, in: folder)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(
            problems(#", "segment": "midle""#, lottie: frameCounter()).contains(
                #"layers[0].segment: the file has no marker "midle"; did you mean "middle"?"#))
        #expect(
            problems(#", "segment": [5, 40]"#, lottie: frameCounter()).contains(
                "not all within the file's 0 (ip) to 20 (op)"))
        #expect(
            problems(#", "segment": [5, 2]"#, lottie: frameCounter()).contains("must end after it starts"))
        let broken = frameCounter().replacingOccurrences(of: #""w": 100"#, with: #""w": "wide""#)
        let inside = problems("", lottie: broken)
        #expect(inside.contains("anim.json:1:") && inside.contains("w: must be a number"), "\(inside)")
        #expect(inside.contains("the Lottie file of layers[0].file in"), "\(inside)")
        #expect(
            problems(#", "colors": {"Paintt": "red"}"#, lottie: frameCounter()).contains(
                #"layers[0].colors.Paintt: the Lottie file has no colour slot, fill, stroke or layer named "Paintt"; did you mean "Paint"?"#
            ))
        #expect(
            problems(#", "colors": {"Paint": "{nothing}"}"#, lottie: frameCounter()).contains(
                #""{nothing}" names no variable"#))
    }

    /// A file whose square's fill takes slot "accent" and whose text layer "Title" shows "Hi".
    private let template = """
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": 20, "w": 100, "h": 100, "assets": [],
         "fonts": {"list": [{"fName": "Inter-Bold", "fFamily": "Inter", "fStyle": "Bold"}]},
         "slots": {"accent": {"p": {"a": 0, "k": [1, 0, 0]}},
                   "caption": {"p": {"k": [{"t": 0, "s": {"t": "slot", "f": "Inter-Bold", "s": 20, "j": 0, "fc": [1, 1, 1]}}]}}},
         "layers": [
          {"ty": 5, "nm": "Title", "ip": 0, "op": 20, "st": 0, "ks": {"p": {"a": 0, "k": [4, 30]}},
           "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "f": "Inter-Bold", "s": 20, "j": 0, "fc": [1, 1, 1]}}]}, "a": []}},
          {"ty": 5, "nm": "Caption", "ip": 0, "op": 20, "st": 0, "ks": {"p": {"a": 0, "k": [4, 60]}},
           "t": {"d": {"sid": "caption"}, "a": []}},
          {"ty": 4, "nm": "Square", "ip": 0, "op": 20, "st": 0, "ks": {}, "shapes": [
            {"ty": "rc", "p": {"a": 0, "k": [50, 90]}, "s": {"a": 0, "k": [100, 20]}},
            {"ty": "fl", "c": {"sid": "accent"}, "o": {"a": 0, "k": 100}}]}]}
        """

    /// The columns of row 30 (the title's) and row 60 (the caption's) that the text covers.
    private func textColumns(_ pixmap: Pixmap, row: Int) -> Int {
        (0..<100).filter { pixmap[$0, row].green > 128 }.count
    }

    @Test func templatesReplaceTextsByLayerNameAndSlotAndColoursBySlot() throws {
        let folder = TemporaryDirectory()
        let original = CompositionFixture.frame(try preset("", lottie: template, in: folder), index: 0)
        #expect(original[50, 95].red == 255 && original[50, 95].green == 0, "the slot's own colour")
        #expect(textColumns(original, row: 24) > 0, "the file's own title is drawn")
        let filled = CompositionFixture.frame(
            try preset(
                #", "texts": {"Title": "{who} WWWW", "caption": "WWWWWW"}, "colors": {"accent": "{brand}", "Title": "yellow"}"#,
                lottie: template, in: folder, extra: ##""variables": {"who": "MMM", "brand": "#00ff00"}"##),
            index: 0)
        #expect(filled[50, 95].green == 255 && filled[50, 95].red == 0, "the accent slot takes {brand}")
        #expect(textColumns(filled, row: 24) > 2 * textColumns(original, row: 24), "a longer title")
        #expect(textColumns(filled, row: 54) > textColumns(original, row: 54), "a longer caption")
        let title = (0..<100).map { filled[$0, 24] }.filter { $0.green > 128 }
        #expect(title.allSatisfy { $0.red > 128 && $0.blue < 100 }, "the title is yellow")
    }

    /// A PNG of 4 × 2 blue pixels.
    private let bluePNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEklEQVR4nGNkYPjPAANMDEgAABc3AQOCzBp3AAAAAElFTkSuQmCC"

    /// A 100 × 100 file showing image asset "pic" (its `source` members: `u`, `p`, `e`) at
    /// 100 × 50 from the top-left corner.
    private func pictureFile(_ source: String) -> String {
        """
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": 20, "w": 100, "h": 100,
         "assets": [{"id": "pic", "w": 100, "h": 50, \(source)}],
         "layers": [{"ty": 2, "nm": "Photo", "refId": "pic", "ip": 0, "op": 20, "st": 0, "ks": {}}]}
        """
    }

    @Test func imageLayersDrawEmbeddedPicturesAndFilesBesideTheFile() throws {
        let folder = TemporaryDirectory()
        let embedded = CompositionFixture.frame(
            try preset(
                "", lottie: pictureFile(#""e": 1, "u": "", "p": "data:image/png;base64,\#(bluePNG)""#),
                in: folder),
            index: 0)
        #expect(embedded[50, 25].blue == 255 && embedded[50, 25].red == 0)
        #expect(embedded[50, 75].blue == 0, "below the picture: the background")
        try FileManager.default.createDirectory(
            atPath: folder.path("images"), withIntermediateDirectories: true)
        try #require(Data(base64Encoded: bluePNG)).write(
            to: URL(fileURLWithPath: folder.path("images/blue.png")))
        let beside = CompositionFixture.frame(
            try preset("", lottie: pictureFile(#""u": "images/", "p": "blue.png""#), in: folder), index: 0)
        #expect(beside[10, 40].blue == 255 && beside[10, 60].blue == 0)
    }

    @Test func anImageOutsideTheReadableFoldersOrNotAPictureIsRefusedInTheLottieFile() throws {
        let folder = TemporaryDirectory()
        func problem(_ source: String) -> String {
            do {
                _ = try preset("", lottie: pictureFile(source), in: folder)
                return ""
            } catch {
                return "\(error)"
            }
        }
        let escaping = problem(#""u": "../../../../../../", "p": "etc/hostname""#)
        #expect(
            escaping.contains("anim.json:2:") && escaping.contains("assets[0].p: cannot read"), "\(escaping)")
        #expect(escaping.contains("outside the folders a preset may read"), "\(escaping)")
        let notBase64 = problem(#""e": 1, "p": "data:image/png;base64,@@@""#)
        #expect(notBase64.contains("assets[0].p: its embedded picture is not base64"), "\(notBase64)")
        let notAPicture = problem(#""e": 1, "p": "data:image/png;base64,aGVsbG8=""#)
        #expect(notAPicture.contains("not a PNG, JPEG or WebP file"), "\(notAPicture)")
        // A picture that is not there is drawn as players draw it, as nothing, with a warning.
        let sink = WarningSink.discarding()
        let missing = try sink.receiving {
            try preset("", lottie: pictureFile(#""u": "images/", "p": "none.png""#), in: folder)
        }
        #expect(!CompositionFixture.frame(missing, index: 0).hasContent)
        #expect(sink.reported.count == 1)
        #expect(
            sink.reported.first?.message.hasSuffix(
                #"anim.json assets[0].p: image asset "pic"'s picture is not there: its layers are not drawn"#)
                == true)
    }

    @Test func aTemplateReplacesAnImageAssetByItsIdFromAVariable() throws {
        let folder = TemporaryDirectory()
        try #require(Data(base64Encoded: bluePNG)).write(to: URL(fileURLWithPath: folder.path("blue.png")))
        let red = #""e": 1, "p": "data:image/png;base64,\#(redPNG)""#
        let replaced = CompositionFixture.frame(
            try preset(
                #", "images": {"pic": "{photo}"}"#, lottie: pictureFile(red), in: folder,
                extra: #""variables": {"photo": "blue.png"}"#),
            index: 0)
        #expect(replaced[50, 25].blue == 255 && replaced[50, 25].red == 0)
        let original = CompositionFixture.frame(
            try preset("", lottie: pictureFile(red), in: folder), index: 0)
        #expect(original[50, 25].red == 255 && original[50, 25].blue == 0)
        do {
            _ = try preset(#", "images": {"pics": "blue.png"}"#, lottie: pictureFile(red), in: folder)
            Issue.record("an unknown asset id is refused")
        } catch {
            #expect(
                "\(error)".contains(
                    #"layers[0].images.pics: the Lottie file has no image asset named "pics"; did you mean "pic"?"#
                ))
        }
    }

    /// A PNG of 4 × 2 red pixels.
    private let redPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGP8z4AATEhsBgAZNQEDGy9LEgAAAABJRU5ErkJggg=="
}
