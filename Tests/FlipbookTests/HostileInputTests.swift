import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Hostile values and files end in a clear message and a stable exit code — never a trap, a
/// hang, or an hour of work (issue 19, crashes and bad input).
private let runner = CommandRunner()

private let tiny = """
    {"scene": "triangle", "width": 64, "height": 36, "fps": 20, "duration": 0.15}
    """

/// Runs a command that must fail with `status`, by `exit`, leaving only the preset behind.
private func expectRefused(
    _ arguments: [String], status: Int32, mentions: String, in folder: TemporaryDirectory,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let result = try runner.run(arguments, directory: folder.url)
    #expect(result.terminationReason == .exit, sourceLocation: sourceLocation)
    #expect(result.status == status, "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(
        result.standardError.contains(mentions), "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(!result.standardError.contains("crashed"), sourceLocation: sourceLocation)
    #expect(
        folder.contents().allSatisfy { $0.hasSuffix(".json") }, "\(folder.contents())",
        sourceLocation: sourceLocation)
}

@Test(arguments: ["1e19", "1e100", "1e13M", "-5k", "nan", "99999999999999999999"])
func hugeBitratesAreUsageErrors(bitrate: String) throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    for command in [
        ["render", preset, "-o", "x.mp4"], ["batch", preset, "-o", "."], ["render", preset, "-o", "x.webm"],
    ] {
        try expectRefused(
            command + ["--bitrate", bitrate], status: 64, mentions: "--bitrate expects", in: folder)
    }
    // A bad value is a usage error wherever it is given, GIF (which has no bitrate) included.
    try expectRefused(
        ["render", preset, "-o", "x.gif", "--bitrate", bitrate], status: 64, mentions: "--bitrate expects",
        in: folder)
}

@Test func aScaleIsANumberOrAFractionWithinItsRange() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 192, "height": 108, "fps": 20, "duration": 0.1}"#, to: "p.json")
    // 2/3 of 192×108 is 128×72, as 1080p becomes 720p.
    let result = try runner.run(
        ["render", preset, "-o", "third.mp4", "--scale", "2/3"], directory: folder.url)
    #expect(result.status == 0, "\(result.standardError)")
    let info = try VideoFileReader(path: folder.path("third.mp4")).info
    #expect(info.width == 128 && info.height == 72)
    try FileManager.default.removeItem(atPath: folder.path("third.mp4"))
    for bad in ["2/0", "1/-3", "/3", "2/", "1/2/3", "0", "9/1", "1/100", "nan", "inf/2"] {
        try expectRefused(
            ["render", preset, "-o", "x.mp4", "--scale", bad], status: 64, mentions: "--scale expects",
            in: folder)
    }
}

@Test func aHugeDurationAtAHighRateIsRefusedNotTrapped() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    try expectRefused(
        [
            "render", preset, "-o", "x.mp4", "--limit", "duration=1e15", "--duration", "1e15", "--fps",
            "10000",
        ],
        status: 65, mentions: "at most 1000 fps", in: folder)
    try expectRefused(
        [
            "render", preset, "-o", "x.mp4", "--limit", "duration=1e15", "--limit", "frames=1e15",
            "--duration", "1e15",
        ],
        status: 65, mentions: "the duration must be between", in: folder)
    // The same rule for a preset's own value and the flag: 2000 fps is too fast either way.
    try expectRefused(
        ["render", preset, "-o", "x.mp4", "--fps", "2000"], status: 65, mentions: "at most 1000 fps",
        in: folder)
    let fast = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "fps": 2000, "duration": 1}"#, to: "fast.json")
    try expectRefused(["render", fast, "-o", "x.mp4"], status: 65, mentions: "at most 1000", in: folder)
}

@Test func aDeepSetPathIsAUsageErrorNotARecursionCrash() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    let path = Array(repeating: "a", count: 12_000).joined(separator: ".") + "=1"
    try expectRefused(
        ["render", preset, "-o", "x.mp4", "--set", path], status: 64, mentions: "at most 64 steps", in: folder
    )
    let indices = "a" + String(repeating: "[0]", count: 12_000) + "=1"
    try expectRefused(
        ["validate", preset, "--set", indices], status: 64, mentions: "at most 64 steps", in: folder)
}

@Test func aPresetThatIsNotARegularFileSaysWhatItIs() throws {
    let folder = TemporaryDirectory()
    _ = try folder.write(tiny, to: "p.json")
    try FileManager.default.createDirectory(
        atPath: folder.path("dir.json"), withIntermediateDirectories: true)
    #expect(mkfifo(folder.path("fifo.json"), 0o644) == 0)
    try expectRefused(["validate", "dir.json"], status: 65, mentions: "dir.json: is a directory", in: folder)
    // A FIFO with no writer would block a plain open forever.
    try expectRefused(
        ["render", "fifo.json", "-o", "x.mp4"], status: 65, mentions: "fifo.json: is a FIFO", in: folder)
    try expectRefused(["validate", "/dev/zero"], status: 65, mentions: "/dev/zero: is a device", in: folder)
    let bytes: [UInt8] = Array("{\n  \"scene\": \"tri".utf8) + [0xC3, 0x28] + Array("\"\n}".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.path("bad.json")))
    try expectRefused(
        ["validate", "bad.json"], status: 65, mentions: "bad.json:2:16: invalid UTF-8", in: folder)
}

