import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// What build scripts rely on: the JSON progress stream, exit codes, no partial files, limits.
private let runner = CommandRunner()

private let tinyConfetti = """
    {"scene": "confetti", "width": 160, "height": 90, "fps": 30, "duration": 0.5, "seed": 9,
     "output": {"preset": "ultrafast"}}
    """

/// The JSON objects of a `--progress json` stream, one per line.
private func events(_ standardOutput: String) throws -> [[String: Any]] {
    try standardOutput.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

@Test func jsonProgressDescribesTheWholeRender() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(tinyConfetti, to: "p.json")
    let output = folder.path("out.mp4")
    let result = try runner.run(["render", input, "-o", output, "--progress", "json", "--threads", "2"])
    #expect(result.status == 0, "\(result.standardError)")
    let stream = try events(result.standardOutput)
    let names = stream.compactMap { $0["event"] as? String }
    #expect(names.first == "start")
    #expect(names.last == "done")
    #expect(stream.allSatisfy { $0["elapsed"] is Double || $0["elapsed"] is Int })

    let start = stream[0]
    #expect(start["frames"] as? Int == 15)
    #expect(start["width"] as? Int == 160 && start["height"] as? Int == 90)
    #expect(start["fps"] as? String == "30")
    #expect(start["output"] as? String == output)

    let rendered = stream.filter { $0["event"] as? String == "frame_rendered" }.compactMap {
        $0["index"] as? Int
    }
    #expect(rendered.sorted() == Array(0..<15))
    let encoded = stream.filter { $0["event"] as? String == "frame_encoded" }
    #expect(encoded.compactMap { $0["index"] as? Int } == Array(0..<15))
    #expect(encoded.last?["encoded"] as? Int == 15 && encoded.last?["total"] as? Int == 15)

    let done = stream[stream.count - 1]
    #expect(done["frames"] as? Int == 15)
    let bytes = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int
    #expect(done["bytes"] as? Int == bytes)
}

@Test func jsonProgressEndsWithAnErrorEventOnFailure() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(tinyConfetti, to: "p.json")
    let result = try runner.run(
        ["render", input, "-o", folder.path("out.mp4"), "--progress", "json"],
        environment: ["FLIPBOOK_FAIL_AT_FRAME": "5"])
    #expect(result.status == 70)
    let stream = try events(result.standardOutput)
    #expect(stream.first?["event"] as? String == "start")
    #expect(stream.last?["event"] as? String == "error")
    #expect(stream.last?["exit_code"] as? Int == 70)
    #expect((stream.last?["message"] as? String)?.contains("failure injected at frame 5") == true)
    #expect(folder.contents() == ["p.json"])
}

@Test func anEncoderFailureExitsWith70AndLeavesNoFile() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(tinyConfetti, to: "p.json")
    let result = try runner.run(
        ["render", input, "-o", folder.path("out.mp4")], environment: ["FLIPBOOK_FAIL_AT_FRAME": "3"])
    #expect(result.status == 70)
    #expect(result.standardError.contains("cannot encode frame 3"))
    #expect(folder.contents() == ["p.json"])
}

@Test func aFullDiskGivesTheDiskFullMessageAndNoFile() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(tinyConfetti, to: "p.json")
    // 64 KiB is far less than the 3 s video needs; writes then fail with EFBIG, as on a full disk.
    let result = try runner.run(
        ["render", input, "-o", folder.path("out.mp4"), "--duration", "3", "--crf", "0"],
        fileSizeLimitKilobytes: 64)
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("the disk is full"))
    #expect(folder.contents() == ["p.json"])
    // The message names the output as it was written, not the absolute path it stands for.
    let relative = try runner.shell(
        #"ulimit -f 64 && "$FLIPBOOK" render p.json -o out/v.mp4 --duration 3 --crf 0"#, directory: folder.url
    )
    #expect(relative.status == 73, "\(relative.standardError)")
    #expect(
        relative.standardError.hasSuffix(
            "flipbook: cannot write out/v.mp4: the disk is full (or the file-size limit was reached); "
                + "nothing was left behind\n"), "\(relative.standardError)")
    #expect(folder.contents() == ["p.json"])
}

