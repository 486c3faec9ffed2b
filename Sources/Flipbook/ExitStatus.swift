import FlipbookText
import Foundation

/// The exit statuses of the `flipbook` tool and of programs run with `FlipbookMain`. Scripts
/// depend on them, so they never change meaning; they follow BSD's `sysexits.h` where it has a
/// fitting code. The same table is in `docs/cli.md`.
///
/// | code | meaning |
/// |-----:|---------|
/// | 0    | success |
/// | 1    | `flipbook test`: a frame differs from its reference picture, or has none |
/// | 64   | usage error: unknown command or flag, bad flag value |
/// | 65   | invalid input: preset missing, unreadable, not JSON, or failing validation; options the format cannot use |
/// | 70   | render or encode failure inside Flipbook or FFmpeg |
/// | 73   | output not writable: no permission, disk full, a folder Flipbook did not write, an input |
/// | 74   | standard output or error could not be written (full disk, closed); nothing was left behind |
/// | 130  | interrupted by a signal (Ctrl-C, SIGTERM, SIGHUP, …); no output was left behind |
/// | 141  | standard output is a closed pipe (`| head -1`); silent, as after SIGPIPE; nothing left behind |
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// `flipbook test` found a frame unlike its reference picture (or without one): a test
    /// failure, as test runners exit, not a fault in the input (65) or the tool (70).
    case differs = 1
    case usage = 64
    case invalidInput = 65
    case failure = 70
    case outputNotWritable = 73
    case outputStreamFailed = 74
    case interrupted = 130
    /// Standard output is a pipe whose reader quit: what a shell reports for a command SIGPIPE
    /// ended (128 + 13), so `cmd | head -1` looks as it does for any other command.
    case brokenPipe = 141

    /// The status for a run that failed with `error`: cancellation is an interrupt, an output
    /// that cannot be written is 73, a bad preset, setting, font or picture is invalid input,
    /// anything else a failure.
    public init(for error: any Error) {
        switch error {
        case is CancellationError, ExportError.interrupted: self = .interrupted
        case ExportError.outputNotWritable, ExportError.outOfSpace: self = .outputNotWritable
        case ExportError.invalidSettings, is PresetError, is MediaError, is RenderLimits.LimitError,
            is FontError,
            is Path.SVGDataError:
            self = .invalidInput
        default: self = .failure
        }
    }
}
