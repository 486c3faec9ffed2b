import Flipbook
import Foundation
import Synchronization

/// A one-line progress bar on stderr: frames done, frames per second and time left; then a
/// summary line. Warnings go to stderr as their own lines.
///
/// Redraws at most ten times a second, and always for the last frame. Thread-safe (its only
/// state is behind a `Mutex`).
final class ProgressBar: ProgressReporter {
    private let lastDraw = Mutex<Double>(-1)
    private let width = 30

    func started(_ start: RenderStart) {}
    func rendered(frame index: Int) {}

    func finished(output: String, summary: VideoExport.Summary) {
        StatusLine.summary(output: output, summary: summary)
    }

    func warning(_ warning: Warning) {
        StatusLine.warning(warning)
    }

    func note(_ message: String) {
        StatusLine.note(message)
    }

    func failed(_ message: String, exitCode: ExitCode) {}

    func encoded(_ progress: ExportProgress) {
        let isLast = progress.framesEncoded == progress.frameCount
        let due = lastDraw.withLock { last in
            guard isLast || progress.elapsedSeconds - last >= 0.1 else { return false }
            last = progress.elapsedSeconds
            return true
        }
        guard due else { return }
        let filled = Int(progress.fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let eta = progress.remainingSeconds.map { String(format: "%.0fs", $0.rounded(.up)) } ?? "–"
        let line = String(
            format: "\r%@ %d/%d frames  %.1f fps  ETA %@ ", bar, progress.framesEncoded,
            progress.frameCount, progress.framesPerSecond, eta)
        StandardStreams.err(isLast ? line + "\n" : line)
    }
}