@Test func aReadOnlyFileSystemIsRefused() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(tinyConfetti, to: "p.json")
    // /proc refuses new files even to root, which may write anywhere else.
    let result = try runner.run(["render", input, "-o", "/proc/flipbook-test.mp4"])
    #expect(result.status == 73)
    #expect(result.standardError.contains("cannot write /proc/flipbook-test.mp4"))
    #expect(!FileManager.default.fileExists(atPath: "/proc/flipbook-test.mp4"))
}

@Test func theOutputFolderVanishingMidRenderIsReported() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(tinyConfetti, to: "p.json")
    let target = folder.url.appendingPathComponent("renders")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    // Long and large enough that it cannot finish before the folder goes, on any machine.
    let command = try runner.start([
        "render", input, "-o", target.appendingPathComponent("out.mp4").path, "--duration", "1200", "--size",
        "1280x720",
    ])
    // Once the encoder has written its file's first bytes it holds the file open, and writes
    // would go on to the deleted file: the render must notice and stop, not encode 20 minutes.
    func written() -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
        return names.contains { name in
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: target.appendingPathComponent(name).path)
            return (attributes?[.size] as? Int ?? 0) > 0
        }
    }
    let deadline = Date().addingTimeInterval(20)
    while !written(), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
    }
    try FileManager.default.removeItem(at: target)
    let result = command.wait()
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("renders/out.mp4"))
    #expect(result.standardError.contains("removed while rendering"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: target.path))
}

@Test func aSecondInterruptExitsAtOnceAndStillRemovesThePartialFile() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(tinyConfetti, to: "p.json")
    // Long and large enough (a minute or more of encoding) that it cannot finish before the
    // interrupts arrive, however slowly a loaded machine runs this test.
    let command = try runner.start([
        "render", input, "-o", folder.path("long.mp4"), "--duration", "1200", "--size", "1280x720",
    ])
    let deadline = Date().addingTimeInterval(20)
    while !folder.contents().contains(where: { $0.hasPrefix(".long.flipbook-partial-") }), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
    }
    command.interrupt()
    command.interrupt()
    let result = command.wait()
    #expect(result.status == 130)
    #expect(folder.contents() == ["p.json"])
}

/// `join --verify` checks the joined file before it takes the output's name: interrupted while
/// it decodes, the join leaves nothing (it used to leave the joined file and exit 130).
@Test func anInterruptedJoinVerificationLeavesNothing() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(
        #"{"scene": "starry-sky", "width": 960, "height": 540, "fps": 30, "duration": 60, "output": {"preset": "ultrafast"}}"#,
        to: "p.json")
    for chunk in ["0/2", "1/2"] {
        let result = try runner.run([
            "render", input, "-o", folder.path("part-\(chunk.prefix(1)).mp4"), "--chunk", chunk, "-q",
        ])
        #expect(result.status == 0, "\(result.standardError)")
    }
    let command = try runner.start([
        "join", folder.path("part-0.mp4"), folder.path("part-1.mp4"), "-o", folder.path("joined.mp4"),
        "--verify",
    ])
    // The join writes its temporary file, then decodes it (a second or so): wait until that file
    // stops growing — or, as before, until the output itself appears — and interrupt.
    func partial() -> Int? {
        folder.contents().first { $0.hasPrefix(".joined.flipbook-partial-") }.flatMap {
            (try? FileManager.default.attributesOfItem(atPath: folder.path($0)))?[.size] as? Int
        }
    }
    var (last, stable) = (-1, 0)
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, !folder.contents().contains("joined.mp4"), stable < 10 {
        let size = partial() ?? -1
        (last, stable) = (size, size > 0 && size == last ? stable + 1 : 0)
        Thread.sleep(forTimeInterval: 0.01)
    }
    command.interrupt()
    let result = command.wait()
    // A join that finished before the interrupt arrived proves nothing either way.
    if result.status != 0 {
        #expect(result.status == 130, "\(result.standardError)")
        #expect(folder.contents() == ["p.json", "part-0.mp4", "part-1.mp4"])
    }
}

