import FlipbookTestSupport
import Foundation
import Testing

/// A standard stream that cannot be written, or any signal that would end the process, stops
/// the command cleanly: a documented exit code, and no partial output left (issue 19).
private let runner = CommandRunner()

private let small = """
    {"scene": "confetti", "width": 160, "height": 90, "fps": 30, "duration": 2, "seed": 3}
    """

/// Runs `command` in a fresh folder holding the preset `p.json`; returns the result and what
/// the folder holds afterwards besides the preset.
private func shell(_ command: String) throws -> (result: CommandRunner.Result, left: [String]) {
    let folder = TemporaryDirectory()
    _ = try folder.write(small, to: "p.json")
    let result = try runner.shell(command, directory: folder.url)
    return (result, folder.contents().filter { $0 != "p.json" })
}

@Test(arguments: [
    ("flipbook render p.json -o o.mp4 --progress json >/dev/full", "no space left on device"),
    ("flipbook render p.json -o o.mp4 --progress json >&-", "bad file descriptor"),
    ("flipbook render p.json -o o.mp4 --explain >/dev/full", "no space left on device"),
    ("flipbook render p.json -o - --format h264 >&-", "bad file descriptor"),
])
func aStdoutThatCannotBeWrittenStopsTheRenderAndLeavesNothing(command: String, reason: String) throws {
    let (result, left) = try shell(command)
    #expect(result.status == 74, "\(result.standardError)")
    // A closed stdout is told as closed: before main, it is held by /dev/null, not left for the
    // runtime's first descriptor (Dispatch's epoll, which refused writes as "invalid argument").
    #expect(
        result.standardError.contains("cannot write to standard output: \(reason)"), "\(result.standardError)"
    )
    #expect(left.isEmpty, "\(left)")
}

@Test func aClosedPipeEndsTheRenderLikeSIGPIPEAndLeavesNothing() throws {
    // The render's own status, written by the subshell (sh has no PIPESTATUS).
    let (wrapped, leftWrapped) = try shell(
        "(flipbook render p.json -o o.mp4 --progress json --duration 20; echo $? > status) | head -1 >/dev/null; cat status"
    )
    #expect(wrapped.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "141")
    #expect(wrapped.standardError.isEmpty, "\(wrapped.standardError)")
    #expect(leftWrapped == ["status"], "\(leftWrapped)")
}

/// A batch too: its renders stop, and the stream's failure is all there is to say — no line
/// per render calling it interrupted (none for a closed pipe, one for a full disk).
@Test(arguments: [
    (
        "(flipbook batch p.json -o out --progress json --duration 20; echo $? > status) | head -1 >/dev/null; cat status",
        "141", ""
    ),
    (
        "flipbook batch p.json -o out --progress json --duration 20 >/dev/full; echo $?", "74",
        "flipbook: cannot write to standard output: no space left on device\n"
    ),
])
func aBatchWhoseStreamCannotBeWrittenSaysNothingElse(command: String, status: String, message: String) throws
{
    let (result, left) = try shell(command)
    #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == status)
    #expect(result.standardError == message)
    #expect(left.allSatisfy { $0 == "status" }, "\(left)")
}

@Test(arguments: [
    "flipbook validate p.json >/dev/full", "flipbook scenes >/dev/full", "flipbook schema >/dev/full",
    "flipbook batch p.json -o out --duration 0.1 >/dev/full", "flipbook --help >/dev/full",
])
func commandsWhoseOutputCannotBeWrittenDoNotSucceed(command: String) throws {
    let (result, _) = try shell(command)
    #expect(result.status == 74, "\(command): \(result.status) \(result.standardError)")
}

@Test(arguments: [SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGTERM, SIGALRM])
func everyTerminatingSignalStopsTheRenderCleanly(signal: Int32) throws {
    try expectSignalStopsARender(signal) { try runner.start($0) }
}

/// A build script may start the tool from a thread that blocks signals (a Swift program's
/// `Process` run from async code does); the process inherits that mask, yet Ctrl-C and SIGTERM
/// must still stop the render and remove its partial file.
@Test(arguments: [SIGINT, SIGTERM])
func aRenderStartedWithSignalsBlockedStillStopsOnThem(signal: Int32) throws {
    try expectSignalStopsARender(signal) { try runner.startWithSignalsBlocked($0) }
}

/// Starts a long render with `start`, sends `signal` once it is writing, and expects exit 130,
/// no crash report, and no file left but the preset.
private func expectSignalStopsARender(
    _ signal: Int32, sourceLocation: SourceLocation = #_sourceLocation,
    start: ([String]) throws -> RunningCommand
) throws {
    let folder = TemporaryDirectory()
    let input = try folder.write(small, to: "p.json")
    let command = try start(["render", input, "-o", folder.path("long.mp4"), "--duration", "600", "-q"])
    let deadline = Date().addingTimeInterval(20)
    while !folder.contents().contains(where: { $0.hasPrefix(".long.flipbook-partial-") }), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
    }
    // The signals are trapped before the partial file is made: no time need pass.
    command.send(signal)
    let result = command.wait()
    #expect(result.terminationReason == .exit, sourceLocation: sourceLocation)
    #expect(result.status == 130, "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(
        !result.standardError.contains("crashed"), "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(folder.contents() == ["p.json"], sourceLocation: sourceLocation)
}
