import FlipbookPipeline
import Foundation

/// `--explain`: one line per frame saying whether it was redrawn and why, or whose pixels it
/// reused — SwiftUI's `_printChanges()` for a video — then a summary. On stdout, or on stderr when
/// stdout carries the output itself (`-o -`).
struct Explanation: Sendable {
    let toStandardError: Bool

    func frame(_ report: FrameReport) {
        say(report.description.forTerminal + "\n")
    }

    /// The audio stage, before the first frame: what is mixed and how it is encoded.
    func audio(_ stage: AudioStage) {
        say(stage.description.forTerminal + "\n")
    }

    func summary(_ summary: VideoExport.Summary) {
        let reused = summary.frameCount - summary.framesDrawn
        var line = "frames: \(summary.frameCount) total, \(summary.framesDrawn) drawn, \(reused) reused"
        if summary.layersDrawn + summary.layersReused > 0 {
            line += "; layers: \(summary.layersDrawn) drawn, \(summary.layersReused) reused"
        }
        say(line + "\n")
    }

    private func say(_ text: String) {
        if toStandardError { StandardStreams.err(text) } else { StandardStreams.out(text) }
    }
}
