import Flipbook
import Foundation

/// One preset of a batch, decided before anything renders: its export and its output path —
/// or the reason it cannot be rendered, which becomes its row in the table.
struct BatchPlan: Sendable {
    /// How one preset went.
    struct Outcome: Sendable {
        var preset: String
        var output: String
        var status: String
        var code: ExitCode
        var frames: Int
        var seconds: Double
    }

    /// The preset's name in the table: its path, and the variables row it renders.
    let preset: String
    /// The preset file.
    let file: String
    let output: String
    let result: Result<VideoExport, CommandError>

    /// A plan per preset — per preset and row with a variables table — in the order given.
    static func plans(for presets: [String], folder: String, list: ArgumentList, table: VariablesTable?)
        -> [BatchPlan]
    {
        let rows: [VariablesTable.Row?] = table?.rows ?? [nil]
        return presets.flatMap { path in rows.map { row in plan(path, row: row, folder: folder, list: list) }
        }
    }

    private static func plan(_ path: String, row: VariablesTable.Row?, folder: String, list: ArgumentList)
        -> BatchPlan
    {
        var output = ""
        let result = Result { () throws(CommandError) -> VideoExport in
            let limits = try RenderCommand.limits(from: list)
            let preset = try RenderCommand.loadPreset(
                path, list: list, limits: limits, extra: row?.overrides ?? [])
            let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let name = row.map { "\(base)-\($0.id)" } ?? base
            let format = try formatFor(preset, list: list)
            output =
                URL(fileURLWithPath: folder).appendingPathComponent(
                    format.fileExtension.isEmpty ? name : "\(name).\(format.fileExtension)"
                ).path
            try OutputUse.check(list, kind: .video, format: format)
            return try RenderCommand.makeExport(
                preset: preset, format: format, list: list, limits: limits)
        }
        let label = row.map { "\(path) [\($0.id)]" } ?? path
        return BatchPlan(preset: label, file: path, output: output, result: result)
    }

    /// `--format`, else the preset's own format.
    private static func formatFor(_ preset: Preset, list: ArgumentList) throws(CommandError) -> OutputFormat {
        guard let name = list.value("--format") else { return preset.output.format }
        guard let format = OutputFormat(rawValue: name) else {
            throw .usage(
                "--format expects one of \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return format
    }

    /// Refuses (exit 65, naming both presets) two plans that would write the same output, and
    /// (exit 73) an output that is one of the presets — before anything renders.
    static func refuseCollisions(_ plans: [BatchPlan], presets: [String]) throws(CommandError) {
        var seen: [String: String] = [:]
        for plan in plans where !plan.output.isEmpty {
            let key = URL(fileURLWithPath: plan.output).standardizedFileURL.path
            if let other = seen[key] {
                throw CommandError(
                    code: .invalidInput,
                    message:
                        "\(other) and \(plan.preset) would both write \(plan.output); rename one of the presets "
                        + "or render them into different folders")
            }
            seen[key] = plan.preset
        }
        try OutputTarget.refuseInputs(presets, outputs: plans.map(\.output).filter { !$0.isEmpty })
    }

    /// Renders the plan (or reports why it could not be planned), telling `progress`, if any,
    /// as `flipbook render --progress json` tells its stream.
    func render(threads: Int, skipExisting: Bool, progress: JSONProgress?) async -> Outcome {
        var outcome = Outcome(
            preset: preset, output: output, status: "ok", code: .success, frames: 0, seconds: 0)
        do {
            var export = try result.get()
            if skipExisting, isUpToDate() {
                outcome.status = Self.upToDate
                progress?.skipped(input: file, output: output, reason: Self.upToDate)
                return outcome
            }
            export.renderThreads = threads
            progress?.started(RenderStart(export, input: file, output: output))
            if let progress, let stage = AudioStage(export) { progress.audio(stage) }
            let summary = try await RenderJob.exporting(output) {
                try await export.run(
                    to: URL(fileURLWithPath: output), progress: { progress?.encoded($0) },
                    rendered: { progress?.rendered(frame: $0) })
            }
            (outcome.frames, outcome.seconds) = (summary.frameCount, summary.elapsedSeconds)
            progress?.finished(output: output, summary: summary)
        } catch {
            outcome.status = error.fullMessage
            outcome.code = error.code
            progress?.failed(error.fullMessage, exitCode: error.code)
        }
        return outcome
    }

    /// The status of a render left alone by `--skip-existing`.
    static let upToDate = "up to date"

    /// Whether the output exists and was written after the preset last changed.
    private func isUpToDate() -> Bool {
        let manager = FileManager.default
        guard let written = (try? manager.attributesOfItem(atPath: output))?[.modificationDate] as? Date,
            let changed = (try? manager.attributesOfItem(atPath: file))?[.modificationDate] as? Date
        else { return false }
        return written >= changed
    }
}
