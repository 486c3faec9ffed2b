import Flipbook
import Foundation
import Synchronization

/// `--progress json`: one JSON object per line on stdout, for build scripts. The schema is in
/// `docs/progress.md`; every object has `"event"` and `"elapsed"` (seconds since the start).
///
/// A batch gives each of its renders a reporter of its own that tags every event with the
/// render's `job` (`reporting(job:)`); they share one stream and one clock.
final class JSONProgress: ProgressReporter {
    private let lines: JSONLines
    /// The batch's index of the render these events are about; `nil` outside a batch.
    private let job: Int?
    /// `--explain`: frames carry their named layers, and `done` the counts of what was drawn —
    /// the explanation in the stream, since stdout holds nothing else.
    private let explains: Bool

    init(explains: Bool = false) {
        (lines, job, self.explains) = (JSONLines(), nil, explains)
    }

    private init(lines: JSONLines, job: Int) {
        (self.lines, self.job, explains) = (lines, job, false)
    }

    /// A reporter for render `job` of a batch, on this stream.
    func reporting(job: Int) -> JSONProgress {
        JSONProgress(lines: lines, job: job)
    }

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
            "fps": roundedToMilliseconds(progress.framesPerSecond),
        ]
        if let remaining = progress.remainingSeconds { fields["eta"] = roundedToMilliseconds(remaining) }
        var frameReason = ""
        switch progress.report.outcome {
        case .redrawn(let reason):
            fields["outcome"] = "redrawn"
            fields["reason"] = reason
            frameReason = reason
        case .reused(let source):
            fields["outcome"] = "reused"
            fields["reused_from"] = source
        case .copied:
            fields["outcome"] = "copied"
        }
        if explains, !progress.report.layers.isEmpty {
            fields["layers"] = progress.report.layers.map { layer in
                var fields: [String: Any] = [
                    "name": layer.name, "outcome": layer.reused ? "reused" : "redrawn",
                ]
                if !layer.reused { fields["reason"] = layer.reason ?? frameReason }
                return fields
            }
        }
        emit("frame_encoded", fields)
    }

    func finished(output: String, summary: VideoExport.Summary) {
        var fields: [String: Any] = [
            "output": output, "frames": summary.frameCount, "bytes": summary.bytes,
            "seconds": roundedToMilliseconds(summary.elapsedSeconds),
        ]
        if explains {
            fields["frames_drawn"] = summary.framesDrawn
            fields["frames_reused"] = summary.frameCount - summary.framesDrawn
            fields["layers_drawn"] = summary.layersDrawn
            fields["layers_reused"] = summary.layersReused
        }
        if summary.framesShared > 0 { fields["frames_shared"] = summary.framesShared }
        emit("done", fields)
    }

    /// A `warning` event: the warning as stderr gives it (`message`), its `class` and, when it
    /// has one, its JSON `path`.
    func warning(_ warning: Warning) {
        var fields: [String: Any] = ["message": warning.description, "class": warning.warningClass.code]
        if let path = warning.path { fields["path"] = path }
        emit("warning", fields)
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

    /// A batch render left alone, and why (`--skip-existing`: its output is newer than its preset).
    func skipped(input: String, output: String, reason: String) {
        emit("skipped", ["input": input, "output": output, "message": reason])
    }

    /// The end of a batch: how its renders went, how many warnings they had, and the exit code
    /// that follows.
    func batchFinished(jobs: Int, ok: Int, skipped: Int, failed: Int, warnings: Int, exitCode: ExitCode) {
        lines.batchEnded.store(true, ordering: .sequentiallyConsistent)
        emit(
            "batch_done",
            [
                "jobs": jobs, "ok": ok, "skipped": skipped, "failed": failed, "warnings": warnings,
                "exit_code": Int(exitCode.rawValue),
            ])
    }

    /// Ends a batch's stream that `error` stopped before it could say how its `jobs` went: the
    /// error, then `batch_done` with every job failed. Nothing when `batch_done` was written.
    func endBatch(failing error: CommandError, jobs: Int) {
        guard !lines.batchEnded.load(ordering: .sequentiallyConsistent) else { return }
        failed(error.fullMessage, exitCode: error.code)
        batchFinished(jobs: jobs, ok: 0, skipped: 0, failed: jobs, warnings: 0, exitCode: error.code)
    }

    private func emit(_ event: String, _ fields: [String: Any]) {
        var object = fields
        if let job { object["job"] = job }
        lines.write(event, object)
    }
}

/// The stream `JSONProgress` reporters write: stdout, one object per line, each with the
/// seconds since the command started. Thread-safe: lines are written whole under a `Mutex`, so
/// events from workers, the encoder thread, a batch's other renders and the main task never
/// interleave.
private final class JSONLines: Sendable {
    private let lock = Mutex(())
    private let start = Date()
    /// Whether `batch_done` was written: a batch's stream ends with one.
    let batchEnded = Atomic(false)

    func write(_ event: String, _ fields: [String: Any]) {
        var object = fields
        object["event"] = event
        object["elapsed"] = roundedToMilliseconds(Date().timeIntervalSince(start))
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return
        }
        let line = String(decoding: data, as: UTF8.self) + "\n"
        lock.withLock { _ in _ = StandardStreams.out(line) }
    }
}

/// `value` to the millisecond, as every number of the stream is.
private func roundedToMilliseconds(_ value: Double) -> Double {
    (value * 1000).rounded() / 1000
}