@Test(arguments: [
    (
        #"{"scene":"confetti","width":8192,"height":8192,"duration":1}"#, [String](),
        "limit of 33177600 pixels per frame"
    ),
    (#"{"scene":"confetti","width":64,"height":64,"duration":4000}"#, [], "limit of 3600 seconds of video"),
    (#"{"scene":"confetti","width":64,"height":64,"duration":3000,"fps":120}"#, [], "limit of 216000 frames"),
    (
        #"{"scene":"confetti","width":64,"height":64,"duration":1,"parameters":{"count":100000,"bursts":[{},{},{},{},{},{},{},{},{},{},{}]}}"#,
        [], "limit of 100000 particles"
    ),
    (
        #"{"scene":"spirograph","width":64,"height":64,"duration":1,"parameters":{"outerRadius":9973,"innerRadius":9967}}"#,
        [], "limit of 1000000 points"
    ),
    (
        #"{"scene":"confetti","width":64,"height":64,"duration":1}"#, ["--limit", "particles=100"],
        "limit of 100 particles"
    ),
    (
        #"{"scene":"confetti","width":64,"height":64,"duration":1}"#, ["--duration", "5000"],
        "limit of 3600 seconds"
    ),
    // The limits hold on the video's real length: one frame at 1/10000 fps lasts 10 000 s.
    (#"{"scene":"confetti","width":64,"height":64,"duration":1,"fps":0.0001}"#, [], "limit of 3600 seconds"),
    (
        #"{"scene":"confetti","width":64,"height":64,"duration":4}"#, ["--fps", "0.0001"],
        "limit of 3600 seconds"
    ),
    (
        #"{"scene":"confetti","width":64,"height":64,"duration":1,"parameters":{"title":""#
            + String(repeating: "x", count: 10_001) + #""}}"#,
        [], "limit of 10000 characters in one text parameter"
    ),
    // Cost: 10⁵ stars of 100 points would paint 10⁹ square points a frame.
    (
        #"{"scene":"starry-sky","width":640,"height":360,"duration":1,"parameters":{"count":100000,"minSize":100,"maxSize":100}}"#,
        [], "square points painted per frame"
    ),
    (
        #"{"scene":"pulsing-dots","width":1920,"height":1080,"duration":1,"parameters":{"count":1000,"radius":5000}}"#,
        [], "square points painted per frame"
    ),
    (
        #"{"scene":"confetti","width":64,"height":64,"duration":1}"#, ["--size", "8000x8000"],
        "limit of 33177600 pixels"
    ),
])
func everyLimitIsEnforcedWithItsOverrideNamed(preset: String, flags: [String], message: String) throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(preset, to: "p.json")
    let result = try runner.run(["render", input, "-o", folder.path("out.mp4")] + flags)
    #expect(result.status == 65, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardError.contains("raise it with --limit"))
    #expect(folder.contents() == ["p.json"])
}

@Test func raisingALimitLetsThePresetThrough() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(
        #"{"scene":"confetti","width":64,"height":64,"duration":0.1,"output":{"preset":"ultrafast"}}"#,
        to: "p.json")
    let refused = try runner.run(["render", input, "-o", folder.path("a.mp4"), "--limit", "particles=10"])
    #expect(refused.status == 65)
    let allowed = try runner.run(["render", input, "-o", folder.path("a.mp4"), "--limit", "particles=1000"])
    #expect(allowed.status == 0, "\(allowed.standardError)")
    let bad = try runner.run(["render", input, "-o", folder.path("a.mp4"), "--limit", "sparkles=3"])
    #expect(bad.status == 64)
    #expect(bad.standardError.contains("--limit expects NAME=VALUE"))
}

@Test func explainSaysWhichFramesWereDrawnAndWhy() throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(
        #"{"scene":"clock","width":64,"height":64,"fps":10,"duration":2.5,"output":{"preset":"ultrafast"}}"#,
        to: "p.json")
    let result = try runner.run(["render", input, "-o", folder.path("clock.mp4"), "--explain"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 26)
    #expect(lines[0] == "frame 0  redrawn (first frame)")
    #expect(lines[1] == "frame 1  reused (same drawing as frame 0)")
    #expect(lines[10] == "frame 10  redrawn (timeline.date changed)")
    #expect(lines[25] == "frames: 25 total, 3 drawn, 22 reused")
    // One worker by default, so the explanation is the same on every run.
    for _ in 0..<3 {
        let again = try runner.run(["render", input, "-o", folder.path("clock.mp4"), "--explain"])
        #expect(again.standardOutput == result.standardOutput)
    }
    let uncached = try runner.run([
        "render", input, "-o", folder.path("clock.mp4"), "--explain", "--no-cache",
    ])
    #expect(uncached.standardOutput.contains("frame 1  redrawn (caching is off)"))
    #expect(uncached.standardOutput.contains("frames: 25 total, 25 drawn, 0 reused"))
}

/// How many lines of the `--progress json` streams `outputs` are valid against the JSON Schema
/// in docs/progress.md (checked by Python's `jsonschema`, which fails on the first that is not).
private func linesValidAgainstTheDocumentedSchema(_ outputs: [String], in folder: TemporaryDirectory) throws
    -> Int?
{
    let validate = """
        import sys, json, re, jsonschema
        doc = open(sys.argv[1]).read().split("As a JSON Schema")[1]
        schema = json.loads(re.search(r"```json\\n(.*?)```", doc, re.S).group(1))
        lines = []
        for path in sys.argv[2:]:
            for line in open(path).read().splitlines():
                jsonschema.validate(json.loads(line), schema)
                lines.append(line)
        print(json.dumps([len(lines)]))
        """
    let streams = try outputs.enumerated().map {
        try folder.write($0.element, to: "stream-\($0.offset).jsonl")
    }
    let validated = try IndependentDecoder.json(
        validate, [RepositoryPaths.path("docs/progress.md")] + streams)
    return (validated as? [Int])?.first
}

/// `--explain --progress json`: the explanation goes into the stream (stdout holds JSON alone):
/// each frame's named layers on its `frame_encoded`, the counts on `done`.
@Test func explainWithJSONProgressPutsTheExplanationInTheStream() throws {
    let folder = TemporaryDirectory()
    let result = try runner.run([
        "render", RepositoryPaths.path("presets/launch.json"), "-o", folder.path("launch.mp4"), "--explain",
        "--progress", "json", "--scale", "0.125", "--duration", "0.5", "--preset", "ultrafast",
        "--loudness", "-14",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let stream = try events(result.standardOutput)
    let frames = stream.filter { $0["event"] as? String == "frame_encoded" }
    #expect(frames.count == 15)
    // The sound's event, its loudness object included, is in the documented schema too.
    let audio = stream.first { $0["event"] as? String == "audio" }
    #expect((audio?["loudness"] as? [String: Any])?["reached"] != nil, "\(String(describing: audio))")
    let first = try #require(frames.first?["layers"] as? [[String: Any]])
    #expect(first.first?["name"] as? String == "Background")
    #expect(
        first.allSatisfy { $0["outcome"] as? String == "redrawn" && $0["reason"] as? String == "first frame" }
    )
    // Later frames reuse the background's pixels.
    let later = try #require(frames.last?["layers"] as? [[String: Any]])
    #expect(later.first?["name"] as? String == "Background" && later.first?["outcome"] as? String == "reused")
    let done = try #require(stream.last)
    #expect(done["event"] as? String == "done" && done["frames_drawn"] as? Int == 15)
    #expect(done["frames_reused"] as? Int == 0 && (done["layers_reused"] as? Int ?? 0) > 0)
    #expect(try linesValidAgainstTheDocumentedSchema([result.standardOutput], in: folder) == stream.count)
}

/// `batch --progress json`: every render's events tagged with its job, a `skipped` or an
/// `error` for the renders that do not run, and `batch_done` last with the counts and the exit
/// code — every line valid against the schema in docs/progress.md.
@Test func batchJSONProgressTagsEveryRenderAndEndsWithTheCounts() throws {
    let folder = TemporaryDirectory()
    let first = try folder.write(tinyConfetti, to: "a.json")
    let second = try folder.write(tinyConfetti, to: "b.json")
    let invalid = try folder.write(#"{"scene": "nope"}"#, to: "c.json")
    let out = folder.path("out")
    let result = try runner.run(
        ["batch", first, second, invalid, "-o", out, "--jobs", "2", "--progress", "json"])
    #expect(result.status == 65, "\(result.standardError)")
    #expect(result.standardError.contains("unknown scene \"nope\""))
    let stream = try events(result.standardOutput)
    func job(_ index: Int) -> [String] {
        stream.filter { $0["job"] as? Int == index }.compactMap { $0["event"] as? String }
    }
    for index in 0..<2 {
        let names = job(index)
        #expect(names.first == "start" && names.last == "done", "\(names)")
        #expect(names.filter { $0 == "frame_encoded" }.count == 15)
    }
    #expect(job(2) == ["error"])
    // `input` is the preset file, as in render's stream; the jobs follow the presets' order.
    let starts = stream.filter { $0["event"] as? String == "start" }
    #expect(
        Set(starts.map { "\($0["job"] ?? "-") \($0["input"] ?? "-")" }) == ["0 \(first)", "1 \(second)"])
    let done = try #require(stream.last)
    #expect(done["event"] as? String == "batch_done")
    #expect(done["jobs"] as? Int == 3 && done["ok"] as? Int == 2 && done["failed"] as? Int == 1)
    #expect(done["skipped"] as? Int == 0 && done["exit_code"] as? Int == 65)
    #expect(
        stream.filter { $0["job"] == nil }.compactMap { $0["event"] as? String } == ["note", "batch_done"])

    // Again, leaving the outputs alone: a `skipped` per render, and success.
    let again = try runner.run(["batch", first, second, "-o", out, "--skip-existing", "--progress", "json"])
    #expect(again.status == 0, "\(again.standardError)")
    let skipped = try events(again.standardOutput)
    #expect(skipped.compactMap { $0["event"] as? String } == ["skipped", "skipped", "batch_done"])
    #expect(skipped.last?["skipped"] as? Int == 2 && skipped.last?["exit_code"] as? Int == 0)

    // Every line of both streams against the schema the docs give.
    let validated = try linesValidAgainstTheDocumentedSchema(
        [result.standardOutput, again.standardOutput], in: folder)
    #expect(validated == stream.count + skipped.count)

    let bar = try runner.run(["batch", first, "-o", out, "--progress", "bar"])
    #expect(bar.status == 64 && bar.standardError.contains("batch --progress expects json or none"))
}

/// A batch that renders nothing still ends every job and itself in the stream: `--dry-run` a
/// `note` per preset it checked (with its `job`) and `batch_done` counting them as `ok`, passing
/// or not; a table with a row that cannot render an `error` for every row, the ones held back
/// too, so that `ok`, `skipped` and `failed` add up to `jobs`.
@Test func aBatchThatRendersNothingStillEndsEveryJobAndItsStream() throws {
    let folder = TemporaryDirectory()
    let good = try folder.write(tinyConfetti, to: "a.json")
    let invalid = try folder.write(#"{"scene": "nope"}"#, to: "c.json")
    let out = folder.path("out")
    // Two names of one preset write one output: the batch stops before its renders, and says so
    // in the stream too, an `error` without a job and then `batch_done`.
    let colliding = try runner.run([
        "batch", good, good.replacingOccurrences(of: "a.json", with: "./a.json"),
        "-o", out, "--progress", "json",
    ])
    #expect(colliding.status == 65, "\(colliding.standardError)")
    let collidingStream = try events(colliding.standardOutput)
    #expect(collidingStream.compactMap { $0["event"] as? String } == ["error", "batch_done"])
    #expect(collidingStream.first?["job"] == nil && collidingStream.last?["failed"] as? Int == 2)
    let checked = try runner.run(["batch", good, "-o", out, "--dry-run", "--progress", "json"])
    #expect(checked.status == 0, "\(checked.standardError)")
    let checkedStream = try events(checked.standardOutput)
    #expect(checkedStream.compactMap { $0["event"] as? String } == ["note", "batch_done"])
    #expect(checkedStream.first?["job"] as? Int == 0)
    #expect(checkedStream.last?["ok"] as? Int == 1 && checkedStream.last?["exit_code"] as? Int == 0)

    let mixed = try runner.run(["batch", good, invalid, "-o", out, "--dry-run", "--progress", "json"])
    #expect(mixed.status == 65, "\(mixed.standardError)")
    let mixedStream = try events(mixed.standardOutput)
    #expect(mixedStream.compactMap { $0["event"] as? String } == ["note", "error", "batch_done"])
    #expect(mixedStream.last?["ok"] as? Int == 1 && mixedStream.last?["failed"] as? Int == 1)

    let composition = try folder.write(
        #"{"scene": "composition", "width": 160, "height": 90, "fps": 10, "duration": 0.3,"#
            + #" "layers": [{"type": "text", "text": "{title}"}]}"#, to: "t.json")
    // The second row's title is over the limit on text: it cannot render, so neither does the first.
    let table = try folder.write("name,title\nok,Fine\nlong,A title far too long\n", to: "rows.csv")
    let rows = try runner.run([
        "batch", composition, "--variables", table, "-o", out, "--progress", "json", "--limit",
        "text-length=10",
    ])
    #expect(rows.status == 65, "\(rows.standardError)")
    let rowStream = try events(rows.standardOutput)
    #expect(
        Set(rowStream.filter { $0["event"] as? String == "error" }.compactMap { $0["job"] as? Int }) == [
            0, 1,
        ],
        "\(rows.standardOutput)")
    let done = try #require(rowStream.last)
    #expect(done["event"] as? String == "batch_done" && done["jobs"] as? Int == 2)
    #expect(done["ok"] as? Int == 0 && done["failed"] as? Int == 2, "\(done)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let validated = try linesValidAgainstTheDocumentedSchema(
        [colliding.standardOutput, checked.standardOutput, mixed.standardOutput, rows.standardOutput],
        in: folder)
    #expect(validated == collidingStream.count + checkedStream.count + mixedStream.count + rowStream.count)
}

/// AV1's bytes do not depend on the processor's vector instructions: libaom with all of them
/// turned off (`AOM_SIMD_CAPS_MASK=0`, its own switch) writes the file it writes with AVX2 —
/// 1080p's width, so with the two columns of tiles encoded side by side.
@Test func av1WritesTheSameBytesWithoutTheProcessorsVectorInstructions() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "confetti", "width": 1920, "height": 64, "fps": 20, "duration": 0.5, "seed": 3}"#,
        to: "p.json")
    var files: [Data] = []
    for (name, mask) in [("vector", nil), ("plain", "0")] as [(String, String?)] {
        for speed in ["ultrafast", "medium"] {
            let output = folder.path("\(name)-\(speed).mp4")
            let result = try runner.run(
                ["render", preset, "-o", output, "--format", "av1", "--preset", speed, "-q"],
                environment: mask.map { ["AOM_SIMD_CAPS_MASK": $0] } ?? [:])
            #expect(result.status == 0, "\(result.standardError)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
    }
    #expect(files.count == 4 && files[0] == files[2] && files[1] == files[3])
}

