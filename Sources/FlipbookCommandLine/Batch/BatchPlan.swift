import Flipbook
import Foundation

/// One preset of a batch, decided before anything renders: its export and its output path —
/// or the reason it cannot be rendered, which becomes its row in the table.
struct BatchPlan: Sendable {
    /// How one preset went.
    struct Outcome: Sendable {
        var preset: String
        var output: String
        /// What the table's status column says: `ok`, or the error that stopped it.
        var status: String
        var code: ExitCode
        /// The frames written, and the render's wall time: none until it has rendered.
        var frames = 0
        var seconds = 0.0
        /// The warnings reported about it (`BatchCommand` counts them when the batch is done).
        var warnings = 0

        /// What the table's result column says: the status, with the warnings of a preset that
        /// rendered (`ok, 2 warnings`), or the exit code of one that failed.
        var result: String {
            guard code == .success else { return "failed (\(code.rawValue))" }
            return status + (warnings == 0 ? "" : warnings == 1 ? ", 1 warning" : ", \(warnings) warnings")
        }
    }

    /// The preset's name in the table: its path, and the variables row it renders.
    let preset: String
    /// The preset file.
    let file: String
    let output: String
    /// Every file the render reads (the preset, its images, SVGs, clips, sounds, fonts,
    /// captions, and `--audio`), none of which any output of the batch may be.
    var inputs: [String] = []
    let result: Result<VideoExport, CommandError>
    /// With `--max-size` or `--target`: the size its file must land in.
    var budget: SizeBudget?
    /// The variables table its row's values come from, if any: an input too.
    var table: String?

    /// The output's URL, a file's unless it is a PNG sequence (`OutputTarget.destination`); a
    /// plan that cannot render has no format, and its output is never written.
    var destination: URL {
        OutputTarget.destination(output, format: (try? result.get().output.format) ?? .h264)
    }

    /// A plan per preset — per preset and row with a variables table — in the order given.
    ///
    /// A table may serve compositions that show different variables: each takes only the
    /// columns it has (or shows), and a column that no preset has is refused as misspelt.
    /// Each plan's warnings go to `warnings`, `about` its label; with `strict`, a plan whose
    /// preset gives one before its first frame cannot be rendered.
    /// - Throws: exit 65 for such a column.
    static func plans(
        for presets: [String], folder: String, list: ArgumentList, table: VariablesTable?,
        warnings: WarningSink, strict: StrictMode?
    ) throws(CommandError) -> [BatchPlan] {
        guard let table else {
            return presets.map {
                plan($0, row: nil, folder: folder, list: list, warnings: warnings, strict: strict)
            }
        }
        let uses = presets.map { TableUse(of: $0, list: list) }
        let known = uses.compactMap { if case .variables(let names) = $0 { names } else { nil } }
        if known.count == uses.count { try table.refuseColumns(unknownTo: known) }
        return zip(presets, uses).flatMap { path, use in
            table.rows.map { row in
                guard case .everyColumn = use else {
                    return plan(
                        path, row: row.keeping(where: use.takes), table: table.path, folder: folder,
                        list: list, warnings: warnings, strict: strict)
                }
                return BatchPlan(
                    preset: label(path, row: row), file: path, output: "",
                    result: .failure(
                        CommandError(
                            code: .invalidInput,
                            message:
                                "\(path): --variables sets a composition's variables, and this is a scene preset"
                        )))
            }
        }
    }

    /// How the batch names the render of `path` (with `row` of a variables table): in its
    /// table, its failures and its warnings (`WarningSink.about`).
    static func label(_ path: String, row: VariablesTable.Row?) -> String {
        row.map { "\(path) [\($0.id)]" } ?? path
    }

    /// The labels of the plans `plans(for:folder:list:table:)` makes, in the same order: each
    /// preset, or each preset with each row.
    static func labels(for presets: [String], table: VariablesTable?) -> [String] {
        presets.flatMap { path in
            table.map { $0.rows.map { label(path, row: $0) } } ?? [label(path, row: nil)]
        }
    }

    /// Which of a table's columns a preset takes, decided by reading it without a row.
    private enum TableUse {
        /// A composition: the variables it has or shows.
        case variables(Set<String>)
        /// A preset that reads but is no composition: every column, which it refuses.
        case everyColumn
        /// A preset that cannot be read: every column but `name`, which names the rows and would
        /// be reported as no such variable, ahead of the preset's own errors.
        case unreadable

