import Flipbook
import Foundation
import Synchronization

/// `flipbook batch PRESET… -o DIR [--jobs N] [--skip-existing] [options]`: renders many presets
/// within one thread budget, keeps going after a failure, prints a summary table and exits
/// non-zero if any failed.
///
/// Each preset becomes `DIR/NAME.EXT` (NAME from the preset's file name, EXT from `--format`
/// or the preset's own format; a PNG sequence becomes the folder `DIR/NAME`). `--jobs` renders that many at once, splitting the machine's cores between them;
/// `--skip-existing` leaves alone outputs newer than their preset. Output options (`--format`,
/// `--crf`, `--set`, …) apply to every preset.
struct BatchCommand {
    let arguments: [String]

    /// How one preset went.
    struct Outcome: Sendable {
        var preset: String
        var output: String
        var status: String
        var code: ExitCode
        var frames: Int
        var seconds: Double
    }

    func run() async throws(CommandError) {
        let list = try ArgumentList(
            arguments, valueFlags: RenderCommand.valueFlags + ["--jobs"],
            switches: RenderCommand.switches + ["--skip-existing"])
        guard !list.positionals.isEmpty else { throw .usage("batch needs at least one preset file") }
        guard let folder = list.value("--output") ?? list.value("-o") else {
            throw .usage("batch needs an output folder: -o DIR")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw CommandError(
                code: .outputNotWritable, message: "cannot write into \(folder): no such folder")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs =
            try list.parsed("--jobs", expected: "a whole number from 1 to 64") {
                Int($0).flatMap { (1...64).contains($0) ? $0 : nil }
            } ?? 1
        let queue = WorkQueue(count: list.positionals.count)
        let presets = list.positionals
        let threads = max(1, cores / jobs)
        // As for one render: the first signal stops the renders in flight (each removes its
        // temporary file) and starts no more; a second exits at once.
        let interruption = Interruption()
        let trap = try SignalTrap { interruption.fire() }
        defer { withExtendedLifetime(trap) {} }
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<min(jobs, presets.count) {
                    group.addTask {
                        while !Task.isCancelled, let index = queue.take() {
                            let outcome = await Self.render(
                                presets[index], folder: folder, list: list, threads: threads)
                            queue.record(outcome)
                        }
                    }
                }
            }
        }
        interruption.attach { task.cancel() }
        await task.value
        let results = queue.outcomes.sorted { $0.preset < $1.preset }
        Self.printTable(results)
        if interruption.hasFired {
            let rendered = results.filter { $0.code == .success }.count
            throw CommandError(
                code: .interrupted,
                message:
                    "interrupted: \(rendered) of \(presets.count) preset(s) done; unfinished outputs were not written"
            )
        }
        let failed = results.filter { $0.code != .success }
        if let worst = failed.map(\.code).max(by: { $0.rawValue < $1.rawValue }) {
            throw CommandError(code: worst, message: "\(failed.count) of \(results.count) preset(s) failed")
        }
    }

    /// Renders one preset to `folder/NAME.EXT`, in `--format` or else the preset's own format.
    private static func render(_ presetPath: String, folder: String, list: ArgumentList, threads: Int) async
        -> Outcome
    {
        let name = URL(fileURLWithPath: presetPath).deletingPathExtension().lastPathComponent
        var outcome = Outcome(
            preset: presetPath, output: "", status: "ok", code: .success, frames: 0, seconds: 0)
        do {
            let limits = try RenderCommand.limits(from: list)
            let preset = try RenderCommand.loadPreset(presetPath, list: list, limits: limits)
            let format =
                try list.value("--format").map { (name) throws(CommandError) in
                    try OutputFlags.format(list, outputPath: name)
                } ?? preset.output.format
            let output = URL(fileURLWithPath: folder).appendingPathComponent(
                format.fileExtension.isEmpty ? name : "\(name).\(format.fileExtension)"
            ).path
            outcome.output = output
            if list.has("--skip-existing"), isUpToDate(output, comparedWith: presetPath) {
                outcome.status = "up to date"
                return outcome
            }
            var export = try RenderCommand.makeExport(
                preset: preset, format: format, list: list, limits: limits)
            export.renderThreads = threads
            export.framesInFlight = 2 * threads + 2
            let summary = try await RenderCommand.exporting(output) {
                try await export.run(to: URL(fileURLWithPath: output))
            }
            (outcome.frames, outcome.seconds) = (summary.frameCount, summary.elapsedSeconds)
        } catch {
            outcome.status = error.message.replacingOccurrences(of: "\n", with: " ")
            outcome.code = error.code
        }
        return outcome
    }

    /// Whether `output` exists and was written after `preset` last changed.
    private static func isUpToDate(_ output: String, comparedWith preset: String) -> Bool {
        let manager = FileManager.default
        guard let written = (try? manager.attributesOfItem(atPath: output))?[.modificationDate] as? Date,
            let changed = (try? manager.attributesOfItem(atPath: preset))?[.modificationDate] as? Date
        else { return false }
        return written >= changed
    }

    /// One line per preset on stdout: preset, status, frames, seconds, output.
    private static func printTable(_ outcomes: [Outcome]) {
        let width = max(6, outcomes.map(\.preset.count).max() ?? 0)
        print(
            "preset".padding(toLength: width, withPad: " ", startingAt: 0)
                + "  result        frames  seconds  output")
        for outcome in outcomes {
            let result = outcome.code == .success ? outcome.status : "failed (\(outcome.code.rawValue))"
            print(
                outcome.preset.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + result.padding(toLength: 12, withPad: " ", startingAt: 0) + "  "
                    + String(outcome.frames).leftPadded(6) + "  " + String(format: "%7.1f", outcome.seconds)
                    + "  "
                    + outcome.output)
            if outcome.code != .success {
                // Preset errors name their file already; others get it in front.
                let message =
                    outcome.status.contains(outcome.preset)
                    ? outcome.status : "\(outcome.preset): \(outcome.status)"
                FileHandle.standardError.write(Data("flipbook: \(message)\n".utf8))
            }
        }
    }
}

/// The presets still to render and the outcomes so far, shared by the batch's jobs.
private final class WorkQueue: Sendable {
    private let state: Mutex<(next: Int, outcomes: [BatchCommand.Outcome])>
    private let count: Int

    init(count: Int) {
        self.count = count
        state = Mutex((0, []))
    }

    /// The next preset's index, or `nil` when all are taken.
    func take() -> Int? {
        state.withLock { state in
            guard state.next < count else { return nil }
            state.next += 1
            return state.next - 1
        }
    }

    func record(_ outcome: BatchCommand.Outcome) {
        state.withLock { $0.outcomes.append(outcome) }
    }

    var outcomes: [BatchCommand.Outcome] { state.withLock { $0.outcomes } }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
