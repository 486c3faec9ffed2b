import Flipbook
import FlipbookFFmpeg
import FlipbookPipeline
import Foundation

/// `flipbook test PRESET|FOLDER… [--update] [--report DIR] [--junit FILE] [--tolerance X]`:
/// golden frames. Each preset's frames at its `golden` times (else its first, middle and last)
/// are rendered as `flipbook still --at` renders them and compared with the reference pictures
/// beside it, `golden/NAME/TIME.png`, by the SSIM of their least similar window
/// (`GoldenComparison`); `--update` records those pictures instead.
///
/// Every frame of every preset is checked before the verdict, so one run lists every failure:
/// a line each on stderr, a testcase each in the JUnit XML, a row each in the HTML report (with
/// the reference, the new frame and their difference side by side). It exits 0 when every frame
/// matches, 1 when one differs or has no reference, 65 when a preset cannot be read.
enum TestCommand {
    static func run(_ arguments: [String]) throws(CommandError) {
        let list = try ArgumentList(arguments, command: .test)
        if list[\.help] {
            StandardStreams.out(Help.test + "\n")
            return
        }
        let presets = try presetFiles(list.positionals)
        let limits = try RenderCommand.limits(from: list)
        let outputs = [list[\.report].map { GoldenReport.index(in: $0) }, list[\.junit]].compactMap { $0 }
        if let folder = list[\.report] { try GoldenReport.refuseForeignFiles(in: folder) }
        var runs: [PresetRun] = []
        for path in presets {
            let run: PresetRun
            do {
                run = try PresetRun(path: path, list: list, limits: limits)
            } catch {
                runs.append(PresetRun(path: path, error: error))
                continue
            }
            // Nothing written may be a file a preset reads: the report, the XML, a reference.
            try OutputTarget.refuseInputs(
                run.inputs, outputs: outputs + (list[\.update] ? run.references : []))
            runs.append(run)
        }
        if FlipbookTool.checking {
            // The code a real run would end with at this point: 65 for a preset it cannot read.
            if let error = runs.compactMap(\.error).first { throw error }
            return
        }
        // A signal ends the run at once: each picture is written aside and renamed, so none is
        // left half-written, and the one being written is deleted.
        let interruption = Interruption(writesOneOutput: false)
        let trap = try SignalTrap(interruption)
        defer { withExtendedLifetime(trap) {} }
        interruption.attach { interruption.exitAtOnce() }
        var checks: [GoldenCheck] = []
        var frames: [Int: Pixmap] = [:]
        for run in runs {
            for (check, frame) in try run.checks(update: list[\.update], tolerance: list[\.tolerance]) {
                if let frame, !check.passed { frames[checks.count] = frame }
                checks.append(check)
            }
        }
        if let folder = list[\.report] { try GoldenReport(checks: checks, frames: frames).write(to: folder) }
        if let file = list[\.junit] {
            try GoldenOutputs.write(Data(JUnitReport(checks: checks).xml.utf8), to: file)
        }
        try verdict(checks, runs: runs, list: list)
    }

    /// Ends the run: the summary on stderr, or the failures as the error, a line each.
    private static func verdict(_ checks: [GoldenCheck], runs: [PresetRun], list: ArgumentList)
        throws(CommandError)
    {
        let frames = checks.filter { $0.frame != PresetRun.loading }.count
        let presets = "\(runs.count) preset\(runs.count == 1 ? "" : "s")"
        // A preset that cannot be read is its error's own line, which names it.
        let failures = checks.compactMap { check in
            check.failure.map {
                check.frame == PresetRun.loading ? $0 : "\(check.preset) at \(check.frame): \($0)"
            }
        }
        guard let first = failures.first else {
            if !list[\.quiet] {
                StandardStreams.err(
                    list[\.update]
                        ? "recorded \(frames) reference picture\(frames == 1 ? "" : "s") of \(presets)\n"
                        : "\(frames) frame\(frames == 1 ? "" : "s") of \(presets) match their references\n")
            }
            return
        }
        let unreadable = runs.compactMap(\.error)
        let failed = checks.filter { !$0.passed && $0.frame != PresetRun.loading }.count
        var summary = "\(failed) of \(frames) frames of \(presets) failed"
        if !unreadable.isEmpty { summary += "; \(unreadable.count) preset(s) could not be read" }
        throw CommandError(
            code: unreadable.map(\.code).max { $0.rawValue < $1.rawValue } ?? .differs, message: first,
            hint: list[\.report] == nil ? "--report DIR shows each failing frame beside its reference." : nil,
            details: Array(failures.dropFirst()) + [summary])
    }

    /// The preset files `arguments` name: files as given, folders as the `.json` files directly
    /// in them, in name order.
    static func presetFiles(_ arguments: [String]) throws(CommandError) -> [String] {
        guard !arguments.isEmpty else { throw .usage("test needs presets, or folders of them") }
        var files: [String] = []
        for argument in arguments {
            guard argument != PresetFile.standardInput.path else {
                throw .usage("test reads preset files, not standard input: its references lie beside them")
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                throw CommandError(code: .invalidInput, message: "\(argument): no such file or folder")
            }
            guard isFolder.boolValue else {
                files.append(argument)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
            let presets = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            guard !presets.isEmpty else {
                throw CommandError(
                    code: .invalidInput, message: "\(argument): the folder holds no .json presets")
            }
            let folder = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            files += presets.map { "\(folder)/\($0)" }
        }
        return files
    }
}
