import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

private let runner = CommandRunner()

private var shippedPresets: [String] {
    let folder = RepositoryPaths.path("presets")
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
        .map { "\(folder)/\($0)" }
}

@Test func atLeastTwelvePresetsShipCoveringEveryScene() throws {
    #expect(shippedPresets.count >= 12)
    let scenes = try Set(shippedPresets.map { try Preset.load(path: $0).sceneName })
    #expect(scenes == Set(SceneCatalog.entries.map(\.name) + [Composition.sceneName]))
    let morphs = try shippedPresets.filter { try Preset.load(path: $0).sceneName == "spirograph-morph" }
    let celebrations = try shippedPresets.filter {
        (try Preset.load(path: $0).scene as? ConfettiScene)?.configuration.title != nil
    }
    #expect(morphs.count >= 3)
    #expect(celebrations.count >= 2)
}

@Test(arguments: shippedPresets)
func everyShippedPresetRendersSmallAndShort(path: String) async throws {
    let preset = try Preset.load(path: path)
    let folder = TemporaryDirectory()
    var export = VideoExport(
        scene: ScaledScene(
            scene: preset.scene, size: CGSize(width: Double(preset.width), height: Double(preset.height)),
            scale: 96 / Double(max(preset.width, preset.height))),
        sampler: TimelineSampler(frameRate: FrameRate(10)!, durationSeconds: 0.3)!,
        width: 96, height: 96, background: preset.background.alpha < 1 ? .black : preset.background)
    export.output.preset = "ultrafast"
    try await export.run(to: folder.url.appendingPathComponent("p.mp4"))
    let frames = try VideoFileReader(path: folder.path("p.mp4")).readAllFrames()
    #expect(frames.count == 3)
}

@Test func theCommittedSchemaIsTheGeneratedOne() throws {
    let committed = try String(
        contentsOfFile: RepositoryPaths.path("schema/preset.schema.json"), encoding: .utf8)
    #expect(committed == PresetSchema.text, "run: make schema")
    let printed = try runner.run(["schema"])
    #expect(printed.status == 0 && printed.standardOutput == committed)
}

/// `flipbook schema --markdown` prints the docs' tables of keys, and writes those a document
/// holds into it, leaving the rest of it as it was; a table of no declared keys is refused.
@Test func schemaMarkdownWritesTheTablesADocumentHolds() throws {
    let printed = try runner.run(["schema", "--markdown"])
    #expect(printed.status == 0 && printed.standardOutput == ReferenceTables.markdown)
    let folder = TemporaryDirectory()
    let stale = try folder.write(
        "# Shadows\n\n<!-- keys: shadow -->\n| old |\n<!-- /keys -->\n\nThe end.\n", to: "doc.md")
    let written = try runner.run(["schema", "--markdown", stale])
    #expect(written.status == 0, "\(written.standardError)")
    let text = try String(contentsOfFile: stale, encoding: .utf8)
    #expect(text.hasPrefix("# Shadows\n\n<!-- keys: shadow -->\n| key | type | default | meaning |"))
    #expect(text.contains("| `inner` | boolean |") && text.hasSuffix("<!-- /keys -->\n\nThe end.\n"))
    let unknown = try folder.write("<!-- keys: shadows -->\n<!-- /keys -->\n", to: "bad.md")
    let refused = try runner.run(["schema", "--markdown", unknown])
    #expect(refused.status == 65 && refused.standardError.contains("names no declared keys"))
    let extra = try runner.run(["schema", stale])
    #expect(extra.status == 64)
}

/// check-jsonschema from PyPI, installed by scripts/install-tools.sh (make test runs it).
private func validateWithCheckJSONSchema(_ files: [String]) throws -> CommandRunner.Result {
    let tool = RepositoryPaths.path(".build/tools/venv/bin/check-jsonschema")
    #expect(FileManager.default.isExecutableFile(atPath: tool), "run scripts/install-tools.sh")
    return try runner.run(
        ["--schemafile", RepositoryPaths.path("schema/preset.schema.json")] + files,
        executable: URL(fileURLWithPath: tool))
}

@Test func anIndependentValidatorAcceptsEveryShippedPresetAndRejectsBrokenOnes() throws {
    let accepted = try validateWithCheckJSONSchema(shippedPresets)
    #expect(accepted.status == 0, "\(accepted.standardOutput)\(accepted.standardError)")
    let folder = TemporaryDirectory()
    let broken = [
        #"{"scene": "confetti", "width": 64, "height": 64, "duration": 1, "parameters": {"cuont": 3}}"#,
        #"{"scene": "confeti", "width": 64, "height": 64, "duration": 1}"#,
        #"{"scene": "wreath", "width": 64, "height": 64}"#,
        #"{"scene": "wreath", "width": 9000, "height": 64, "duration": 1}"#,
        #"{"scene": "starry-sky", "width": 64, "height": 64, "duration": 1, "parameters": {"color": "mauve"}}"#,
        #"{"scene": "spirograph-morph", "width": 64, "height": 64, "duration": 1, "parameters": {"keyframes": [{"easing": "bouncy"}]}}"#,
        #"{"scene": "clock", "width": 64, "height": 64, "duration": 1, "output": {"dither": "noise"}}"#,
        #"{"scene": "hearts", "width": 64, "height": 64, "duration": 1, "fps": "sixty"}"#,
    ]
    for (index, text) in broken.enumerated() {
        let path = try folder.write(text, to: "broken\(index).json")
        let result = try validateWithCheckJSONSchema([path])
        #expect(result.status != 0, "the schema accepted \(text)")
        // Flipbook's own decoder refuses each as well.
        #expect(throws: PresetError.self) { try Preset.load(path: path) }
    }
}