        init(of path: String, list: ArgumentList) {
            guard let limits = try? RenderCommand.limits(from: list),
                // Read only to learn its variables: the plan's own reading warns.
                let preset = try? RenderCommand.loadPreset(
                    path, list: list, limits: limits, warnings: .discarding())
            else {
                self = .unreadable
                return
            }
            guard let composition = preset.scene as? Composition else {
                self = .everyColumn
                return
            }
            self = .variables(composition.variableNames)
        }

        /// Whether the preset takes the column `name`.
        func takes(_ name: String) -> Bool {
            switch self {
            case .variables(let names): names.contains(name)
            case .everyColumn: true
            case .unreadable: name != "name"
            }
        }
    }

    private static func plan(
        _ path: String, row: VariablesTable.Row?, table: String? = nil, folder: String, list: ArgumentList,
        warnings: WarningSink, strict: StrictMode?
    ) -> BatchPlan {
        var output = ""
        var inputs = [path]
        var budget: SizeBudget?
        let label = Self.label(path, row: row)
        // Warnings while reading it (a clip's sound dropped) and rendering it are about this plan.
        let warnings = warnings.about(label)
        let result = warnings.receiving {
            Result { () throws(CommandError) -> VideoExport in
                let limits = try RenderCommand.limits(from: list)
                let preset = try RenderCommand.loadPreset(
                    path, list: list, limits: limits, extra: row?.overrides ?? [],
                    extraSource: table.flatMap { table in row.map { "\(table), row \($0.id)" } },
                    warnings: warnings)
                inputs = preset.inputFiles + list[\.audio]
                let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                let name = row?.outputName(base) ?? base
                let format = list[\.format] ?? preset.output.format
                guard !format.isStill else {
                    throw .usage(
                        "batch renders videos, and --format \(format) is a still image: use --format png-sequence "
                            + "for a folder of frames per render, or flipbook still for one frame")
                }
                // As the folder was written (`out/x.mp4`, not the absolute path a URL would make).
                output = OutputTarget.path(
                    format.fileExtension.isEmpty ? name : "\(name).\(format.fileExtension)", in: folder)
                try OutputUse.check(list, kind: .video, format: format)
                try RenderCommand.checkBudget(list, kind: .video, format: format)
                var export = try RenderCommand.makeExport(
                    preset: preset, format: format, list: list, limits: limits)
                budget = try RenderCommand.budget(list, export: export, format: format, output: output)
                try RenderJob.exporting(output) {
                    try export.checkSettings(
                        destination: OutputTarget.destination(output, format: format), still: false)
                }
                if format == .pngSequence {
                    try OutputTarget.refuseSequenceInputs(preset.inputFiles, destination: output + "/")
                }
                export.warnings = warnings
                // Held to its share of the budget, on its share of the cores, as it will render.
                let jobs = BatchCommand.jobs(list)
                var measured = export
                measured.renderThreads = BatchCommand.threads(jobs: jobs)
                try RenderCommand.checkMemory(measured, file: preset.file, list: list, renders: jobs)
                try CheckCommand.warn(export, list: list, preset: path)
                try strict?.check(export, subject: label, preset: label)
                return export
            }
        }
        return BatchPlan(
            preset: label, file: path, output: output, inputs: inputs, result: result, budget: budget,
            table: table)
    }

    /// Refuses, before anything renders: two plans that would write the same output (exit 65,
    /// naming both), and an output that is a file any plan reads — its preset, its images,
    /// clips, sounds, fonts or captions, the variables `table` — under any name (exit 73).
    static func refuseCollisions(_ plans: [BatchPlan], table: VariablesTable?) throws(CommandError) {
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
        let inputs =
            (table.map { [(path: $0.path, reader: "the batch")] } ?? [])
            + plans.flatMap { plan in plan.inputs.map { (path: $0, reader: plan.preset) } }
        try OutputTarget.refuseInputs(inputs, outputs: plans.map(\.output).filter { !$0.isEmpty })
    }

    /// How the preset went when it could not even be planned (its error), or `nil`.
    var unplannable: Outcome? {
        guard case .failure(let error) = result else { return nil }
        return Outcome(preset: preset, output: output, status: error.fullMessage, code: error.code)
    }