@Test func oversizedPresetsAndKeysAreRefusedQuicklyWithShortMessages() throws {
    let folder = TemporaryDirectory()
    let started = Date()
    let padding = String(repeating: " ", count: 2 << 20)
    _ = try folder.write("{\"scene\": \"triangle\",\(padding) \"width\": 64}", to: "big.json")
    try expectRefused(
        ["validate", "big.json"], status: 65, mentions: "limit of 1048576 bytes of a preset file", in: folder)
    let key = String(repeating: "k", count: 500_000)
    _ = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "duration": 1, ""# + key + #"": 1}"#,
        to: "key.json")
    let result = try runner.run(["validate", "key.json"], directory: folder.url)
    #expect(result.status == 65)
    #expect(result.standardError.count < 2500, "an error line of \(result.standardError.count) characters")
    #expect(Date().timeIntervalSince(started) < 10)
    // The default particle limit keeps confetti near 200 MB a frame.
    _ = try folder.write(
        #"{"scene": "confetti", "width": 64, "height": 36, "duration": 1, "parameters": {"count": 100000, "bursts": [{}, {}]}}"#,
        to: "many.json")
    try expectRefused(["validate", "many.json"], status: 65, mentions: "--limit particles=N", in: folder)
}

@Test func controlCharactersInPathsAreEscapedInMessages() throws {
    let folder = TemporaryDirectory()
    let result = try runner.run(["validate", "evil\n\u{1B}[31mname.json"], directory: folder.url)
    #expect(result.status == 65)
    #expect(result.standardError.contains(#"evil\n\u{1B}[31mname.json"#), "\(result.standardError)")
    #expect(!result.standardError.contains("\u{1B}"))
    // One line per problem, and the summary: no line split by the name.
    #expect(result.standardError.split(separator: "\n").allSatisfy { $0.hasPrefix("flipbook: ") })
}

@Test func outputOptionsTheFormatCannotUseAreRefused() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    let cases: [([String], Int32, String)] = [
        (["-o", "x.mp4", "--loop", "2"], 65, "--loop applies only to GIF, APNG and WebP"),
        (["-o", "x.mp4", "--quality", "50"], 65, "--quality applies only to WebP"),
        (["-o", "x.webp", "--quality", "101"], 64, "--quality expects a quality from 0 to 100"),
        (["-o", "x.mp4", "--at", "1"], 65, "--at applies only to stills"),
        (["-o", "x.png", "--motion-blur", "4"], 65, "--motion-blur applies only to videos"),
        (["-o", "x.gif", "--title", "T"], 65, "--title applies only to MP4, MOV, WebM and MKV"),
        (["-o", "x_%d%d.png"], 65, "exactly one %0Nd"),
        (["-o", "x_%s.png"], 65, "exactly one %0Nd"),
        (["-o", "x_%099d.png"], 65, "exactly one %0Nd"),
        (["-o", "a.mp4", "-o", "b.mp4"], 64, "given 2 times"),
        (["-o", "x.webm", "--format", "hevc"], 64, "--format hevc contradicts"),
        (["-o", "x.mov", "--format", "av1"], 64, "--format av1 contradicts"),
        (["-o", "x.mp4", "--format", "av1", "--crf", "64"], 65, "CRF must be between 0 and 63"),
        (["-o", "x.mp4", "--format", "vp9"], 64, "--format vp9 contradicts"),
        (["-o", "x.gif", "--format", "h264"], 64, "--format h264 contradicts"),
        (["-o", "x.mp4", "--background", "clear"], 65, "h264 has no alpha channel"),
        (["-o", "x.mp4", "--matte", "white"], 65, "--matte applies only to GIF"),
        (["-o", "x.gif", "--matte", "white"], 65, "--matte: cannot encode gif: a matte is what"),
        (["-o", "x.gif", "--matte", "#FFFFFF80", "--background", "clear"], 65, "a matte must be opaque"),
        (["-o", "x.png", "--at", "1000"], 65, "past the end"),
        (
            ["-o", "s.png", "--contact-sheet", "1000", "--cell-width", "4096", "--duration", "100"], 65,
            "exceeds the limit of 33177600 pixels"
        ),
    ]
    for (flags, status, message) in cases {
        try expectRefused(["render", preset] + flags, status: status, mentions: message, in: folder)
    }
}

@Test func theLibraryChoosesNoFormatTheNameContradicts() async throws {
    let folder = TemporaryDirectory()
    let preset = try Preset.decode(tiny, file: "tiny.json")
    let export = VideoExport(
        scene: preset.scene, sampler: TimelineSampler(frameRate: FrameRate(20)!, durationSeconds: 0.1)!,
        width: 64,
        height: 36)
    await #expect(throws: ExportError.self) {
        try await export.run(to: folder.url.appendingPathComponent("launch.webm"))
    }
    var clear = export
    clear.background = .clear
    await #expect(throws: ExportError.self) {
        try await clear.run(to: folder.url.appendingPathComponent("clear.mp4"))
    }
    #expect(folder.contents().isEmpty)
}
