import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook test` (issue 56 §3): golden frames recorded with `--update`, then compared by SSIM —
/// a one-pixel-wide line fails, noise from re-encoding the reference does not; the reports;
/// the `golden` key's times; and Flipbook's own presets against their committed references.
@Suite struct GoldenFrameTests {
    private let runner = CommandRunner()

    /// A 64 × 48 composition at 10 fps: an orange box, and a line one point wide (one pixel at
    /// scale 1) named `Line`, listing four times in its own `golden` key — seconds, a string of
    /// seconds, a marker plus half a second, and a frame.
    private func composition(
        in folder: TemporaryDirectory, golden: String = #"[0, "1.5s", "drop+0.5", "5f"]"#
    )
        throws -> String
    {
        try folder.write(
            """
            {"width": 64, "height": 48, "fps": 10, "duration": 2, "background": "white",
             "markers": {"drop": 1}, "golden": \(golden),
             "layers": [
              {"type": "shape", "shape": "rect", "size": [24, 16], "position": [20, 24], "fill": "orange"},
              {"type": "shape", "shape": "rect", "name": "Line", "size": [1, 30], "anchor": "topLeading",
               "position": [48, 8], "fill": "#202020"}]}
            """, to: "lined.json")
    }

    private func test(_ arguments: [String]) throws -> CommandRunner.Result {
        try runner.run(["test"] + arguments)
    }

    /// `--update` writes each listed time's reference, named as the preset writes the time, with
    /// the very bytes `flipbook still --at` writes; a test then passes, saying so on stderr.
    @Test func updateRecordsWhatStillRendersAndATestThenPasses() throws {
        let folder = TemporaryDirectory("flipbook-golden")
        let preset = try composition(in: folder)
        let update = try test([preset, "--update"])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardError.contains("recorded 4 reference pictures of 1 preset"))
        #expect(folder.contents("golden/lined").sorted() == ["0s.png", "1.5s.png", "5f.png", "drop+0.5.png"])
        for (name, seconds) in [("0s", "0"), ("1.5s", "1.5"), ("drop+0.5", "1.5"), ("5f", "0.5")] {
            let still = try runner.run(["still", preset, "--at", seconds, "-o", folder.path("\(name).png")])
            #expect(still.status == 0, "\(still.standardError)")
            #expect(
                FileManager.default.contents(atPath: folder.path("golden/lined/\(name).png"))
                    == FileManager.default.contents(atPath: folder.path("\(name).png")), "\(name)")
        }
        let result = try test([preset])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "4 frames of 1 preset match their references\n")
        #expect(result.standardOutput.isEmpty)
    }

    /// Moving the one-pixel line by a pixel, or greying it, fails every time it shows: exit 1,
    /// a line per frame naming the preset, the time, the reference and the SSIM, then a count.
    @Test(arguments: ["layers[1].position=[49, 8]", "layers[1].fill=\"#606060\""])
    func aOnePixelLineChangedFailsEveryFrame(change: String) throws {
        let folder = TemporaryDirectory("flipbook-golden-line")
        let preset = try composition(in: folder)
        #expect(try test([preset, "--update"]).status == 0)
        let result = try test([preset, "--set", change])
        #expect(result.status == 1, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        for name in ["0s", "1.5s", "drop+0.5", "5f"] {
            #expect(
                lines.contains {
                    $0.hasPrefix(
                        "flipbook: \(preset) at \(name): differs from \(folder.path("golden/lined/\(name).png")): SSIM "
                    )
                        && $0.contains("below 0.9500 (--tolerance 0.0500)")
                }, "\(name): \(result.standardError)")
        }
        #expect(lines.contains("flipbook: 4 of 4 frames of 1 preset failed"), "\(result.standardError)")
    }

    /// References written again by another PNG encoder (Pillow: RGB instead of RGBA, its own
    /// compression) with ±2 code values of noise added still match; the same noise fails at
    /// `--tolerance 0`, so it is the tolerance that lets it through.
    @Test func referencesReencodedWithNoiseStillMatch() throws {
        let folder = TemporaryDirectory("flipbook-golden-noise")
        let preset = try composition(in: folder)
        #expect(try test([preset, "--update"]).status == 0)
        let script = """
            import sys, numpy
            from PIL import Image
            noise = numpy.random.default_rng(7)
            for path in sys.argv[1:]:
                pixels = numpy.asarray(Image.open(path).convert("RGB"), dtype=numpy.int16)
                pixels = numpy.clip(pixels + noise.integers(-2, 3, pixels.shape), 0, 255).astype(numpy.uint8)
                Image.fromarray(pixels, "RGB").save(path, compress_level=1)
            """
        let references = folder.contents("golden/lined").map { folder.path("golden/lined/\($0)") }
        let before = references.map { FileManager.default.contents(atPath: $0) }
        let noise = try runner.run(
            ["-c", script] + references, executable: URL(fileURLWithPath: IndependentDecoder.python))
        try #require(noise.status == 0, "\(noise.standardError)")
        #expect(references.map { FileManager.default.contents(atPath: $0) } != before)
        let result = try test([preset])
        #expect(result.status == 0, "\(result.standardError)")
        let strict = try test([preset, "--tolerance", "0"])
        #expect(strict.status == 1, "\(strict.standardError)")
    }

    /// A frame with no reference fails, saying how to record one; a reference of another size
    /// fails naming both sizes.
    @Test func aMissingOrResizedReferenceFailsSayingWhatToDo() throws {
        let folder = TemporaryDirectory("flipbook-golden-missing")
        let preset = try composition(in: folder, golden: "[1]")
        let missing = try test([preset])
        #expect(missing.status == 1)
        #expect(
            missing.standardError.contains(
                "flipbook: \(preset) at 1s: has no reference \(folder.path("golden/lined/1s.png")): run flipbook test --update to record it"
            ), "\(missing.standardError)")
        #expect(try test([preset, "--update", "--scale", "2"]).status == 0)
        let resized = try test([preset])
        #expect(resized.status == 1)
        #expect(resized.standardError.contains("is 64×48 pixels but"), "\(resized.standardError)")
        #expect(
            resized.standardError.contains("is 128×96: test at the --scale and --size it was recorded at"))
        #expect(try test([preset, "--scale", "2"]).status == 0)
    }

    /// Without `golden`, the first, middle and last frames are checked: 0f, 10f and 19f of
    /// 20 frames.
    @Test func withoutGoldenTheFirstMiddleAndLastFramesAreChecked() throws {
        let folder = TemporaryDirectory("flipbook-golden-default")
        let text = try String(contentsOfFile: try composition(in: folder), encoding: .utf8)
        let preset = try folder.write(
            text.replacingOccurrences(of: #""golden": [0, "1.5s", "drop+0.5", "5f"],"#, with: ""),
            to: "plain.json")
        #expect(try test([preset, "--update"]).status == 0)
        #expect(folder.contents("golden/plain").sorted() == ["0f.png", "10f.png", "19f.png"])
    }

    /// A `golden` time is read as a composition's moment, at its JSON path: an unknown marker
    /// (with a did-you-mean), a time past the end, a time listed twice — each exit 65.
    @Test(arguments: [
        (#"[0, "dorp"]"#, #"golden[1]: unknown marker "dorp"; did you mean "drop"?"#),
        (#"[3]"#, "golden[0]: must be within the 2 s video"),
        (#"["1.5s", "1.5s"]"#, "golden[1]: lists 1.5s twice"),
        ("[]", "golden: must list at least one time"),
    ])
    func aBadGoldenTimeIsAnErrorAtItsPath(golden: String, message: String) throws {
        let folder = TemporaryDirectory("flipbook-golden-bad")
        let result = try test([try composition(in: folder, golden: golden)])
        #expect(result.status == 65)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    /// A folder stands for the presets in it; one that cannot be read fails the run with 65
    /// while the others are still checked, and the JUnit XML has a suite per preset, a case
    /// per time, failures with their scores and the unreadable preset as an error.
    @Test func aFolderIsCheckedWholeAndTheJUnitXMLHasACasePerTime() throws {
        let folder = TemporaryDirectory("flipbook-golden-folder")
        let presets = TemporaryDirectory("flipbook-golden-folder-presets")
        let preset = try composition(in: presets)
        #expect(try test([preset, "--update"]).status == 0)
        _ = try presets.write(#"{"width": 64}"#, to: "broken.json")
        let xml = folder.path("out/golden.xml")
        let result = try test([presets.url.path, "--set", "layers[1].position=[49, 8]", "--junit", xml])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains("broken.json"))
        let parsed = try IndependentDecoder.json(
            """
            import json, sys, xml.etree.ElementTree as tree
            root = tree.parse(sys.argv[1]).getroot()
            print(json.dumps({"counts": [root.get(k) for k in ("tests", "failures", "errors")],
              "suites": [s.get("name") for s in root.iter("testsuite")],
              "cases": [[c.get("name"), [(e.tag, e.get("message")) for e in c]] for c in root.iter("testcase")]}))
            """, [xml])
        let json = try #require(parsed as? [String: Any])
        #expect(json["counts"] as? [String] == ["5", "4", "1"])
        #expect(json["suites"] as? [String] == [presets.path("broken.json"), presets.path("lined.json")])
        let cases = json["cases"] as? [[Any]] ?? []
        #expect(cases.map { $0[0] as? String } == ["loading", "0s", "1.5s", "drop+0.5", "5f"])
        let failures = cases.dropFirst().compactMap { ($0[1] as? [[String]])?.first }
        #expect(failures.count == 4)
        #expect(failures.allSatisfy { $0[0] == "failure" && $0[1].contains("SSIM ") }, "\(failures)")
        #expect(((cases.first?[1] as? [[String]])?.first?[0]) == "error")
    }

    /// A signal while `--update` writes ends with exit 130 (or, before the handler is in place,
    /// the signal itself), leaves no temporary file, and every reference either as it was or
    /// whole: each is written aside and renamed.
    @Test(arguments: [0.1, 0.3, 0.6])
    func aSignalDuringUpdateLeavesEachReferenceOldOrWhole(after delay: Double) throws {
        let folder = TemporaryDirectory("flipbook-golden-signal")
        let times = (0..<12).map { "\"\($0 * 2)f\"" }.joined(separator: ", ")
        let preset = try folder.write(
            """
            {"scene": "confetti", "width": 1280, "height": 720, "fps": 30, "duration": 1, "seed": 3,
             "golden": [\(times)]}
            """, to: "busy.json")
        let references = (0..<12).map { folder.path("golden/busy/\($0 * 2)f.png") }
        try FileManager.default.createDirectory(
            atPath: folder.path("golden/busy"), withIntermediateDirectories: true)
        let old = Data("an older reference\n".utf8)
        for reference in references { try old.write(to: URL(fileURLWithPath: reference)) }
        let command = try runner.start(["test", preset, "--update"])
        Thread.sleep(forTimeInterval: delay)
        command.send(SIGTERM)
        let result = command.wait()
        let signalled = result.terminationReason == .uncaughtSignal
        #expect(result.status == 130 || signalled || result.status == 0, "\(result.standardError)")
        #expect(
            folder.contents("golden/busy").allSatisfy { !$0.hasPrefix(".") },
            "\(folder.contents("golden/busy"))")
        // A whole PNG starts with its signature and ends with its IEND chunk and that chunk's CRC.
        let signature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let end = Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        for reference in references {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: reference))
            #expect(bytes == old || (bytes.starts(with: signature) && bytes.suffix(8) == end), "\(reference)")
        }
    }

    /// Flipbook's own presets look as their committed references (`presets/golden`, recorded at
    /// an eighth of their size so the repository stays light: `make test` runs this).
    @Test func theShippedPresetsMatchTheirGoldenFrames() throws {
        let result = try test([RepositoryPaths.path("presets"), "--scale", "0.125"])
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// `--report DIR` replaces only what a report wrote: a folder with a page of its own (a
    /// site's `index.html`) or other files in `frames/` is refused before anything renders (73),
    /// and left as it was; a report written again over an older one keeps no stale pictures.
    @Test func aReportNeverReplacesAPageItDidNotWrite() throws {
        let folder = TemporaryDirectory("flipbook-golden-foreign")
        let preset = try composition(in: folder, golden: #"[0, "1.5s"]"#)
        #expect(try test([preset, "--update"]).status == 0)
        let site = folder.path("site")
        for made in ["site", "pictures/frames"] {
            try FileManager.default.createDirectory(
                atPath: folder.path(made), withIntermediateDirectories: true)
        }
        _ = try folder.write("<p>my homepage</p>", to: "site/index.html")
        let refused = try test([preset, "--set", "layers[1].position=[49, 8]", "--report", site])
        #expect(refused.status == 73, "\(refused.standardError)")
        #expect(refused.standardError.contains("its index.html is not a flipbook test report"))
        #expect(try String(contentsOfFile: site + "/index.html", encoding: .utf8) == "<p>my homepage</p>")
        #expect(folder.contents("site") == ["index.html"])
        _ = try folder.write("mine", to: "pictures/frames/holiday.png")
        let foreignFrames = try test([preset, "--report", folder.path("pictures")])
        #expect(foreignFrames.status == 73, "\(foreignFrames.standardError)")
        #expect(foreignFrames.standardError.contains("frames/holiday.png"), "\(foreignFrames.standardError)")
        #expect(folder.contents("pictures/frames") == ["holiday.png"])
        _ = try folder.write("a file", to: "file.txt")
        #expect(try test([preset, "--report", folder.path("file.txt")]).status == 73)

        // Its own report it replaces: two failing frames, then one.
        let report = folder.path("report")
        #expect(try test([preset, "--set", "layers[1].position=[49, 8]", "--report", report]).status == 1)
        #expect(folder.contents("report/frames").count == 6)
        let again = try test([
            preset, "--set", "golden=[0]", "--set", "layers[1].position=[49, 8]", "--report", report,
        ])
        #expect(again.status == 1, "\(again.standardError)")
        #expect(
            folder.contents("report/frames") == ["001-difference.png", "001-new.png", "001-reference.png"])
    }

    /// The HTML report of a failing run opens in Debian's Chromium with no console error, every
    /// picture loaded, three side by side per failing frame (`Browser/golden_report_checks.py`).
    @Test func theHTMLReportOpensInChromiumWithoutErrors() throws {
        let folder = TemporaryDirectory("flipbook-golden-report")
        let preset = try composition(in: folder, golden: #"[0, "1.5s"]"#)
        #expect(try test([preset, "--update"]).status == 0)
        let report = folder.path("report")
        let result = try test([preset, "--set", "layers[1].position=[49, 8]", "--report", report])
        #expect(result.status == 1)
        #expect(
            folder.contents("report/frames").sorted() == [
                "001-difference.png", "001-new.png", "001-reference.png",
                "002-difference.png", "002-new.png", "002-reference.png",
            ])
        let script = RepositoryPaths.path("Tests/FlipbookTests/Browser/golden_report_checks.py")
        let output = try runner.run(
            [script, report + "/index.html"], executable: URL(fileURLWithPath: IndependentDecoder.python))
        try #require(output.status == 0, "the browser checks failed: \(output.standardError)")
        let seen = try #require(
            try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect(seen["errors"] as? [String] == [], "\(seen)")
        #expect(seen["images"] as? Int == 6)
        #expect(seen["broken"] as? [String] == [], "\(seen)")
        #expect(seen["sections"] as? Int == 2)
        #expect((seen["title"] as? String ?? "").contains("2 of 2 frames failed"))
    }
}
