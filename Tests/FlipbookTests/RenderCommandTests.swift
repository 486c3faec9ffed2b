import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

private let runner = CommandRunner()

private let smallConfetti = """
    {"scene": "confetti", "width": 320, "height": 180, "fps": 30, "duration": 1, "seed": 3,
     "output": {"preset": "ultrafast"}}
    """

@Test func demoPresetRendersA1080pH264FileWithEverythingTagged() throws {
    let folder = TemporaryDirectory()
    let output = folder.path("confetti.mp4")
    let result = try runner.run([
        "render", RepositoryPaths.path("presets/confetti.json"), "-o", output, "--preset", "ultrafast",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.isEmpty)
    let reader = try VideoFileReader(path: output)
    #expect(reader.info.codecName == "h264")
    #expect(reader.info.width == 1920 && reader.info.height == 1080)
    #expect(reader.info.pixelFormat == "yuv420p")
    #expect(
        [reader.info.colorPrimaries, reader.info.colorTransfer, reader.info.colorSpace] == [
            "bt709", "bt709", "bt709",
        ])
    #expect(reader.info.colorRange == "tv")
    #expect(reader.info.durationSeconds == 3)
    var timestamps: [Int64] = []
    try reader.forEachFrame { timestamps.append($0.timestamp) }
    #expect(timestamps.count == 180)
    let steps = Set(zip(timestamps, timestamps.dropFirst()).map { $1 - $0 })
    #expect(steps.count == 1)
    let atoms = try MP4Atoms.topLevel(path: output)
    #expect(atoms.firstIndex(of: "moov")! < atoms.firstIndex(of: "mdat")!)
    #expect(folder.contents() == ["confetti.mp4"])
}

@Test func overridesChangeRateSizeAndDuration() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(smallConfetti, to: "p.json")
    let output = folder.path("ntsc.mp4")
    let result = try runner.run([
        "render", input, "-o", output, "--fps", "30000/1001", "--size", "160x90", "--duration", "3",
        "--threads", "2", "--quiet",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    let reader = try VideoFileReader(path: output)
    #expect(reader.info.width == 160 && reader.info.height == 90)
    #expect(reader.info.durationSeconds == 3.003)
    #expect(try reader.readAllFrames().count == 90)
}

@Test func oneAndFourThreadsDecodeToTheSameFrames() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(smallConfetti, to: "p.json")
    var hashes: [[UInt64]] = []
    for threads in ["1", "4"] {
        let output = folder.path("t\(threads).mp4")
        let result = try runner.run(["render", input, "-o", output, "--threads", threads])
        #expect(result.status == 0, "\(result.standardError)")
        hashes.append(try VideoFileReader(path: output).readAllFrames().map(\.contentHash))
    }
    #expect(hashes[0].count == 30)
    #expect(hashes[0] == hashes[1])
}

@Test func helpIsPrintedOnStdoutWithSuccess() throws {
    let main = try runner.run(["--help"])
    #expect(main.status == 0)
    #expect(main.standardOutput.contains("flipbook render PRESET.json -o OUT [options]"))
    let render = try runner.run(["render", "--help"])
    #expect(render.status == 0)
    #expect(render.standardOutput.contains("--threads N"))
    #expect(render.standardOutput.contains("--format NAME"))
}

/// Runs a failing command and checks: the exit code, a single line on stderr naming the
/// problem, nothing on stdout, and no file left in the folder but the inputs.
private func expectFailure(
    _ arguments: [String], in folder: TemporaryDirectory, status: Int32, mentions: [String],
    inputs: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let result = try runner.run(arguments)
    #expect(result.status == status, "\(result.standardError)", sourceLocation: sourceLocation)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 1 || status == 64, "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(lines.first?.hasPrefix("flipbook: ") == true, sourceLocation: sourceLocation)
    for text in mentions {
        #expect(
            result.standardError.contains(text), "\(result.standardError)", sourceLocation: sourceLocation)
    }
    #expect(result.standardOutput.isEmpty, sourceLocation: sourceLocation)
    #expect(folder.contents() == inputs.sorted(), sourceLocation: sourceLocation)
}

@Test func aMissingPresetIsInvalidInput() throws {
    let folder = TemporaryDirectory()
    try expectFailure(
        ["render", folder.path("nope.json"), "-o", folder.path("out.mp4")], in: folder, status: 65,
        mentions: ["nope.json: no such file"])
}

@Test func invalidJSONReportsLineAndColumn() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write("{\n  \"scene\": \"confetti\"\n  \"width\": 64\n}", to: "p.json")
    try expectFailure(
        ["render", input, "-o", folder.path("out.mp4")], in: folder, status: 65,
        mentions: ["p.json:3:3: invalid JSON: unexpected '\"'; expected ',' or '}'"], inputs: ["p.json"])
}

