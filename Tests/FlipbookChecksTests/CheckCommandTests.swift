import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook check` on purpose-built compositions, run as a build script runs it: each problem
/// found with its check, time range, layer and JSON path, none where there is none, exit 65
/// under `--strict`.
@Suite struct CheckCommandTests {
    private let flipbook = CommandRunner()

    /// A 1920×1080 composition of `seconds` over `background` with `layers` (JSON).
    private func preset(background: String = "\"#ffffff\"", seconds: Double = 2, layers: [String]) -> String {
        """
        { "scene": "composition", "width": 1920, "height": 1080, "fps": 30, "duration": \(seconds),
          "background": \(background), "layers": [\(layers.joined(separator: ","))] }
        """
    }

    /// A text layer saying `text` at `size` px in `colour`, in the middle unless placed.
    private func text(
        _ text: String = "Contrast sample", size: Int = 20, weight: String = "regular", colour: String,
        position: String = "[\"50%\", \"50%\"]", extra: String = ""
    ) -> String {
        """
        { "type": "text", "name": "Sample", "text": "\(text)", "position": \(position),
          "font": { "family": "Inter", "size": \(size), "weight": "\(weight)" }, "fill": "\(colour)"\(extra) }
        """
    }

    /// The problems `flipbook check --json` finds in `json`: each check's name with its object.
    private func problems(_ json: String, _ options: [String] = []) throws -> [(String, [String: Any])] {
        let folder = TemporaryDirectory()
        let path = try folder.write(json, to: "preset.json")
        let result = try flipbook.run(["check", path, "--json"] + options)
        #expect(result.status == 0, "\(result.standardError)")
        let entries =
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        let found = entries?.first?["problems"] as? [[String: Any]] ?? []
        return found.map { ($0["check"] as? String ?? "", $0) }
    }

    /// 20 px text is under the default smallest size at 1080p: the contrast tests allow it.
    private let smallText = ["--min-text-size", "12"]

    // Text 117 and 120 grey on white: 4.61:1 and 4.42:1 (WCAG's relative luminance).
    @Test func textAtFourPointSixToOnePassesAAndFourPointFourFails() throws {
        #expect(try problems(preset(layers: [text(colour: "#757575")]), smallText).isEmpty)
        let found = try problems(preset(layers: [text(colour: "#787878")]), smallText)
        #expect(found.map(\.0) == ["contrast"])
        let measured = found.first?.1["measured"] as? Double ?? 0
        #expect(abs(measured - 4.415) < 0.01)
        #expect(found.first?.1["limit"] as? Double == 4.5)
        #expect(found.first?.1["path"] as? String == "layers[0]")
        #expect(found.first?.1["layer"] as? String == "Sample")
    }

    @Test func largeTextNeedsThreeToOneAndAAASevenToOne() throws {
        // 4.42:1 is enough for 32 px text at AA, not at AAA (4.5:1 for large text).
        let large = preset(layers: [text(size: 32, colour: "#787878")])
        #expect(try problems(large).isEmpty)
        #expect(try problems(large, ["--contrast", "aaa"]).map(\.0) == ["contrast"])
    }

    @Test func contrastIsMeasuredAgainstTheGradientBehindTheGlyphs() throws {
        // Grey 112 against white … #fafafa: 4.95 … 4.74:1, all above 4.5.
        let light =
            ##"{ "type": "linear", "colors": ["#ffffff", "#fafafa"], "start": "leading", "end": "trailing" }"##
        let fill = { (colours: String) in
            "{ \"type\": \"shape\", \"shape\": \"rect\", \"fill\": \(colours) }"
        }
        #expect(try problems(preset(layers: [fill(light), text(colour: "#707070")]), smallText).isEmpty)
        // Grey 117 against #e0e0e0 … #e8e8e8: 3.4 … 3.8:1, all below.
        let dark =
            ##"{ "type": "linear", "colors": ["#e0e0e0", "#e8e8e8"], "start": "leading", "end": "trailing" }"##
        let found = try problems(preset(layers: [fill(dark), text(colour: "#757575")]), smallText)
        #expect(found.map(\.0) == ["contrast"])
        #expect(found.first?.1["path"] as? String == "layers[1]")
    }

    @Test func smallTextTextOutsideTheTitleSafeAreaAndBriefTextAreReported() throws {
        let small = try problems(preset(layers: [text(size: 16, colour: "#000000")]))
        #expect(small.map(\.0) == ["text-size"])
        #expect(abs((small.first?.1["measured"] as? Double ?? 0) - 16) < 0.5)
        #expect(small.first?.1["limit"] as? Double == 27)
        let edge = try problems(
            preset(layers: [
                text(
                    size: 40, colour: "#000000", position: "[\"1%\", \"50%\"]",
                    extra: ", \"anchor\": \"leading\"")
            ]))
        #expect(edge.map(\.0) == ["title-safe"])
        let words = "one two three four five six seven eight nine ten eleven twelve"
        let brief = try problems(
            preset(
                seconds: 3,
                layers: [text(words, size: 40, colour: "#000000", extra: ", \"start\": 1, \"duration\": 1")]))
        #expect(brief.map(\.0) == ["reading-time"])
        #expect(brief.first?.1["start"] as? Double == 1)
        #expect(brief.first?.1["end"] as? Double == 2)
        #expect(brief.first?.1["limit"] as? Double == 4)
        // At 12 words a second, one second is enough.
        let fast = try problems(
            preset(
                seconds: 3,
                layers: [text(words, size: 40, colour: "#000000", extra: ", \"start\": 1, \"duration\": 1")]),
            ["--reading-rate", "12"])
        #expect(fast.isEmpty)
    }

    /// A full-screen rectangle whose opacity steps between 0 and 1, `flashes` times a second.
    private func strobe(_ flashes: Double, colour: String = "#ffffff") -> String {
        let half = 1 / (flashes * 2)
        var keys: [String] = []
        var time = 0.0
        var on = false
        while time < 2 {
            keys.append("{ \"t\": \(time), \"value\": \(on ? 1 : 0) }")
            keys.append("{ \"t\": \(time + half - 0.001), \"value\": \(on ? 1 : 0) }")
            (time, on) = (time + half, !on)
        }
        return """
            { "type": "shape", "name": "Strobe", "shape": "rect", "fill": "\(colour)",
              "opacity": [\(keys.joined(separator: ","))] }
            """
    }

    @Test func aStrobeOverTheScreenFailsAndNamesItsLayer() throws {
        let black = "\"#000000\""
        #expect(try problems(preset(background: black, layers: [strobe(3)])).isEmpty)
        let found = try problems(preset(background: black, layers: [strobe(5)]))
        #expect(found.map(\.0) == ["flash"])
        #expect(found.first?.1["layer"] as? String == "Strobe")
        #expect(found.first?.1["path"] as? String == "layers[0]")
        #expect((found.first?.1["measured"] as? Double ?? 0) >= 4)
        // Red against black changes luminance by 0.21 too: both kinds.
        let red = try problems(preset(background: black, layers: [strobe(5, colour: "#ff0000")]))
        #expect(red.map(\.0) == ["flash", "red-flash"])
    }

    /// A strobe that starts at 1 s is reported from where it starts, not from a second before
    /// the frame at which its count passed the limit.
    @Test func aStrobesFlashesAreReportedFromWhereItStarts() throws {
        let black = "\"#000000\""
        let late = strobe(5).replacingOccurrences(
            of: #""name": "Strobe","#, with: #""name": "Strobe", "start": 1,"#)
        let found = try problems(preset(background: black, seconds: 3, layers: [late]))
        #expect(found.map(\.0) == ["flash"])
        let start = found.first?.1["start"] as? Double ?? 0
        #expect(start >= 1 && start <= 1.25, "\(start)")
    }

    /// A soundtrack too quiet to measure — every block under the −70 LUFS absolute gate of EBU
    /// R 128, as digital silence is — is a loudness problem, not a pass.
    @Test func aSoundTooQuietToMeasureIsAProblem() throws {
        let folder = TemporaryDirectory()
        // A 1 kHz sine at −80 dBFS: −80 LUFS.
        let path = try tonePreset(amplitude: 0.0001, in: folder)
        let result = try flipbook.run(["check", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("loudness  audio: the sound is silent"), "\(result.standardOutput)"
        )
        #expect(try flipbook.run(["check", path, "--strict"]).status == 65)
    }

    /// A 3 s composition in `folder` whose sound is a 1 kHz sine of `amplitude` (of full scale)
    /// in both channels; its path.
    private func tonePreset(amplitude: Double, in folder: TemporaryDirectory) throws -> String {
        try WAVFile.writeSine(to: folder.path("tone.wav"), seconds: 3, amplitude: amplitude)
        let json = """
            { "scene": "composition", "width": 320, "height": 180, "duration": 3, "background": "#000000",
              "layers": [], "audio": { "tracks": [{ "file": "tone.wav" }] } }
            """
        return try folder.write(json, to: "tone.json")
    }

    @Test func theSoundIsHeldToItsLoudnessTarget() throws {
        let folder = TemporaryDirectory()
        // A 1 kHz sine at −20 dBFS in both channels measures −20 LUFS (ITU-R BS.1770-4).
        let path = try tonePreset(amplitude: 0.1, in: folder)
        let result = try flipbook.run(["check", path, "--json"])
        let entries =
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        let found = entries?.first?["problems"] as? [[String: Any]] ?? []
        #expect(found.map { $0["check"] as? String } == ["loudness"])
        #expect(abs((found.first?["measured"] as? Double ?? 0) + 20) < 0.1)
        #expect(found.first?["path"] as? String == "audio")
        #expect(try flipbook.run(["check", path, "--loudness-target", "-20", "--strict"]).status == 0)
        #expect(try flipbook.run(["check", path, "--loudness-target", "atsc-a85", "--strict"]).status == 65)
        let bad = try flipbook.run(["check", path, "--loudness-target", "loud"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("ebu-r128"))
    }

    @Test func strictFailsOnAProblemAndThePlainRunListsItAndSucceeds() throws {
        let folder = TemporaryDirectory()
        let bad = try folder.write(preset(layers: [text(colour: "#787878")]), to: "bad.json")
        let good = try folder.write(preset(layers: [text(colour: "#000000")]), to: "good.json")
        let plain = try flipbook.run(["check", good, bad] + smallText)
        #expect(plain.status == 0)
        #expect(plain.standardOutput.contains("good.json: no problems"))
        #expect(plain.standardOutput.contains("bad.json: 1 problem"))
        #expect(
            plain.standardOutput.contains(
                "contrast  0.0–2.0 s  layers[0]: \"Sample\" has a contrast of 4.42:1"))
        let strict = try flipbook.run(["check", good, bad, "--strict"] + smallText)
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("check found 1 problem in 1 preset"))
        #expect(try flipbook.run(["check", good, "--strict"] + smallText).status == 0)
        let missing = try flipbook.run(["check", folder.path("none.json"), "--strict"])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("none.json"))
    }

    /// Control characters in a preset's path and a layer's name reach the terminal escaped
    /// (`\u{1B}`, `\n`), as the tool's other human output does: a name cannot clear the screen
    /// or forge a line of the report. `--json` keeps them as they are, escaped by JSON.
    @Test func controlCharactersInPathsAndLayerNamesAreEscaped() throws {
        let folder = TemporaryDirectory()
        let layer = text(colour: "#787878").replacingOccurrences(
            of: #""name": "Sample""#, with: #""name": "Sample\u001b[2J\nforged: no problems""#)
        let path = try folder.write(preset(layers: [layer]), to: "bad\u{1B}[31m.json")
        let result = try flipbook.run(["check", path] + smallText)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("\u{1B}"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(#"bad\u{1B}[31m.json: 1 problem"#), "\(result.standardOutput)")
        #expect(
            result.standardOutput.contains(#""Sample\u{1B}[2J\nforged: no problems" has a contrast"#),
            "\(result.standardOutput)")
        #expect(result.standardOutput.split(separator: "\n").count == 2, "\(result.standardOutput)")
        let json = try flipbook.run(["check", path, "--json"] + smallText)
        let entries =
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        let problem = (entries?.first?["problems"] as? [[String: Any]])?.first
        #expect(problem?["layer"] as? String == "Sample\u{1B}[2J\nforged: no problems")
    }
}

/// `render --check` and `batch --check`: the checks' problems are warnings, so `--strict`
/// refuses the render before anything is written.
@Suite struct RenderCheckTests {
    private let flipbook = CommandRunner()

    private let preset = """
        { "scene": "composition", "width": 1920, "height": 1080, "fps": 30, "duration": 1, "background": "#ffffff",
          "layers": [{ "type": "text", "name": "Faint", "text": "Hard to read", "font": { "size": 40 }, "fill": "#dddddd" }] }
        """

    @Test func aProblemIsAWarningAndUnderStrictNothingIsWritten() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(preset, to: "faint.json")
        let output = try folder.write("an older video", to: "faint.mp4")
        let strict = try flipbook.run(["render", path, "-o", output, "--check", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("contrast: 0.0–1.0 s: \"Faint\" has a contrast of"))
        #expect(strict.standardError.contains("[check]"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "an older video")
        let plain = try flipbook.run(["render", path, "-o", output, "--check"])
        #expect(plain.status == 0)
        #expect(plain.standardError.contains("[check]"))
        #expect(FileManager.default.contents(atPath: output)?.count ?? 0 > 1000)
        let unchecked = try flipbook.run(["render", path, "-o", output, "--strict"])
        #expect(unchecked.status == 0)
        let batch = try flipbook.run(["batch", path, "-o", folder.path("out"), "--check", "--strict"])
        #expect(batch.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/faint.mp4")))
        // A dry run finds what the render finds.
        let dryRun = try flipbook.run(["render", path, "-o", output, "--check", "--strict", "--dry-run"])
        #expect(dryRun.status == 65, "\(dryRun.standardError)")
        #expect(dryRun.standardError.contains("contrast: 0.0–1.0 s: \"Faint\" has a contrast of"))
    }

    /// The frames the checks draw do not repeat what the render warns of: each warning once.
    @Test func aDrawingWarningIsToldOnceWithChecks() throws {
        let folder = TemporaryDirectory()
        let path = try folder.write(
            preset.replacingOccurrences(
                of: #""text": "Hard to read""#,
                with:
                    #""text": "Hard to read because this line goes on far past the edge of the frame and then some more", "lineLimit": 1, "minimumScaleFactor": 0.9, "frame": {"width": 300}"#
            ),
            to: "long.json")
        let result = try flipbook.run([
            "render", path, "-o", folder.path("long.mp4"), "--check", "--scale", "0.25",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let cutOff = result.standardError.components(separatedBy: "[text-cut-off]").count - 1
        #expect(cutOff == 1, "\(result.standardError)")
    }
}

/// A preset that cannot be read fails the check whatever else is listed: a build must not read
/// a preset it could not check as one that passed. The others are still checked.
@Test func anUnreadablePresetFailsTheCheckBesideReadableOnes() throws {
    let folder = TemporaryDirectory()
    let good = try folder.write(
        #"{ "scene": "composition", "width": 320, "height": 180, "duration": 1, "layers": [] }"#,
        to: "good.json")
    let bad = try folder.write(#"{ "scene": "composition", "width": "#, to: "bad.json")
    for presets in [[bad], [good, bad], [bad, good]] {
        let result = try CommandRunner().run(["check"] + presets)
        #expect(result.status == 65, "\(presets): \(result.standardError)")
        #expect(result.standardError.contains("bad.json"), "\(result.standardError)")
        if presets.contains(good) { #expect(result.standardOutput.contains("good.json")) }
    }
}
