import FlipbookFFmpeg

/// Why an export failed. Each case maps to its own exit code in the command-line tool.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    /// The output cannot be created where asked (missing folder, no permission, read-only disk).
    case outputNotWritable(path: String, reason: String)
    /// The disk filled up while writing; nothing was left behind.
    case outOfSpace(path: String)
    /// FFmpeg failed while encoding or writing.
    case encodingFailed(MediaError)
    /// The settings are not valid for the chosen output (odd size, unknown preset, …).
    case invalidSettings(MediaError)
    /// A signal came before the output took its name (`CommitGate`): the old file, if any, is
    /// untouched and nothing was left behind.
    case interrupted

    public var description: String {
        switch self {
        case .outputNotWritable(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .outOfSpace(let path):
            return
                "cannot write \(path): the disk is full (or the file-size limit was reached); nothing was left behind"
        case .encodingFailed(let error), .invalidSettings(let error):
            return error.description
        case .interrupted:
            return "interrupted; nothing was written"
        }
    }
}
