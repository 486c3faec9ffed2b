import Flipbook
import Foundation
import Synchronization

/// `flipbook batch PRESET… -o DIR [--jobs N] [--skip-existing] [options]`: renders many presets
/// within one thread budget, keeps going after a failure, prints a summary table and exits
/// non-zero if any failed.
///
/// Each preset becomes `DIR/NAME.EXT` (NAME from the preset's file name, EXT from `--format`
/// or the preset's own format; a PNG sequence becomes the folder `DIR/NAME`). Every preset is
/// planned before any renders: two presets that would write the same output (the same preset
/// twice, or `a/x.json` and `b/x.json`) are refused with exit 65, as is an output that is one of
/// the presets. `--jobs` renders that many at once, splitting the machine's cores between them;
/// `--skip-existing` leaves alone outputs newer than their preset. Output options (`--format`,
/// `--crf`, `--set`, …) apply to every preset. With `--variables TABLE` (CSV or JSON), each
/// preset renders once per row of the table, into `DIR/NAME-ROW.EXT` (`VariablesTable`).
struct BatchCommand {
    let arguments: [String]

    /// `--jobs`: how many presets render at once (1 unless given; its value was checked).
    static func jobs(_ list: ArgumentList) -> Int {
        list[\.jobs]
    }

    /// The render threads each of `jobs` renders at once gets: the cores split between them.
    static func threads(jobs: Int) -> Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
    }

    func run() async throws(CommandError) {
        let list = try ArgumentList(arguments, command: .batch)
        if list[\.help] {
            StandardStreams.out(Help.batch + "\n")
            return
        }
        guard !list.positionals.isEmpty else { throw .usage("batch needs at least one preset file") }
        guard !list.positionals.contains(PresetFile.standardInput.path) else {
            throw .usage(
                "batch reads preset files, which name its outputs; - (standard input) is for render, still and validate"
            )
        }
        let folder = try OutputTarget.path(
            list, missing: "batch needs an output folder: -o DIR",
            standardOutput: "batch writes a file per preset into a folder")
        // `--progress json`: every render's events, tagged with its job, then `batch_done`; the
        // table then stays off stdout, which holds the stream alone.
        let json: JSONProgress?
        switch list[\.progress] ?? .plain {
        case .json: json = JSONProgress()
        case .plain: json = nil
        case let mode: throw .usage("batch --progress expects json or none (got \"\(mode.rawValue)\")")
        }
        do {
            try await render(list, into: folder, json: json)
        } catch {
            // The stream ends with `batch_done` whatever stopped the batch: a table that cannot
            // be read, outputs that collide, a file where the folder goes.
            if let json {
                let table = list[\.variables].flatMap { try? VariablesTable(path: $0) }
                json.endBatch(
                    failing: error, jobs: BatchPlan.labels(for: list.positionals, table: table).count)
            }
            throw error
        }
    }

    /// Plans every preset (and row), then renders them, reporting to `json` if given.
    private func render(_ list: ArgumentList, into folder: String, json: JSONProgress?)
        async throws(CommandError)
    {
        let jobs = list[\.jobs]
        let quiet = list[\.quiet]
        let reporter: any ProgressReporter = json ?? PlainProgress(quiet: quiet)
        let table = try list[\.variables].map { (path) throws(CommandError) in
            try VariablesTable(path: path)
        }
        // With --strict, every warning about a render is an error that stops it (`StrictMode`).
        let strict = list[\.strict] ? StrictMode() : nil
        var warnings = WarningSink { if !quiet { StatusLine.warning($0) } }
        if let json {
            // A warning about one render (about the render's label, `WarningSink.about`) is that
            // job's event, as its other events are.
            let jobs = Dictionary(
                BatchPlan.labels(for: list.positionals, table: table).enumerated().map {
                    ($0.element, $0.offset)
                },
                uniquingKeysWith: { first, _ in first })
            warnings = WarningSink { warning in
                let job = warning.subject.flatMap { jobs[$0] }
                (job.map { json.reporting(job: $0) } ?? json).warning(warning)
            }
        }
        let plans = try BatchPlan.plans(
            for: list.positionals, folder: folder, list: list, table: table,
            warnings: strict?.sink ?? warnings,
            strict: strict)
        try BatchPlan.refuseCollisions(plans, table: table)
        // The rows of a table make one set of videos: a row that cannot render stops them all
        // before the first renders (independent presets each render if they can, and nothing
        // is made — not even the folder — when none can).
        let unplannable = plans.filter { $0.unplannable != nil }.count
        let allOrNothing = unplannable > 0 && (table != nil || unplannable == plans.count)
        if allOrNothing || list[\.dryRun] || FlipbookTool.checking {
            // The folder as the render would make it: a file in its place fails the whole batch.
            if !allOrNothing {
                try OutputTarget.refuseUnwritable(folder: folder, saying: "cannot write into \(folder)")
            }
            // A preset that cannot be planned fails the check, as it would fail the batch, and
            // so does one whose file cannot be written, as it would fail alone.
            let outcomes = plans.map { $0.unplannable ?? (allOrNothing ? nil : $0.unwritable) }
            let failures = outcomes.compactMap { $0 }
            for (job, plan) in plans.enumerated() where outcomes[job] == nil && !allOrNothing {
                // (With --strict, planning checked the drawing: a warning made the plan fail.)
                if !FlipbookTool.checking, strict == nil { try? plan.result.get().checkDrawing() }
                (json?.reporting(job: job) ?? reporter).note("checked: \(plan.preset) → \(plan.output)")
            }
            Self.printFailures(failures)
            let worst = failures.map(\.code).max(by: { $0.rawValue < $1.rawValue })
            let message =
                allOrNothing && table != nil
                ? "\(failures.count) of \(plans.count) row(s) cannot render, so none was rendered"
                : "\(failures.count) of \(plans.count) preset(s) failed"
            // Every job ends in the stream, and so does the batch: a row held back because
            // another cannot render fails too, with the batch's reason.
            if let json {
                for (job, plan) in plans.enumerated() {
                    if let failure = outcomes[job] {
                        json.reporting(job: job).failed(failure.status, exitCode: failure.code)
                    } else if allOrNothing, let worst {
                        json.reporting(job: job).failed(
                            "\(plan.preset): not rendered: \(message)", exitCode: worst)
                    }
                }
                let failed = allOrNothing ? plans.count : failures.count
                json.batchFinished(
                    jobs: plans.count, ok: plans.count - failed, skipped: 0, failed: failed,
                    warnings: warnings.reported.count, exitCode: worst ?? .success)
            }
            guard let worst else { return }
            throw CommandError(code: worst, message: message)
        }
        // As for one render: the first signal stops the renders in flight (each removes its
        // temporary file) and starts no more; a second exits at once.
        let interruption = Interruption(writesOneOutput: false)
        let trap = try SignalTrap(interruption)
        defer { withExtendedLifetime(trap) {} }
        StandardStreams.onFailure { interruption.fire() }
        let created = try Self.prepareFolder(folder, reporter: reporter)
        AllocatorTuning.avoidHugePages(encoding: plans.compactMap { try? $0.result.get().output.format })
        let threads = Self.threads(jobs: jobs)
        // The rows of a preset render together where they can, drawing what they share once.
        let groups = BatchGroup.groups(
            of: plans, threads: threads, budget: try RenderCommand.memoryBudget(from: list, renders: jobs))
        let queue = WorkQueue(count: groups.count)
        let skipExisting = list[\.skipExisting]
        let reporters = plans.indices.map { json?.reporting(job: $0) }
        let task = Task {
            await withTaskGroup(of: Void.self) { taskGroup in
                for _ in 0..<min(jobs, groups.count) {
                    taskGroup.addTask {
                        while !Task.isCancelled, let index = queue.take() {
                            let group = groups[index]
                            let outcomes = await group.render(
                                plans, threads: threads, skipExisting: skipExisting, progress: reporters,
                                strict: strict)
                            for (member, outcome) in zip(group.members, outcomes) {
                                queue.record(outcome, at: member)
                            }
                        }
                    }
                }
            }
        }
        interruption.attach { task.cancel() }
        await task.value
        // A batch that wrote nothing (every render failed, or was interrupted) leaves no folder
        // behind, as a render does: those it created go again, if they are still empty.
        OutputTarget.removeFolders(created)
        try Self.finish(
            queue.outcomes, presets: plans.count, interrupted: interruption.hasFired,
            quiet: quiet || json != nil, warnings: warnings, progress: json)
    }

    /// Makes the output folder (and its parents) if it is missing, saying so once, and returns
    /// the folders it made, outermost first; refuses a file in its place.
    private static func prepareFolder(_ folder: String, reporter: any ProgressReporter) throws(CommandError)
        -> [String]
    {
        try OutputTarget.refuseUnwritable(folder: folder, saying: "cannot write into \(folder)")
        guard !FileManager.default.fileExists(atPath: folder) else { return [] }
        let created = try OutputTarget.createFolders(for: OutputTarget.path("x", in: folder))
        if let last = created.last { reporter.note("created the folder \(last)") }
        return created
    }

    /// Prints the table (unless `quiet`), each row with the count of its `warnings`, and the
    /// failures, ends the `progress` stream with `batch_done`, and throws the batch's exit code,
    /// if it is not success.
    private static func finish(
        _ outcomes: [BatchPlan.Outcome], presets: Int, interrupted: Bool, quiet: Bool, warnings: WarningSink,
        progress: JSONProgress?
    ) throws(CommandError) {
        let reported = warnings.reported
        let results = outcomes.map { outcome in
            var counted = outcome
            counted.warnings = reported.filter { $0.subject == outcome.preset }.count
            return counted
        }
        if !quiet { printTable(results) }
        // Renders that a stdout which could not be written stopped did not fail on their own:
        // the stream's failure is told once (a closed pipe's not at all, as a shell expects).
        let streamFailed = StandardStreams.exitCode != nil
        printFailures(results.filter { !(streamFailed && $0.code == .interrupted) })
        let failed = results.filter { $0.code != .success }
        var error: CommandError?
        if interrupted {
            let rendered = results.filter { $0.code == .success }.count
            error = CommandError(
                code: .interrupted,
                message:
                    "interrupted: \(rendered) of \(presets) preset(s) done; unfinished outputs were not written"
            )
        } else if let worst = failed.map(\.code).max(by: { $0.rawValue < $1.rawValue }) {
            error = CommandError(code: worst, message: "\(failed.count) of \(results.count) preset(s) failed")
        }
        let skipped = results.filter { $0.status == BatchPlan.upToDate }.count
        progress?.batchFinished(
            jobs: presets, ok: results.count - failed.count - skipped, skipped: skipped, failed: failed.count,
            warnings: results.map(\.warnings).reduce(0, +), exitCode: error?.code ?? .success)
        if let error { throw error }
    }

    /// One line per preset on stdout, in the order of the presets (and the table's rows):
    /// preset, result (with its warnings: `ok, 2 warnings`), frames, seconds, output. Columns are
    /// aligned by the terminal columns their text takes, so that a Chinese preset name (two
    /// columns a character) or an accented one lines up with the rest.
    private static func printTable(_ outcomes: [BatchPlan.Outcome]) {
        let names = outcomes.map { $0.preset.forTerminal }
        let results = outcomes.map(\.result)
        let width = (names + ["preset"]).map(\.terminalColumns).max() ?? 0
        let resultWidth = (results + ["result"]).map(\.terminalColumns).max() ?? 0
        var table =
            "preset".padded(toColumns: width) + "  " + "result".padded(toColumns: resultWidth)
            + "  frames  seconds  output\n"
        for (outcome, (name, result)) in zip(outcomes, zip(names, results)) {
            let frames = String(outcome.frames)
            table +=
                name.padded(toColumns: width) + "  " + result.padded(toColumns: resultWidth) + "  "
                + String(repeating: " ", count: max(0, 6 - frames.count)) + frames + "  "
                + String(format: "%7.1f", outcome.seconds) + "  " + outcome.output.forTerminal + "\n"
        }
        StandardStreams.out(table)
    }

    /// One line per error of each failed preset on stderr, naming it (a preset with several
    /// errors, as `validate` lists them, gets a line for each).
    private static func printFailures(_ outcomes: [BatchPlan.Outcome]) {
        for outcome in outcomes where outcome.code != .success {
            for line in outcome.status.split(separator: "\n").map(String.init) {
                // Errors that name the preset already are printed as they are; others get it in front.
                let message = line.contains(outcome.preset) ? line : "\(outcome.preset): \(line)"
                StandardStreams.err("flipbook: \(message.forTerminal)\n")
            }
        }
    }
}

/// The groups of presets still to render and the outcomes so far (by plan), shared by the
/// batch's jobs.
private final class WorkQueue: Sendable {
    private let state: Mutex<(next: Int, outcomes: [Int: BatchPlan.Outcome])>
    private let count: Int

    init(count: Int) {
        self.count = count
        state = Mutex((0, [:]))
    }

    /// The next group's index, or `nil` when all are taken.
    func take() -> Int? {
        state.withLock { state in
            guard state.next < count else { return nil }
            state.next += 1
            return state.next - 1
        }
    }

    /// Records how the plan at `index` went.
    func record(_ outcome: BatchPlan.Outcome, at index: Int) {
        state.withLock { $0.outcomes[index] = outcome }
    }

    /// The outcomes so far, in the order of the presets (not the order they finished in).
    var outcomes: [BatchPlan.Outcome] {
        state.withLock { $0.outcomes.sorted { $0.key < $1.key }.map(\.value) }
    }
}
