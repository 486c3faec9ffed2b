import Flipbook
import FlipbookChecks
import FlipbookPipeline
import Foundation

/// `flipbook check PRESET… [--json] [--strict] [--contrast aa|aaa] [--min-text-size PX]
/// [--reading-rate WORDS] [--loudness-target NAME|LUFS]`: what keeps a video from shipping,
/// found before it ships — flashes, text contrast, size, title-safe and reading time, and
/// loudness (`VideoCheck`), each problem with its time range, layer and JSON path.
///
/// Each preset is read as `render` reads it (`--set`, `--size`, `--scale`, limits). Problems
/// are printed and the exit code is 0, unless `--strict`: then a problem exits 65. A preset
/// that cannot be read is reported in its place, the others are still checked, and the
/// command fails with its error (65), `--strict` or not: a build must not read a preset it
/// could not check as one that passed.
enum CheckCommand {
    static func run(_ arguments: [String]) throws(CommandError) {
        let list = try ArgumentList(arguments, command: .check)
        if list[\.help] {
            StandardStreams.out(Help.check + "\n")
            return
        }
        guard !list.positionals.isEmpty else { throw .usage("check needs preset files") }
        let limits = try RenderCommand.limits(from: list)
        let rules = Self.rules(list)
        var entries: [CheckReport.Entry] = []
        for path in list.positionals {
            do throws(CommandError) {
                let preset = try RenderCommand.loadPreset(
                    path, list: list, limits: limits, warnings: .discarding())
                (preset.scene as? Composition)?.lookUpFonts()
                let export = try RenderCommand.makeExport(
                    preset: preset, format: preset.output.format, list: list, limits: limits)
                if FlipbookTool.checking { continue }
                let problems = try RenderJob.exporting(path) {
                    try VideoCheck(export: export, rules: rules).problems()
                }
                entries.append(CheckReport.Entry(preset: path, problems: problems))
            } catch {
                entries.append(CheckReport.Entry(preset: path, problems: [], error: error))
            }
        }
        let report = CheckReport(entries: entries)
        StandardStreams.out(list[\.json] ? report.json.text() + "\n" : report.text)
        let unreadable = entries.compactMap(\.error)
        if let first = unreadable.first {
            throw unreadable.count == 1
                ? first
                : CommandError(
                    code: first.code,
                    message: "\(unreadable.count) of \(entries.count) presets could not be read")
        }
        guard list[\.strict], report.problemCount > 0 else { return }
        let presets = entries.filter { !$0.problems.isEmpty }.count
        throw CommandError(
            code: .invalidInput,
            message:
                "check found \(report.problemCount) problem\(report.problemCount == 1 ? "" : "s") in \(presets) preset\(presets == 1 ? "" : "s")"
        )
    }

    /// The rules the command line's `--contrast`, `--min-text-size`, `--reading-rate` and
    /// `--loudness-target` set.
    static func rules(_ list: ArgumentList) -> CheckRules {
        var rules = CheckRules()
        (rules.contrast, rules.minimumTextSize) = (list[\.contrast], list[\.minTextSize])
        (rules.wordsPerSecond, rules.loudness) = (list[\.readingRate], list[\.loudnessTarget])
        return rules
    }

    /// `render --check` and `batch --check`: each problem `export`'s video has is reported as a
    /// `check` warning to its sink, at its JSON path, with its time range — an error under
    /// `--strict`, found before anything is written.
    static func warn(_ export: VideoExport, list: ArgumentList, preset: String) throws(CommandError) {
        guard list[\.check], !FlipbookTool.checking else { return }
        // The frames the checks draw are the render's, which warns of what they draw once
        // itself: the checks' own drawing keeps quiet.
        var quiet = export
        quiet.warnings = .discarding()
        let problems = try RenderJob.exporting(preset) {
            try quiet.warnings.receiving { try VideoCheck(export: quiet, rules: rules(list)).problems() }
        }
        for problem in problems {
            var when = ""
            if let start = problem.start, let end = problem.end {
                when = String(format: "%.1f–%.1f s: ", start, end)
            }
            export.warnings.report(
                .check, at: problem.path, "\(problem.check.rawValue): \(when)\(problem.message)")
        }
    }
}
