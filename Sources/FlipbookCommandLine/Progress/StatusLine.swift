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
            byteCount(summary.bytes), summary.elapsedSeconds,
            Double(summary.frameCount) / max(summary.elapsedSeconds, 1e-9))
        StandardStreams.err(line)
    }

    /// `512 B`, `48.2 KB`, `3.1 MB`, `2.40 GB` (powers of 1000, as disk sizes are told).
    static func byteCount(_ bytes: Int) -> String {
        switch Double(bytes) {
        case ..<1e3: "\(bytes) B"
        case ..<1e6: String(format: "%.1f KB", Double(bytes) / 1e3)
        case ..<1e9: String(format: "%.1f MB", Double(bytes) / 1e6)
        default: String(format: "%.2f GB", Double(bytes) / 1e9)
        }
    }
}
