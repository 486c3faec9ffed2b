import Foundation

/// Runs the built `flipbook` executable as a child process, the way a build script would.
public struct CommandRunner: Sendable {
    /// What a finished command left behind.
    public struct Result {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
        /// How the process ended: by `exit` or by an uncaught signal.
        public var terminationReason: Process.TerminationReason
    }

    /// The `flipbook` binary beside the test bundle (SwiftPM builds both into the same folder).
    public static var executable: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("flipbook")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/release/flipbook")
    }

    public init() {}

    /// Starts `flipbook arguments…`; call `wait` on the result to collect it.
    public func start(_ arguments: [String], directory: URL? = nil) throws -> RunningCommand {
        try RunningCommand(arguments: arguments, directory: directory)
    }

    /// Starts `executable arguments…` (by default `flipbook`) with SIGINT, SIGTERM and SIGHUP
    /// blocked, as a program started from a thread that blocks them (Swift's cooperative pool,
    /// Dispatch's workers) inherits them: a small Python launcher blocks them and `exec`s it.
    public func startWithSignalsBlocked(
        _ arguments: [String], executable: URL = CommandRunner.executable
    ) throws -> RunningCommand {
        let launcher = """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
            os.execv(sys.argv[1], sys.argv[1:])
            """
        return try RunningCommand(
            arguments: ["python3", "-c", launcher, executable.path] + arguments, directory: nil,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// Runs `flipbook arguments…` to completion, with `environment` added to ours.
    public func run(_ arguments: [String], directory: URL? = nil, environment: [String: String] = [:]) throws
        -> Result
    {
        try RunningCommand(arguments: arguments, directory: directory, environment: environment).wait()
    }

    /// Runs another program (a test tool) to completion.
    public func run(_ arguments: [String], executable: URL) throws -> Result {
        try RunningCommand(arguments: arguments, directory: nil, executable: executable).wait()
    }

    /// Runs a shell command line (`/bin/sh -c`) to completion, with `$FLIPBOOK` set to the
    /// built binary — for redirections, pipes and closed descriptors a script would use.
    public func shell(_ command: String, directory: URL? = nil) throws -> Result {
        try RunningCommand(shell: command, directory: directory).wait()
    }

    /// Runs `flipbook arguments…` under a file-size limit of `kilobytes` (the shell's
    /// `ulimit -f`), the portable way to make writes fail as on a full disk.
    public func run(_ arguments: [String], fileSizeLimitKilobytes kilobytes: Int) throws -> Result {
        let quoted = ([CommandRunner.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try RunningCommand(shell: "ulimit -f \(kilobytes) && exec \(quoted)").wait()
    }
}

/// A started `flipbook` process whose output is collected in the background.
public final class RunningCommand {
    public let process = Process()
    private let output = Pipe()
    private let error = Pipe()

    init(
        arguments: [String], directory: URL?, environment: [String: String] = [:],
        executable: URL = CommandRunner.executable
    ) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        try launch()
    }

    public init(shell command: String, directory: URL? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging([
            "FLIPBOOK": CommandRunner.executable.path,
            "PATH": CommandRunner.executable.deletingLastPathComponent().path + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]) { $1 }
        try launch()
    }

    /// Sends `signal` to the process.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    private func launch() throws {
        process.standardOutput = output
        process.standardError = error
        try process.run()
    }

    public func interrupt() {
        process.interrupt()
    }

    /// Reads standard output until a line that holds `text` has come (it and what came before
    /// stay in the output `wait` returns); `false` when the output ended first.
    @discardableResult
    public func waitForOutputLine(containing text: String) -> Bool {
        while true {
            if let end = read.lastIndex(of: UInt8(ascii: "\n")),
                String(decoding: read[...end], as: UTF8.self).split(separator: "\n").contains(where: {
                    $0.contains(text)
                })
            {
                return true
            }
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { return false }
            read += more
        }
    }

    /// Standard output read so far by `waitForOutputLine`.
    private var read = Data()

    /// Standard output read so far by `waitForOutputLine`, as text.
    public var outputSoFar: String { String(decoding: read, as: UTF8.self) }

    public func wait() -> CommandRunner.Result {
        let out = read + output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRunner.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self),
            terminationReason: process.terminationReason)
    }
}