    /// How the plan would go when its file cannot be written, seen without writing (a dry
    /// run's): a folder in its file's place, a file on its way, a folder it may not write in.
    /// `nil` when it can be, as far as can be told before the render.
    var unwritable: Outcome? {
        guard case .success(let export) = result else { return nil }
        do throws(CommandError) {
            try OutputTarget.refuseUnwritable(output, isFile: export.output.format != .pngSequence)
            return nil
        } catch {
            return Outcome(preset: preset, output: output, status: error.fullMessage, code: error.code)
        }
    }

    /// Renders the plan (or reports why it could not be planned), telling `progress`, if any,
    /// as `flipbook render --progress json` tells its stream; with `strict`, a warning about it
    /// stops it, and it fails with its warnings.
    func render(threads: Int, skipExisting: Bool, progress: JSONProgress?, strict: StrictMode?) async
        -> Outcome
    {
        let prepared: VideoExport?
        do throws(CommandError) {
            prepared = try prepare(
                threads: threads, skipExisting: skipExisting, progress: progress, strict: strict)
        } catch {
            return outcome(of: .failure(error), progress: progress, strict: strict)
        }
        guard let export = prepared else { return skipped }
        let rendering = Task { [export, destination, budget] in
            guard let budget else {
                return try await export.run(
                    to: destination, progress: { progress?.encoded($0) },
                    rendered: { progress?.rendered(frame: $0) })
            }
            return try await export.run(to: destination, within: budget, progress: { progress?.encoded($0) })
        }
        strict?.stopOnWarning(about: preset) { rendering.cancel() }
        let result: Result<VideoExport.Summary, CommandError>
        do throws(CommandError) {
            result = .success(
                try await RenderJob.exporting(output) {
                    try await withTaskCancellationHandler {
                        try await rendering.value
                    } onCancel: {
                        rendering.cancel()
                    }
                })
        } catch {
            result = .failure(error)
        }
        return outcome(of: result, progress: progress, strict: strict)
    }

    /// The plan's export, set to render on `threads` and with its sound measured, once told to
    /// `progress` as started; `nil` when `skipExisting` leaves its output alone (told as
    /// skipped).
    /// - Throws: why it cannot render: its planning error, its sound, or with `strict` a
    ///   warning about it.
    func prepare(threads: Int, skipExisting: Bool, progress: JSONProgress?, strict: StrictMode?)
        throws(CommandError) -> VideoExport?
    {
        var export = try result.get()
        if skipExisting, isUpToDate() {
            progress?.skipped(input: file, output: output, reason: Self.upToDate)
            return nil
        }
        export.renderThreads = threads
        progress?.started(RenderStart(export, input: file, output: output))
        export = try RenderJob.exporting(output) { try export.measuringLoudness() }
        if let failure = strict?.failure(about: preset, preset: preset) { throw failure }
        if let progress, let stage = AudioStage(export) { progress.audio(stage) }
        return export
    }

    /// How the plan went, from how its render ended (told to `progress`): a render that a
    /// warning with `strict` stopped fails with its warnings, not as interrupted.
    func outcome(
        of result: Result<VideoExport.Summary, CommandError>, progress: JSONProgress?, strict: StrictMode?
    ) -> Outcome {
        var outcome = Outcome(preset: preset, output: output, status: "ok", code: .success)
        switch result {
        case .success(let summary):
            (outcome.frames, outcome.seconds) = (summary.frameCount, summary.elapsedSeconds)
            progress?.finished(output: output, summary: summary)
        case .failure(let error):
            let error = strict?.failure(about: preset, preset: preset) ?? error
            outcome.status = error.fullMessage
            outcome.code = error.code
            progress?.failed(error.fullMessage, exitCode: error.code)
        }
        return outcome
    }

    /// The outcome of a plan `--skip-existing` left alone.
    var skipped: Outcome {
        Outcome(preset: preset, output: output, status: Self.upToDate, code: .success)
    }

    /// The status of a render left alone by `--skip-existing`.
    static let upToDate = "up to date"

    /// Whether the output exists and was written after every file its render reads last
    /// changed: the preset, the files it shows and plays (`inputs`) and the variables table its
    /// row comes from. (The table keeps no record of which row changed, so a table saved again
    /// renders all its rows again.) A file that cannot be looked at is taken as changed: the
    /// render then says what is wrong with it.
    func isUpToDate() -> Bool {
        guard let written = FileStatus(path: output)?.modified else { return false }
        return ([file] + inputs + (table.map { [$0] } ?? [])).allSatisfy { input in
            (FileStatus(path: input)?.modified).map { written >= $0 } ?? false
        }
    }
}