@Test func anUnknownSceneIsInvalidInput() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(
        #"{"scene": "fireworks", "width": 64, "height": 64, "duration": 1}"#, to: "p.json")
    try expectFailure(
        ["render", input, "-o", folder.path("out.mp4")], in: folder, status: 65,
        mentions: ["scene: unknown scene \"fireworks\"", "known scenes: confetti"], inputs: ["p.json"])
}

@Test func anOddSizeIsPaddedToEvenForYUV420ButKeptForPNG() throws {
    let folder = TemporaryDirectory()
    let odd = try folder.write(
        #"{"scene": "confetti", "width": 321, "height": 181, "duration": 0.1}"#, to: "odd.json")
    let result = try runner.run(["render", odd, "-o", folder.path("out.mp4"), "-q"])
    #expect(result.status == 0)
    let info = try VideoFileReader(path: folder.path("out.mp4")).info
    #expect((info.width, info.height) == (322, 182))
    let still = try runner.run(["render", odd, "-o", folder.path("out.png"), "-q"])
    #expect(still.status == 0)
    let pixmap = try PNGFile.read(folder.path("out.png"))
    #expect((pixmap.width, pixmap.height) == (321, 181))
}

@Test func anUnwritableOutputFolderLeavesNothingBehind() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(smallConfetti, to: "p.json")
    // A regular file where a folder should be (root may write anywhere, so permissions alone
    // cannot make a folder unwritable in CI).
    try expectFailure(
        ["render", input, "-o", folder.path("p.json/out.mp4")], in: folder, status: 73,
        mentions: ["p.json/out.mp4", "not a directory"], inputs: ["p.json"])
}

@Test func usageErrorsExitWith64() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(smallConfetti, to: "p.json")
    try expectFailure(
        ["render", input, "-o", folder.path("o.mp4"), "--thread", "2"], in: folder, status: 64,
        mentions: ["unknown option --thread; did you mean --threads?"], inputs: ["p.json"])
    try expectFailure(
        ["render", input, "-o", folder.path("o.mp4"), "--fps", "fast"], in: folder, status: 64,
        mentions: ["--fps expects a frame rate"], inputs: ["p.json"])
    try expectFailure(
        ["render", input], in: folder, status: 64, mentions: ["-o OUT"], inputs: ["p.json"])
    try expectFailure(
        ["rendr"], in: folder, status: 64, mentions: ["did you mean \"render\"?"], inputs: ["p.json"])
}

@Test func interruptingARenderExitsWith130AndLeavesNoFile() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(smallConfetti, to: "p.json")
    let output = folder.path("long.mp4")
    let command = try runner.start(["render", input, "-o", output, "--duration", "600", "--quiet"])
    // Wait until the partial file exists: rendering is under way.
    let deadline = Date().addingTimeInterval(20)
    while !folder.contents().contains(where: { $0.hasPrefix(".long.flipbook-partial-") }), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
    }
    // The signals are trapped before the partial file is made: no time need pass.
    command.interrupt()
    let result = command.wait()
    #expect(result.status == 130, "\(result.standardError)")
    #expect(result.standardError.contains("interrupted"))
    #expect(folder.contents() == ["p.json"])
}

@Test func interruptingABatchStopsEveryRenderExitsWith130AndLeavesNoFile() throws {
    let folder = TemporaryDirectory()
    let inputs = try ["a", "b", "c"].map { try folder.write(smallConfetti, to: "\($0).json") }
    let outputs = folder.url.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    let command = try runner.start(
        ["batch"] + inputs + ["-o", outputs.path, "--jobs", "2", "--duration", "600", "--quiet"])
    let deadline = Date().addingTimeInterval(20)
    func partials() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: outputs.path)) ?? []
        return names.filter { $0.contains(".flipbook-partial-") }.count
    }
    while partials() < 2, Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
    }
    command.interrupt()
    let result = command.wait()
    #expect(result.status == 130, "\(result.standardError)")
    #expect(result.standardError.contains("interrupted: 0 of 3 preset(s) done"), "\(result.standardError)")
    // Both renders in flight removed their temporary files, and the third never started.
    #expect(try FileManager.default.contentsOfDirectory(atPath: outputs.path).isEmpty)
    #expect(!result.standardOutput.contains("c.json"))
}

