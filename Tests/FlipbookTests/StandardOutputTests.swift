import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `-o -` sends the finished output to standard output, whole or not at all, for scripts that pipe
/// it on; the temporary file it is made in never outlives the command.
private let runner = CommandRunner()

private let tiny = """
    {"scene": "triangle", "width": 64, "height": 36, "fps": 20, "duration": 0.15}
    """

/// A folder with the preset `p.json` and an empty `tmp/`, the temporary folder the commands get.
private func workspace() throws -> TemporaryDirectory {
    let folder = TemporaryDirectory()
    _ = try folder.write(tiny, to: "p.json")
    try FileManager.default.createDirectory(atPath: folder.path("tmp"), withIntermediateDirectories: true)
    return folder
}

private func bytes(_ folder: TemporaryDirectory, _ name: String) throws -> Data {
    try Data(contentsOf: folder.url.appendingPathComponent(name))
}

@Test func aRenderToStandardOutputIsTheFileItWouldWrite() throws {
    let folder = try workspace()
    // `--explain`, which writes to stdout, moves to stderr: stdout holds the video alone.
    let piped = try runner.shell(
        #"TMPDIR="$PWD/tmp" "$FLIPBOOK" render p.json -o - --format h264 --explain > piped.mp4"#,
        directory: folder.url)
    #expect(piped.status == 0, "\(piped.standardError)")
    #expect(piped.standardError.contains("wrote standard output: 3 frames"), "\(piped.standardError)")
    #expect(piped.standardError.contains("frame 0  redrawn (first frame)"), "\(piped.standardError)")
    #expect(try runner.run(["render", "p.json", "-o", "file.mp4", "-q"], directory: folder.url).status == 0)
    #expect(try bytes(folder, "piped.mp4") == bytes(folder, "file.mp4"))
    #expect(try VideoFileReader(path: folder.path("piped.mp4")).readAllFrames().count == 3)
    let still = try runner.shell(
        #"TMPDIR="$PWD/tmp" "$FLIPBOOK" still p.json --at 0.1 -o - -q > still.png"#,
        directory: folder.url)
    #expect(still.status == 0, "\(still.standardError)")
    #expect(try PNGFile.read(folder.path("still.png")).width == 64)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("tmp")).isEmpty)
}

@Test func aReaderThatGoesAwayEndsTheRenderWith141AndLeavesNothing() throws {
    let folder = try workspace()
    _ = try folder.write(
        #"{"scene": "confetti", "width": 640, "height": 360, "fps": 30, "duration": 2}"#, to: "big.json")
    let result = try runner.shell(
        #"{ TMPDIR="$PWD/tmp" "$FLIPBOOK" render big.json -o - --format h264 --preset ultrafast -q; echo $? > status; } | head -c 100 > /dev/null"#,
        directory: folder.url)
    #expect(result.status == 0)
    #expect(try String(decoding: bytes(folder, "status"), as: UTF8.self) == "141\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("tmp")).isEmpty)
}

@Test func anInterruptedRenderToStandardOutputWritesNoByte() throws {
    let folder = try workspace()
    _ = try folder.write(
        #"{"scene": "confetti", "width": 640, "height": 360, "fps": 30, "duration": 60}"#, to: "long.json")
    let running = try RunningCommand(
        shell:
            #"TMPDIR="$PWD/tmp" exec "$FLIPBOOK" render long.json -o - --format h264 --preset ultrafast > out.mp4"#,
        directory: folder.url)
    // Wait until frames are being encoded into the temporary file, then interrupt.
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
        let made = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path("tmp"))) ?? []
        if made.contains(where: { $0.hasSuffix(".mp4") }) { break }
        usleep(20_000)
    }
    // The signals are trapped before the temporary file is made: no time need pass.
    running.send(SIGTERM)
    let result = running.wait()
    #expect(result.status == 130, "\(result.standardError)")
    #expect(result.standardError.contains("standard output was not written"))
    #expect(try bytes(folder, "out.mp4").isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("tmp")).isEmpty)
}

@Test func whatCannotGoToStandardOutputIsRefused() throws {
    let folder = try workspace()
    _ = try folder.write("", to: "chunk.mp4")
    let cases: [([String], String)] = [
        (["render", "p.json", "-o", "-"], "say the format with --format"),
        (["render", "p.json", "-o", "-", "--format", "png-sequence"], "a PNG sequence is a folder"),
        (
            ["render", "p.json", "-o", "-", "--format", "h264", "--progress", "json"],
            "--progress json writes"
        ),
        (["render", "p.json", "-o", "-", "--format", "h264", "--captions"], "--captions writes a file"),
        (["batch", "p.json", "-o", "-"], "batch writes a file per preset"),
        (["join", "chunk.mp4", "-o", "-"], "join names its output's format"),
        (["farm", "slurm", "p.json", "-o", "-", "--chunks", "2"], "the farm's join writes a file"),
    ]
    for (arguments, message) in cases {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let result = try runner.shell(
            #"TMPDIR="$PWD/tmp" "$FLIPBOOK" "# + quoted + " > out", directory: folder.url)
        #expect(result.status == 64, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(try bytes(folder, "out").isEmpty)
    }
    #expect(folder.contents().sorted() == ["chunk.mp4", "out", "p.json", "tmp"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("tmp")).isEmpty)
}
