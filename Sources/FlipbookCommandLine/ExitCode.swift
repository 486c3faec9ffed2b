import Foundation

/// The tool's exit statuses. Scripts depend on them, so they never change meaning; they follow
/// BSD's `sysexits.h` where it has a fitting code. The same table is in `docs/cli.md`.
///
/// | code | meaning |
/// |-----:|---------|
/// | 0    | success |
/// | 64   | usage error: unknown command or flag, bad flag value |
/// | 65   | invalid input: preset missing, unreadable, not JSON, or failing validation; options the format cannot use |
/// | 70   | render or encode failure inside Flipbook or FFmpeg |
/// | 73   | output not writable: no permission, disk full, a folder Flipbook did not write, an input |
/// | 74   | standard output or error could not be written (full disk, closed); nothing was left behind |
/// | 130  | interrupted by a signal (Ctrl-C, SIGTERM, SIGHUP, …); no output was left behind |
/// | 141  | standard output is a closed pipe (`| head -1`); silent, as after SIGPIPE; nothing left behind |
enum ExitCode: Int32 {
    case success = 0
    case usage = 64
    case invalidInput = 65
    case failure = 70
    case outputNotWritable = 73
    case outputStreamFailed = 74
    case interrupted = 130
}

/// An error that ends the command with a message and a specific exit code.
struct CommandError: Error {
    var code: ExitCode
    /// One line saying what is wrong (control characters are escaped when it is printed).
    var message: String
    /// A second line pointing to help, for usage errors.
    var hint: String?
    /// Further problems of the same input (a composition's other mistakes), a line each.
    var details: [String] = []

    init(code: ExitCode, message: String, hint: String? = nil, details: [String] = []) {
        (self.code, self.message, self.hint, self.details) = (code, message, hint, details)
    }

    static func usage(_ message: String) -> CommandError {
        CommandError(code: .usage, message: message, hint: "Run 'flipbook --help' for usage.")
    }

    /// The message as printed on stderr: control characters escaped, cut to a readable length.
    var printed: String {
        ([message] + details).map { "flipbook: \($0.forTerminal)\n" }.joined()
            + (hint.map { "\($0)\n" } ?? "")
    }

    /// The message and every further problem, one per line.
    var fullMessage: String {
        ([message] + details).joined(separator: "\n")
    }
}