@Test func theOutputNameChoosesTheFormatAndTheFlagsReachTheFile() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(
        #"{"scene": "chart", "width": 96, "height": 64, "fps": 60, "duration": 0.5, "background": "white"}"#,
        to: "p.json")
    // A 60 fps preset becomes a 50 fps GIF: GIF delays are whole hundredths of a second.
    #expect(try runner.run(["render", input, "-o", folder.path("a.gif"), "-q", "--loop", "1"]).status == 0)
    let gif = try VideoFileReader(path: folder.path("a.gif"))
    #expect(gif.info.codecName == "gif")
    #expect(try gif.readAllFrames().count == 25)
    let webm = try runner.run([
        "render", input, "-o", folder.path("b.webm"), "-q", "--background", "clear", "--captions",
        "--title", "Chart", "--keyint", "10", "--crf", "40",
    ])
    #expect(webm.status == 0, "\(webm.standardError)")
    let reader = try VideoFileReader(path: folder.path("b.webm"))
    #expect(reader.info.metadata["alpha_mode"] == "1")
    #expect((reader.info.metadata["title"] ?? reader.info.metadata["TITLE"]) == "Chart")
    let captions = try String(contentsOfFile: folder.path("b.vtt"), encoding: .utf8)
    #expect(captions.contains("A line chart of 10000 points"))
    let sheet = try runner.run([
        "render", input, "-o", folder.path("sheet.png"), "--contact-sheet", "6", "-q",
    ])
    #expect(sheet.status == 0, "\(sheet.standardError)")
    #expect(try PNGFile.read(folder.path("sheet.png")).width == 8 + 4 * (320 + 8))
    let still = try runner.run(["render", input, "-o", folder.path("s.jpg"), "--at", "0.25", "-q"])
    #expect(still.status == 0)
    #expect(try VideoFileReader(path: folder.path("s.jpg")).info.codecName == "mjpeg")
    #expect(
        folder.contents() == ["a.gif", "b.vtt", "b.webm", "p.json", "s.jpg", "sheet.png"])
}

/// The thread count x264 wrote into the stream's settings message (`… threads=N …`).
private func x264Threads(_ path: String) throws -> Int? {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard let range = data.range(of: Data(" threads=".utf8)) else { return nil }
    return Int(String(decoding: data[range.upperBound...].prefix { (48...57).contains($0) }, as: UTF8.self))
}

