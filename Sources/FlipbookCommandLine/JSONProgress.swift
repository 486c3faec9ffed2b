import FlipbookPipeline
import Foundation
import Synchronization

/// `--progress json`: one JSON object per line on stdout, for build scripts. The schema is in
/// `docs/progress.md`; every object has `"event"` and `"elapsed"` (seconds since the start).
///
/// Thread-safe: lines are written whole under a `Mutex`, so events from workers, the encoder
/// thread and the main task never interleave.
final class JSONProgress: ProgressReporter {
    private let lock = Mutex(())
    private let start = Date()

    func started(_ start: RenderStart) {
        emit(
            "start",
            [
                "input": start.input, "output": start.output, "frames": start.frames, "width": start.width,
                "height": start.height, "scale": start.scale, "fps": start.frameRate,
                "duration": start.durationSeconds,
            ])
    }

    func rendered(frame index: Int) {
        emit("frame_rendered", ["index": index])
    }

    func encoded(_ progress: ExportProgress) {
        var fields: [String: Any] = [
            "index": progress.framesEncoded - 1, "encoded": progress.framesEncoded,
            "total": progress.frameCount,
            "fps": rounded(progress.framesPerSecond),
        ]
        if let remaining = progress.remainingSeconds { fields["eta"] = rounded(remaining) }
        switch progress.report.outcome {
        case .redrawn(let reason):
            fields["outcome"] = "redrawn"
            fields["reason"] = reason
        case .reused(let source):
            fields["outcome"] = "reused"
            fields["reused_from"] = source
        }
        emit("frame_encoded", fields)
    }

    func finished(output: String, summary: VideoExport.Summary) {
        emit(
            "done",
            [
                "output": output, "frames": summary.frameCount, "bytes": summary.bytes,
                "seconds": rounded(summary.elapsedSeconds),
            ])
    }

    func warning(_ message: String) {
        emit("warning", ["message": message])
    }

    func audio(_ stage: AudioStage) {
        emit("audio", stage.fields)
    }

    func note(_ message: String) {
        emit("note", ["message": message])
    }

    func failed(_ message: String, exitCode: ExitCode) {
        emit("error", ["message": message, "exit_code": Int(exitCode.rawValue)])
    }

    private func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }

    private func emit(_ event: String, _ fields: [String: Any]) {
        var object = fields
        object["event"] = event
        object["elapsed"] = rounded(Date().timeIntervalSince(start))
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return
        }
        lock.withLock { _ in
            StandardStreams.out(String(decoding: data, as: UTF8.self) + "\n")
        }
    }
}
