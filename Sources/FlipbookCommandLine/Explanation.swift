import FlipbookPipeline
import Foundation

/// `--explain`: one line per frame on stdout saying whether it was redrawn and why, or whose
/// pixels it reused — SwiftUI's `_printChanges()` for a video — then a summary.
enum Explanation {
    static func frame(_ report: FrameReport) {
        StandardStreams.out(report.description.forTerminal + "\n")
    }

    /// The audio stage, before the first frame: what is mixed and how it is encoded.
    static func audio(_ stage: AudioStage) {
        StandardStreams.out(stage.description.forTerminal + "\n")
    }

    static func summary(_ summary: VideoExport.Summary) {
        let reused = summary.frameCount - summary.framesDrawn
        var line = "frames: \(summary.frameCount) total, \(summary.framesDrawn) drawn, \(reused) reused"
        if summary.layersDrawn + summary.layersReused > 0 {
            line += "; layers: \(summary.layersDrawn) drawn, \(summary.layersReused) reused"
        }
        line += "\n"
        StandardStreams.out(line)
    }
}
