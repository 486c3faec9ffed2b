import FlipbookTestSupport
import Foundation
import Testing

/// `--strict` (issue 53 §4): every warning about a preset is an error — exit 65, each warning a
/// line with its class and JSON path, nothing written and nothing replaced — and without it the
/// same warnings are listed by `validate`, carried by `--progress json` and counted by `batch`.
@Suite struct StrictModeTests {
    private let runner = CommandRunner()

    /// A composition of `layers` (and `extra` top-level keys), 320 × 180 points at 10 fps for
    /// 1 s, written to `name` in `folder`, beside Flipbook Pixel (a font file with one regular
    /// face) and a short tone.
    private func composition(
        _ layers: String, extra: String = "", in folder: TemporaryDirectory, name: String = "p.json"
    ) throws -> String {
        let font = folder.path("Pixel.ttf")
        if !FileManager.default.fileExists(atPath: font) {
            try FileManager.default.copyItem(
                atPath: RepositoryPaths.path("presets/assets/FlipbookPixel.ttf"), toPath: font)
            try WAVFile.writeSine(to: folder.path("beep.wav"), seconds: 0.2)
        }
        return try folder.write(
            #"{"width": 320, "height": 180, "fps": 10, "duration": 1, "output": {"preset": "ultrafast"}"#
                + extra + #", "layers": ["# + layers + "]}", to: name)
    }

    /// One composition per class of warning, with the JSON path the warning is at.
    private static let cases: [(warningClass: String, path: String, layers: String, extra: String)] = [
        ("missing-glyphs", "layers[0]", #"{"type": "text", "text": "a\u0378b"}"#, ""),
        (
            "text-cut-off", "layers[0]",
            #"{"type": "text", "text": "A headline far too wide for the canvas", "font": {"size": 40}}"#, ""
        ),
        (
            "text-cut-off", "layers[0]",
            #"{"type": "text", "text": "one two three four five six", "maxWidth": 80, "lineLimit": 2}"#, ""
        ),
        (
            "text-shrunk", "layers[0]",
            #"{"type": "text", "text": "one two three four five six seven eight", "maxWidth": 80, "lineLimit": 1, "minimumScaleFactor": 0.5}"#,
            ""
        ),
        (
            "after-end", "layers[0].opacity[1]",
            #"{"type": "shape", "shape": "rect", "size": [40, 40], "opacity": [{"t": 0, "value": 1}, {"t": 3, "value": 0}]}"#,
            ""
        ),
        (
            "after-end", "audio.cues[0].t", #"{"type": "shape", "shape": "rect", "size": [40, 40]}"#,
            #", "audio": {"cues": [{"t": 2, "file": "beep.wav"}]}"#
        ),
        (
            "after-end", "layers[0].sound",
            #"{"type": "shape", "shape": "rect", "size": [40, 40], "sound": {"file": "beep.wav", "delay": 1.5}}"#,
            ""
        ),
        (
            "never-visible", "layers[1]",
            #"{"type": "shape", "shape": "rect"}, {"type": "shape", "shape": "rect", "start": 1.5}"#, ""
        ),
        (
            "never-visible", "layers[0]",
            #"{"type": "shape", "shape": "rect", "size": [40, 40], "opacity": 0}"#, ""
        ),
        (
            "never-visible", "layers[0].layers[0]",
            #"{"type": "group", "layers": [{"type": "shape", "shape": "rect", "size": [40, 40], "position": [-100, 50]}]}"#,
            ""
        ),
        (
            "never-visible", "layers[0]",
            #"{"type": "shape", "shape": "rect", "size": [40, 40], "start": 0.32, "duration": 0.05}"#, ""
        ),
        ("unused-asset", "fonts[0]", #"{"type": "text", "text": "Hi"}"#, #", "fonts": ["Pixel.ttf"]"#),
        (
            "font-substituted", "layers[0]",
            #"{"type": "text", "text": "Hi", "font": {"family": "Nowhere Sans"}}"#,
            ""
        ),
        (
            "font-substituted", "layers[0]",
            #"{"type": "text", "text": "Hi", "font": {"family": "Flipbook Pixel", "italic": true}}"#,
            #", "fonts": ["Pixel.ttf"]"#
        ),
        (
            "svg-reference", "layers[0].file",
            #"{"type": "image", "file": "logo.svg"}"#, ""
        ),
    ]

    /// Each class: `validate` lists it as a warning (exit 0) at its path, and `render --strict`
    /// exits 65 naming its class and path, leaving an older output as it was and writing nothing
    /// beside it.
    @Test(arguments: cases.indices)
    func aStrictRenderFailsOnEachClassOfWarningAndWritesNothing(case index: Int) throws {
        let (warningClass, path, layers, extra) = Self.cases[index]
        let folder = TemporaryDirectory()
        let preset = try composition(layers, extra: extra, in: folder)
        // An SVG that refers to a file outside its folder (which is not drawn).
        _ = try folder.write(
            #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20"><image xlink:href="../outside.png" width="20" height="20"/></svg>"#,
            to: "logo.svg")
        let line = "\(path): "
        let validated = try runner.run(["validate", preset])
        #expect(validated.status == 0, "a warning is not an error: \(validated.standardError)")
        let warning = validated.standardError.split(separator: "\n").first {
            $0.hasPrefix("flipbook: warning: \(preset): \(line)") && $0.hasSuffix("[\(warningClass)]")
        }
        #expect(warning != nil, "\(warningClass) at \(path): \(validated.standardError)")

        let output = folder.path("out.mp4")
        try Data("an older render".utf8).write(to: URL(fileURLWithPath: output))
        let before = folder.contents()
        let strict = try runner.run(["render", preset, "-o", output, "--strict"])
        #expect(strict.status == 65, "\(strict.standardError)")
        let lines = strict.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("flipbook: \(preset): \(line)") && $0.hasSuffix("[\(warningClass)]")
            },
            "\(strict.standardError)")
        #expect(lines.last?.contains("with --strict, each an error; nothing was written") == true, "\(lines)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "an older render")
        #expect(folder.contents() == before, "nothing is written beside it")
        // validate --strict fails the same way.
        let strictValidate = try runner.run(["validate", preset, "--strict"])
        #expect(strictValidate.status == 65 && strictValidate.standardError.contains("[\(warningClass)]"))
    }

    /// A composition with nothing to warn of renders, stills, validates and batches with
    /// `--strict` as without.
    @Test func aCleanCompositionPassesStrict() throws {
        let folder = TemporaryDirectory()
        let preset = try composition(
            #"{"type": "shape", "shape": "rect", "size": [100, 50], "fill": "red"}, {"type": "text", "text": "Hi", "font": {"family": "Flipbook Pixel", "size": 20}}"#,
            extra: #", "fonts": ["Pixel.ttf"]"#, in: folder)
        for command in [
            ["render", preset, "-o", folder.path("clean.mp4")],
            ["still", preset, "-o", folder.path("clean.png")],
            ["validate", preset], ["batch", preset, "-o", folder.path("out")],
        ] {
            let result = try runner.run(command + ["--strict"])
            #expect(result.status == 0, "\(command[0]): \(result.standardError)")
            #expect(!result.standardError.contains("warning"), "\(command[0]): \(result.standardError)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("clean.mp4")))
        #expect(FileManager.default.fileExists(atPath: folder.path("clean.png")))
        #expect(FileManager.default.fileExists(atPath: folder.path("out/p.mp4")))
    }

    /// Every preset we ship passes `validate --strict` at its own size and at 9:16 and 1:1: an
    /// example that warns would teach people to ignore warnings.
    @Test(arguments: [nil, "1080x1920", "1080x1080"])
    func theShippedPresetsAreStrictClean(size: String?) throws {
        let presets = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.path("presets"))
            .filter { $0.hasSuffix(".json") }.sorted().map { RepositoryPaths.path("presets/\($0)") }
        #expect(presets.count > 10)
        let result = try runner.run(
            ["validate", "--strict"] + presets + (size.map { ["--size", $0] } ?? []))
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// A warning that only a frame the check before rendering does not draw gives (a layer one
    /// frame long, between the checked frames) stops the render part-way: exit 65, and the older
    /// output stays as it was.
    @Test func aWarningPartWayThroughAStrictRenderStopsItLeavingTheOlderOutput() throws {
        let folder = TemporaryDirectory()
        let preset = try folder.write(
            #"""
            {"width": 160, "height": 90, "fps": 30, "duration": 1, "output": {"preset": "ultrafast"}, "layers": [
             {"type": "shape", "shape": "rect", "size": [40, 20], "fill": "red"},
             {"type": "text", "text": "a\u0378", "start": "1f", "duration": "1f"}]}
            """#, to: "late.json")
        let output = folder.path("late.mp4")
        try Data("an older render".utf8).write(to: URL(fileURLWithPath: output))
        let result = try runner.run(["render", preset, "-o", output, "--strict", "--progress", "none"])
        #expect(result.status == 65, "\(result.standardError)")
        // It had started: the render says it would replace the older file when complete.
        #expect(result.standardError.contains("replacing the existing"), "\(result.standardError)")
        #expect(result.standardError.contains("\(preset): layers[1]: "), "\(result.standardError)")
        #expect(result.standardError.contains("[missing-glyphs]"), "\(result.standardError)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "an older render")
        #expect(folder.contents() == ["late.json", "late.mp4"])
    }

    /// A still and a batch with --strict fail on a warning too; in a batch only the preset that
    /// warns fails (its output not written), and the others render.
    @Test func aStrictStillAndBatchFailOnlyWhatWarns() throws {
        let folder = TemporaryDirectory()
        let bad = try composition(
            #"{"type": "shape", "shape": "rect", "start": 2}"#, in: folder, name: "bad.json")
        let good = try composition(
            #"{"type": "shape", "shape": "rect", "size": [40, 40]}"#, in: folder, name: "good.json")
        let still = try runner.run(["still", bad, "-o", folder.path("bad.png"), "--strict"])
        #expect(still.status == 65 && still.standardError.contains("layers[0]: "), "\(still.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("bad.png")))
        let batch = try runner.run(["batch", bad, good, "-o", folder.path("out"), "--strict"])
        #expect(batch.status == 65, "\(batch.standardError)")
        #expect(batch.standardError.contains("flipbook: \(bad): layers[0]: "), "\(batch.standardError)")
        #expect(batch.standardError.contains("[never-visible]"), "\(batch.standardError)")
        #expect(folder.contents("out") == ["good.mp4"])
        let rows = batch.standardOutput.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows.count == 2 && rows[0].hasPrefix(bad) && rows[0].contains("failed (65)"), "\(rows)")
    }

    /// Without --strict: `validate --json` lists each preset's warnings with their path and
    /// class, `--progress json` carries each as a `warning` event with its path and class, and
    /// the render writes its output.
    @Test func withoutStrictWarningsAreListedAndCarried() throws {
        let folder = TemporaryDirectory()
        let preset = try composition(
            #"{"type": "shape", "shape": "rect", "start": 2}, {"type": "text", "text": "a\u0378b"}"#,
            in: folder)
        let validated = try runner.run(["validate", preset, "--json"])
        #expect(validated.status == 0, "\(validated.standardError)")
        let reports = try #require(
            try JSONSerialization.jsonObject(with: Data(validated.standardOutput.utf8)) as? [[String: Any]])
        #expect(
            reports.count == 1 && reports[0]["valid"] as? Bool == true
                && reports[0]["preset"] as? String == preset)
        let listed = (reports[0]["warnings"] as? [[String: Any]] ?? []).map {
            "\($0["path"] as? String ?? "") \($0["class"] as? String ?? "")"
        }
        #expect(Set(listed) == ["layers[0] never-visible", "layers[1] missing-glyphs"], "\(listed)")

        let rendered = try runner.run(["render", preset, "-o", folder.path("o.mp4"), "--progress", "json"])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let events = rendered.standardOutput.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }.filter { $0["event"] as? String == "warning" }
        let carried = events.map { "\($0["path"] as? String ?? "") \($0["class"] as? String ?? "")" }
        #expect(Set(carried) == ["layers[0] never-visible", "layers[1] missing-glyphs"], "\(carried)")
        for event in events {
            let message = event["message"] as? String ?? ""
            #expect(message.hasPrefix("\(event["path"] as? String ?? "?"): ") && message.hasSuffix("]"))
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("o.mp4")))
    }

    /// `batch` counts each row's warnings in its summary ("ok, 1 warning"), lists the rows in
    /// the table's order (not the order they finished in, nor sorted), and aligns its columns by
    /// the columns of a terminal each character takes: a Chinese row name two a character, a
    /// letter with a combining accent one.
    @Test func batchCountsEachRowsWarningsInTableOrderWithAlignedColumns() throws {
        let folder = TemporaryDirectory()
        let preset = try composition(
            #"{"type": "text", "text": "{title}", "font": {"size": 20}}"#,
            extra: #", "variables": {"title": "Hi"}"#,
            in: folder, name: "t.json")
        let table = try folder.write(
            "name,title\nzeta,Hi\nlong,A title far too long for this small canvas by far\n東京,東京\ncafe\u{301},Café\n",
            to: "rows.csv")
        let batch = try runner.run([
            "batch", preset, "--variables", table, "-o", folder.path("out"), "--jobs", "2",
        ])
        #expect(batch.status == 0, "\(batch.standardError)")
        let lines = batch.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(batch.standardOutput)")
        let rows = ["zeta", "long", "東京", "cafe\u{301}"]
        for (line, row) in zip(lines.dropFirst(), rows) {
            #expect(line.hasPrefix("\(preset) [\(row)]"), "rows in the table's order: \(lines)")
        }
        #expect(lines[2].contains("ok, 1 warning "), "\(lines[2])")
        #expect(lines[1].contains("ok ") && !lines[1].contains("warning"), "\(lines[1])")
        // Every row's result and output start at the header's columns, and its frames end where
        // the header's do.
        let header = lines[0]
        func start(of word: String, in line: String, after: String.Index? = nil) throws -> Int {
            let range = try #require(line.range(of: word, range: (after ?? line.startIndex)..<line.endIndex))
            return Self.columns(String(line[..<range.lowerBound]))
        }
        let (result, frames, output) = (
            try start(of: "result", in: header), try start(of: "frames", in: header) + 6,
            try start(of: "output", in: header)
        )
        for line in lines.dropFirst() {
            let name = try #require(line.range(of: "] ")).upperBound
            #expect(try start(of: "ok", in: line, after: name) == result, "result: \(lines)")
            #expect(try start(of: " 10 ", in: line, after: name) + 3 == frames, "frames: \(lines)")
            #expect(try start(of: folder.path("out"), in: line, after: name) == output, "output: \(lines)")
        }
    }

    /// The columns a terminal gives `text`, counted here independently of the tool: CJK
    /// ideographs two, combining marks none, everything else one.
    private static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            if (0x4E00...0x9FFF).contains(scalar.value) { return total + 2 }
            if scalar.properties.generalCategory == .nonspacingMark { return total }
            return total + 1
        }
    }
}