@Test func encodersSideBySideInABatchWriteTheSameBytesAsOneAtATime() throws {
    let folder = TemporaryDirectory()
    // Eight copies of one preset in each format whose encoder runs threads of its own.
    for format in ["h264", "hevc", "av1", "vp9"] {
        let preset = """
            {"scene": "confetti", "width": 64, "height": 48, "fps": 20, "duration": 0.5, "seed": 3,
             "output": {"format": "\(format)", "preset": "ultrafast"}}
            """
        for copy in 1...8 { _ = try folder.write(preset, to: "\(format)-p\(copy).json") }
        let presets = (1...8).map { folder.path("\(format)-p\($0).json") }
        let alone = try runner.run(
            ["batch"] + presets + ["-o", folder.path("\(format)-alone"), "--jobs", "1", "-q"])
        #expect(alone.status == 0, "\(alone.standardError)")
        let expected = try Data(
            contentsOf: URL(
                fileURLWithPath: folder.path(
                    "\(format)-alone/\(format)-p1.\(format == "vp9" ? "webm" : "mp4")")))
        // x265 with frame threads changed its bytes in about one such batch in ten (0.15 s
        // each): forty batches catch that nearly always.
        for round in 1...(format == "hevc" ? 40 : 3) {
            let out = folder.path("\(format)-\(round)")
            let together = try runner.run(["batch"] + presets + ["-o", out, "--jobs", "8", "-q"])
            #expect(together.status == 0, "\(together.standardError)")
            for name in folder.contents("\(format)-\(round)") {
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)")) == expected,
                    "\(format) round \(round): \(name)")
            }
        }
    }
}