@Test func encoderThreadsAreFourEverywhereUnlessTheFlagOrThePresetSaysOtherwise() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(smallConfetti, to: "p.json")
    let two = try folder.write(
        smallConfetti.replacingOccurrences(
            of: #""preset": "ultrafast""#, with: #""preset": "ultrafast", "encoderThreads": 2"#),
        to: "two.json")
    for (arguments, name, threads) in [
        ([input], "default.mp4", 4), ([input, "--encoder-threads", "1"], "one.mp4", 1),
        ([input, "--encoder-threads", "1"], "again.mp4", 1), ([two], "two.mp4", 2),
        ([two, "--encoder-threads", "3"], "three.mp4", 3),
    ] {
        let result = try runner.run(["render"] + arguments + ["-o", folder.path(name), "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try x264Threads(folder.path(name)) == threads, "\(name)")
        #expect(try VideoFileReader(path: folder.path(name)).readAllFrames().count == 30)
    }
    // The same number gives the same bytes.
    #expect(
        try Data(contentsOf: URL(fileURLWithPath: folder.path("one.mp4")))
            == Data(contentsOf: URL(fileURLWithPath: folder.path("again.mp4"))))
    try expectFailure(
        ["render", input, "-o", folder.path("x.gif"), "--encoder-threads", "2"], in: folder, status: 65,
        mentions: ["--encoder-threads applies only to h264, hevc, av1, vp9 and prores, not to gif output"],
        inputs: ["p.json", "two.json"] + ["again.mp4", "default.mp4", "one.mp4", "three.mp4", "two.mp4"])
    try expectFailure(
        ["render", input, "-o", folder.path("x.mp4"), "--encoder-threads", "65"], in: folder, status: 64,
        mentions: [#"--encoder-threads expects threads from 1 to 64 (got "65")"#],
        inputs: ["p.json", "two.json"] + ["again.mp4", "default.mp4", "one.mp4", "three.mp4", "two.mp4"])
    let gif = try folder.write(
        smallConfetti.replacingOccurrences(
            of: #""preset": "ultrafast""#, with: #""format": "gif", "encoderThreads": 2"#), to: "gif.json")
    let refused = try runner.run(["validate", gif])
    #expect(refused.status == 65)
    #expect(
        refused.standardError.contains("output.encoderThreads: gif is not made by a threaded video encoder"),
        "\(refused.standardError)")
}

@Test func hevcNarrowerThan64PixelsIsRefusedBeforeX265CanCorruptMemory() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(smallConfetti, to: "p.json")
    for size in ["48x48", "16x200"] {
        try expectFailure(
            ["render", input, "-o", folder.path("x.mp4"), "--format", "hevc", "--size", size], in: folder,
            status: 65,
            mentions: ["hevc needs frames at least 64 pixels wide (got \(size.prefix { $0 != "x" }))"],
            inputs: ["p.json"])
    }
    let wide = try runner.run([
        "render", input, "-o", folder.path("ok.mp4"), "--format", "hevc", "--size", "64x16", "-q",
    ])
    #expect(wide.status == 0, "\(wide.standardError)")
    #expect(try VideoFileReader(path: folder.path("ok.mp4")).info.codecName == "hevc")
}

@Test func aPresetCanComeFromStandardInput() throws {
    let folder = TemporaryDirectory()
    _ = try folder.write(smallConfetti, to: "p.json")
    // The same bytes as from the file: the preset, not its path, makes the video.
    let piped = try runner.shell(#"cat p.json | "$FLIPBOOK" render - -o piped.mp4 -q"#, directory: folder.url)
    #expect(piped.status == 0, "\(piped.standardError)")
    let file = try runner.run(["render", folder.path("p.json"), "-o", folder.path("file.mp4"), "-q"])
    #expect(file.status == 0, "\(file.standardError)")
    #expect(
        try Data(contentsOf: URL(fileURLWithPath: folder.path("piped.mp4")))
            == Data(contentsOf: URL(fileURLWithPath: folder.path("file.mp4"))))
    // A composition's relative paths start in the current folder; errors call it stdin.
    try StillImage.write(Pixmap(width: 4, height: 4), format: .png, to: folder.path("dot.png"))
    let composition =
        #"{"width": 64, "height": 64, "duration": 0.2, "layers": [{"type": "image", "file": "dot.png"}]}"#
    let still = try runner.shell(
        "printf '%s' '\(composition)' | \"$FLIPBOOK\" still - --at 0.1 -o still.png", directory: folder.url)
    #expect(still.status == 0, "\(still.standardError)")
    let invalid = try runner.shell(
        #"echo '{"scene": "nope"}' | "$FLIPBOOK" validate -"#, directory: folder.url)
    #expect(
        invalid.status == 65 && invalid.standardError.contains(#"stdin:1:11: scene: unknown scene "nope""#))
    // Batch and farm name outputs and chunks after preset files: not for standard input.
    for command in ["batch - -o out/", "farm slurm - -o out/x.mp4 --chunks 2"] {
        let refused = try runner.shell(#"echo '{}' | "$FLIPBOOK" "# + command, directory: folder.url)
        #expect(refused.status == 64, "\(command): \(refused.standardError)")
    }
}

@Test func outputOptionErrorsSayWhatIsWrong() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(smallConfetti, to: "p.json")
    try expectFailure(
        ["render", input, "-o", folder.path("x.mp4"), "--format", "gifs"], in: folder, status: 64,
        mentions: ["--format expects one of", "did you mean \"gif\"?"], inputs: ["p.json"])
    try expectFailure(
        ["render", input, "-o", folder.path("x.avi")], in: folder, status: 64,
        mentions: ["cannot tell the format from", "x.avi"], inputs: ["p.json"])
    try expectFailure(
        ["render", input, "-o", folder.path("x.gif"), "--crf", "20"], in: folder, status: 65,
        mentions: ["--crf applies only to h264, hevc, av1 and vp9, not to gif output"], inputs: ["p.json"])
    try expectFailure(
        ["render", input, "-o", folder.path("x.mp4"), "--pix-fmt", "yuv422p"], in: folder, status: 65,
        mentions: ["pixel format yuv422p is not available", "yuv420p, yuv444p"], inputs: ["p.json"])
    try expectFailure(
        ["render", input, "-o", folder.path("x.mp4"), "--contact-sheet", "4"], in: folder, status: 65,
        mentions: ["--contact-sheet writes a PNG"], inputs: ["p.json"])
}

/// The `THP_enabled` line of `/proc/PID/status`: whether the process may get transparent huge
/// pages; `nil` where the kernel does not say.
private func hugePagesEnabled(_ pid: Int32) -> Bool? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("THP_enabled:") })
    else { return nil }
    return line.hasSuffix("1")
}

/// A kernel that does not report `THP_enabled` (before Linux 5.0) cannot be checked: the test
/// is then reported as skipped, not passed.
@Test(.enabled(if: hugePagesEnabled(getpid()) != nil, "the kernel does not report THP_enabled"))
func anH264RenderTurnsHugePagesOffForItselfAndOtherFormatsKeepThem() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "confetti", "width": 320, "height": 180, "fps": 30, "duration": 60}"#, to: "p.json")
    let allowed = try #require(hugePagesEnabled(getpid()))
    for (output, expected) in [("a.mp4", false), ("a.webm", allowed)] {
        let running = try runner.start(["render", preset, "-o", folder.path(output), "--progress", "json"])
        // The setting is made before the encoder starts: once a frame is encoded, it holds.
        #expect(running.waitForOutputLine(containing: #""event":"frame_encoded""#), "\(output)")
        let seen = hugePagesEnabled(running.process.processIdentifier)
        running.interrupt()
        _ = running.wait()
        #expect(seen == expected, "\(output)")
    }
}