@Test func morphFramesAtKeyframeTimesEqualTheStaticSpirograph() throws {
    let preset = try Preset.load(path: RepositoryPaths.path("presets/spirograph-morph-bloom.json"))
    let morph = try #require(preset.scene as? SpirographMorphScene)
    let size = CGSize(width: 200, height: 200)
    for keyframe in morph.keyframes {
        let time = FrameTime(index: 0, seconds: keyframe.time)
        var still = SpirographScene(
            spirograph: keyframe.spirograph, style: morph.style, color: morph.palette[0])
        still.palette = morph.palette
        #expect(morph.displayList(size: size, time: time) == still.displayList(size: size, time: time))
    }
    // Between keyframes the parameters are interpolated through animatableData.
    let halfway = morph.spirograph(at: (morph.keyframes[0].time + morph.keyframes[1].time) / 2)
    let (a, b) = (morph.keyframes[0].spirograph, morph.keyframes[1].spirograph)
    #expect(abs(halfway.innerRadius - (a.innerRadius + b.innerRadius) / 2) < 1e-9)  // easeInOut is ½ at ½
}

@Test func setOverridesAreCheckedLikeTheFile() throws {
    let folder = TemporaryDirectory()
    let preset = RepositoryPaths.path("presets/wreath.json")
    let ok = try runner.run([
        "validate", preset, "--set", "parameters.bars=24", "--set", "background=#101018",
    ])
    #expect(ok.status == 0, "\(ok.standardError)")
    let bad = try runner.run(["validate", preset, "--set", "parameters.bars=1"])
    #expect(bad.status == 65)
    #expect(
        bad.standardError.contains("wreath.json (--set): parameters.bars: must be between 2 and 360 (got 1)"))
    let typo = try runner.run(["validate", preset, "--set", "parameters.barz=3"])
    #expect(typo.standardError.contains(#"unknown key "barz"; did you mean "bars"?"#))
    let malformed = try runner.run(["validate", preset, "--set", "parameters.bars"])
    #expect(malformed.status == 64)
    // A number no double holds is an error, not the text "1e400" (which a seed would read as hex).
    let huge = try runner.run(["validate", preset, "--set", "seed=1e400"])
    #expect(huge.status == 65)
    #expect(huge.standardError.contains("cannot set seed=1e400: 1e400 is beyond the range of numbers"))
    let hex = try runner.run(["validate", preset, "--set", "seed=0x1e400", "--set", "seed=1e5"])
    #expect(hex.status == 0, "\(hex.standardError)")
    let output = folder.path("w.png")
    let still = try runner.run([
        "still", preset, "--at", "0.5", "-o", output, "--set", "parameters.color=red", "-q",
    ])
    #expect(still.status == 0, "\(still.standardError)")
    #expect(try PNGFile.read(output).width == 400)
}

@Test func aFailingPresetInABatchDoesNotStopTheOthers() throws {
    let folder = TemporaryDirectory()
    let bad = try folder.write(
        #"{"scene": "wreath", "width": 64, "height": 64, "duration": 0}"#, to: "bad.json")
    let outputs = folder.url.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
    let arguments = [
        "batch", RepositoryPaths.path("presets/pulsing-dots.json"), bad,
        RepositoryPaths.path("presets/hearts.json"),
        "-o", outputs, "--jobs", "2", "--size", "64x32", "--duration", "0.2", "--preset", "ultrafast",
    ]
    let result = try runner.run(arguments)
    #expect(result.status == 65)
    #expect(
        result.standardOutput.contains("pulsing-dots.json") && result.standardOutput.contains("failed (65)"))
    #expect(result.standardError.contains("bad.json:1:60: duration: must be between"))
    let written = try FileManager.default.contentsOfDirectory(atPath: outputs).sorted()
    #expect(written == ["hearts.mp4", "pulsing-dots.mp4"])
    // A second run with --skip-existing leaves up-to-date outputs alone.
    let again = try runner.run(arguments + ["--skip-existing"])
    #expect(again.standardOutput.components(separatedBy: "up to date").count == 3)
}

@Test func scenesListsEveryParameterFromTheSameSourceAsTheSchema() throws {
    let result = try runner.run(["scenes"])
    #expect(result.status == 0)
    for entry in SceneCatalog.entries {
        #expect(result.standardOutput.contains("\(entry.name) — \(entry.summary)"))
        for parameter in entry.parameters {
            #expect(result.standardOutput.contains(parameter.doc))
        }
    }
}
