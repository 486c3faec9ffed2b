import CFFmpeg

/// FFmpeg's log, routed through the capture in `CFFmpeg/LogCapture.c`.
///
/// Installed once per process on first use of any FFmpeg wrapper; warnings are echoed to stderr
/// only when `FLIPBOOK_FFMPEG_LOG` is set (they are noise for users, useful for us).
enum FFmpegLog {
    /// Runs the installation exactly once (a `static let` initialiser is thread-safe).
    private static let installed: Bool = {
        let echo = getenv("FLIPBOOK_FFMPEG_LOG") != nil
        cffmpeg_install_log_capture(echo ? 1 : 0)
        return true
    }()

    static func install() {
        _ = installed
    }

    /// The error lines FFmpeg logged since the last call, oldest first.
    static func takeRecentErrors() -> [String] {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = cffmpeg_take_recent_errors(&buffer, buffer.count)
        guard length > 0 else { return [] }
        return String(nulTerminated: buffer).split(separator: "\n").map(String.init)
    }
}
