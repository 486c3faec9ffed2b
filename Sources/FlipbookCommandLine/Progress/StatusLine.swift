import Flipbook
import Foundation

/// Lines for people on stderr: the summary after a successful render, warnings and notes.
/// Paths in them are escaped (`String.forTerminal`).
enum StatusLine {
    /// `flipbook: warning: promo.json: layers[2]: … [text-cut-off]`.
    static func warning(_ warning: Warning) {
        StandardStreams.err("flipbook: warning: \(warning.description.forTerminal)\n")
    }

    static func note(_ message: String) {
        StandardStreams.err("flipbook: \(message.forTerminal)\n")
    }

    static func summary(output: String, summary: VideoExport.Summary) {
        let frames = summary.frameCount == 1 ? "1 frame" : "\(summary.frameCount) frames"
        let line = String(
            format: "wrote %@: %@, %@ in %.1f s (%.1f fps)\n", output.forTerminal, frames,
            SizeBudget.format(summary.bytes), summary.elapsedSeconds,
            Double(summary.frameCount) / max(summary.elapsedSeconds, 1e-9))
        StandardStreams.err(line)
    }
}
