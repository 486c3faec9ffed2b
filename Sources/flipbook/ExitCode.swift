import Foundation

/// The tool's exit statuses. Scripts depend on them, so they never change meaning; they follow
/// BSD's `sysexits.h` where it has a fitting code. The same table is in `docs/cli.md`.
///
/// | code | meaning |
/// |-----:|---------|
/// | 0    | success |
/// | 64   | usage error: unknown command or flag, bad flag value |
/// | 65   | invalid input: preset missing, unreadable, not JSON, or failing validation |
/// | 70   | render or encode failure inside Flipbook or FFmpeg |
/// | 73   | output not writable: missing folder, no permission, disk full |
/// | 130  | interrupted by Ctrl-C (SIGINT) or SIGTERM; no output was left behind |
enum ExitCode: Int32 {
    case success = 0
    case usage = 64
    case invalidInput = 65
    case failure = 70
    case outputNotWritable = 73
    case interrupted = 130
}

/// An error that ends the command with a message and a specific exit code.
struct CommandError: Error {
    var code: ExitCode
    var message: String

    static func usage(_ message: String) -> CommandError {
        CommandError(code: .usage, message: "\(message)\nRun 'flipbook --help' for usage.")
    }
}
