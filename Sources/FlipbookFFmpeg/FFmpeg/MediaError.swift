import CFFmpeg
import Foundation

/// A failure inside FFmpeg, with what Flipbook was doing and what FFmpeg said.
///
/// `av_strerror` alone is often just "Invalid argument"; the real reason ("width not divisible
/// by 2", "Unknown encoder") is in FFmpeg's log, so the error carries the error-level log lines
/// FFmpeg printed since the previous error.
public struct MediaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What Flipbook was doing, e.g. "open the libx264 encoder".
    public var operation: String
    /// FFmpeg's return code (a negative `AVERROR`), or 0 when the failure is Flipbook's own check.
    public var code: Int32
    /// FFmpeg's message for `code`, or Flipbook's own explanation.
    public var message: String
    /// Error lines from FFmpeg's log, oldest first.
    public var log: [String]
    /// The setting at fault when the settings were refused (so a front end can name it in its
    /// own terms: `settings.crf` in Swift, `--crf` on the command line).
    package var setting: EncodingSetting?

    package init(
        operation: String, code: Int32 = 0, message: String, log: [String] = [],
        setting: EncodingSetting? = nil
    ) {
        (self.operation, self.code, self.message, self.log, self.setting) = (
            operation, code, message, log, setting
        )
    }

    public var description: String {
        let details = log.isEmpty ? "" : " (ffmpeg: \(log.joined(separator: "; ")))"
        return "cannot \(operation): \(message)\(details)"
    }

    /// The system error number behind the failure (FFmpeg's `AVERROR(e)` is `-e`), if any.
    public var systemErrorNumber: Int32? {
        code < 0 && code > -4096 ? -code : nil
    }

    /// Whether the file system refused the output: missing or vanished folder, no permission,
    /// read-only file system, a file where a folder should be.
    public var isFileSystemRefusal: Bool {
        guard let number = systemErrorNumber else { return false }
        return [ENOENT, EACCES, EPERM, EROFS, ENOTDIR, EISDIR].contains(number)
    }

    /// Whether the failure means the disk is full or the file hit the process's file-size limit.
    public var isOutOfSpace: Bool { code == cffmpeg_averror_enospc() || code == cffmpeg_averror_efbig() }

    /// Wraps FFmpeg's return code `code` from `operation` into an error with its message and log.
    static func ffmpeg(_ code: Int32, _ operation: String) -> MediaError {
        var text = [CChar](repeating: 0, count: 256)
        av_strerror(code, &text, text.count)
        return MediaError(
            operation: operation, code: code, message: String(nulTerminated: text),
            log: FFmpegLog.takeRecentErrors())
    }

    /// Throws when `code` is negative (FFmpeg's failure convention); returns it otherwise.
    @discardableResult
    static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
        if code < 0 { throw ffmpeg(code, operation()) }
        return code
    }
}
