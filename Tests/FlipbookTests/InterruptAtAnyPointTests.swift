import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A signal at any point of a render — before the first frame, between frames, while the
/// encoder flushes, the trailer and index are written and the sound is muxed — ends in one of
/// two states only: the old file untouched and exit 130, or (a signal after the rename) the
/// complete new file and exit 0 (issue 51).
private let runner = CommandRunner()

/// Small frames, many of them, and a sound to mux: the steps after the last frame take a
/// noticeable share of the run.
private let preset = """
    {"scene": "confetti", "width": 320, "height": 180, "fps": 30, "duration": 3, "seed": 9,
     "audio": {"tracks": [{"file": "\(RepositoryPaths.path("presets/assets/fanfare.flac"))"}]}}
    """

private let oldBytes = Data("the old file, which an interrupted render must leave as it was\n".utf8)

/// How one interrupted render ended.
private struct Ending {
    var status: Int32
    /// Whether the signal itself ended the process: it came before the process could install
    /// a handler (while it was still being loaded), when nothing had been written.
    var killedBySignal: Bool
    var standardError: String
    var output: Data
    var leftovers: [String]
}

/// Renders over an old `out.mp4`, sends `signal` when `when` says, and collects the ending.
private func interruptedRender(
    signal: Int32, extraArguments: [String] = [], when: (RunningCommand) -> Void
) throws -> Ending {
    let folder = TemporaryDirectory()
    let input = try folder.write(preset, to: "p.json")
    let output = folder.path("out.mp4")
    try oldBytes.write(to: URL(fileURLWithPath: output))
    let command = try runner.start(["render", input, "-o", output, "-q"] + extraArguments)
    when(command)
    command.send(signal)
    let result = command.wait()
    return Ending(
        status: result.status, killedBySignal: result.terminationReason == .uncaughtSignal,
        standardError: result.standardError,
        output: (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data(),
        leftovers: folder.contents().filter { $0 != "p.json" && $0 != "out.mp4" })
}

/// Checks that `ending` is one of the two allowed: the signal seen before the rename (exit 130,
/// the old bytes) or after it (exit 0, a file of every frame).
private func expectOldOrNewFile(_ ending: Ending, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(ending.leftovers.isEmpty, "\(ending.leftovers)", sourceLocation: sourceLocation)
    if ending.status == 130 || ending.killedBySignal {
        #expect(ending.output == oldBytes, "exit 130 replaced the old file", sourceLocation: sourceLocation)
        return
    }
    #expect(ending.status == 0, "\(ending.standardError)", sourceLocation: sourceLocation)
    // A signal the trap saw before the output took its name must not end in success.
    #expect(
        !ending.standardError.contains("interrupted, stopping"),
        "the signal came before the rename, yet the render succeeded: \(ending.standardError)",
        sourceLocation: sourceLocation)
    let folder = TemporaryDirectory()
    let written = folder.path("new.mp4")
    try ending.output.write(to: URL(fileURLWithPath: written))
    var frames = 0
    try VideoFileReader(path: written).forEachFrame { _ in frames += 1 }
    #expect(frames == 90, sourceLocation: sourceLocation)
}

/// A signal right after the last frame is encoded lands while the encoder flushes and the
/// file is finished: it used to be ignored (the new file replaced the old, exit 0).
@Test(arguments: [SIGINT, SIGTERM, SIGHUP])
func aSignalAfterTheLastFrameKeepsTheOldFile(signal: Int32) throws {
    let ending = try interruptedRender(signal: signal, extraArguments: ["--progress", "json"]) {
        $0.waitForOutputLine(containing: "\"index\":89")
    }
    try expectOldOrNewFile(ending)
}

/// Signals at seeded random points of the whole run, from before the first frame to after
/// the rename, each ending in the old file or the complete new one.
@Test func signalsAtRandomPointsEndInTheOldOrTheCompleteNewFile() throws {
    let start = Date()
    try expectOldOrNewFile(try interruptedRender(signal: 0) { $0.process.waitUntilExit() })
    let runTime = Date().timeIntervalSince(start)
    var generator = SplitMix64(seed: 51)
    var endings: [Int32: Int] = [:]
    for _ in 0..<12 {
        let signal = [SIGINT, SIGTERM, SIGHUP].randomElement(using: &generator) ?? SIGINT
        let delay = Double.random(in: 0...(runTime * 1.1), using: &generator)
        let ending = try interruptedRender(signal: signal) { _ in Thread.sleep(forTimeInterval: delay) }
        try expectOldOrNewFile(ending)
        endings[ending.status, default: 0] += 1
    }
    // The points spread over the run: some interrupt it, some come after it.
    #expect(endings[130, default: 0] > 0, "\(endings)")
}
