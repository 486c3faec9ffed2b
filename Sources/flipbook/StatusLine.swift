import FlipbookPipeline
import Foundation

/// Lines for people on stderr: the summary after a successful render, and warnings.
enum StatusLine {
    static func warning(_ message: String) {
        FileHandle.standardError.write(Data("flipbook: warning: \(message)\n".utf8))
    }

    static func summary(output: String, summary: VideoExport.Summary) {
        let line = String(
            format: "wrote %@: %d frames, %.1f MB in %.1f s (%.1f fps)\n", output, summary.frameCount,
            Double(summary.bytes) / 1e6, summary.elapsedSeconds,
            Double(summary.frameCount) / max(summary.elapsedSeconds, 1e-9))
        FileHandle.standardError.write(Data(line.utf8))
    }
}
