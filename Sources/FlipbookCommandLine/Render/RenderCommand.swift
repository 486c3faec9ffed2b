import Flipbook
import Foundation

/// `flipbook render PRESET -o OUT [options]`: a preset, with command-line overrides, to a video,
/// a PNG sequence or a still (the format from `--format` or the output's name).
///
/// Everything that can be checked is checked before a byte is written: the preset, every
/// option against the output's format, and that the output is none of the inputs. Missing
/// folders on the way to the output are created (and removed again if the render fails).
struct RenderCommand {
    let arguments: [String]
    /// `flipbook still`: the output must be a PNG or JPEG still.
    var stillOnly = false

    func run() async throws(CommandError) {
        let list = try ArgumentList(arguments, command: stillOnly ? .still : .render)
        if list[\.help] {
            StandardStreams.out(Help.text(for: stillOnly ? "still" : "render") + "\n")
            return
        }
        let command = stillOnly ? "still" : "render"
        let presetPath = try list.onePreset(for: command)
        let outputPath = try OutputTarget.path(list, missing: "\(command) needs an output file: -o OUT")
        if outputPath == StandardOutput.name { try StandardOutput.check(list) }
        let reporter = try Self.reporter(for: list)
        do {
            try await render(presetPath: presetPath, outputPath: outputPath, list: list, reporter: reporter)
        } catch {
            reporter.failed(error.fullMessage, exitCode: error.code)
            throw error
        }
    }

    /// The progress reporter that `--progress`/`--quiet` ask for: a bar when stderr is a
    /// terminal unless told otherwise.
    static func reporter(for list: ArgumentList) throws(CommandError) -> any ProgressReporter {
        let quiet = list[\.quiet]
        switch list[\.progress] ?? (isatty(STDERR_FILENO) == 1 ? .bar : .plain) {
        case .json: return JSONProgress(explains: list[\.explain])
        case .bar where !quiet: return ProgressBar()
        case .bar, .plain: return PlainProgress(quiet: quiet)
        }
    }

    private func render(
        presetPath: String, outputPath: String, list: ArgumentList, reporter: any ProgressReporter
    ) async throws(CommandError) {
        let limits = try Self.limits(from: list)
        // Library warnings (a missing font family, unseeded randomness) reach the user the way
        // the tool's own do: on stderr, or as JSON events with --progress json; with --strict,
        // each is an error instead. They name the preset, as validate's and batch's do.
        let strict = list[\.strict] ? StrictMode() : nil
        let warnings = strict?.sink ?? WarningSink { reporter.warning($0) }
        let preset = try Self.loadPreset(presetPath, list: list, limits: limits, warnings: warnings)
        // `flipbook still -o -` writes a PNG unless told otherwise: a still is one.
        let format =
            stillOnly && outputPath == StandardOutput.name && list[\.format] == nil
            ? .png : try OutputTarget.format(list, outputPath: outputPath)
        let kind = try RenderKind(list, format: format, stillOnly: stillOnly)
        try OutputUse.check(list, kind: kind, format: format)
        try Self.checkBudget(list, kind: kind, format: format)
        var export = try Self.makeExport(
            preset: preset, format: format, container: Container(path: outputPath), list: list, limits: limits
        )
        export.warnings = warnings
        let budget = try Self.budget(list, export: export, format: format, output: outputPath)
        try Self.checkMemory(export, file: preset.file, list: list)
        if case .still(let seconds) = kind, seconds > export.sampler.durationSeconds {
            throw CommandError(
                code: .invalidInput,
                message:
                    "--at \(JSONField.format(seconds)) is past the end of the \(JSONField.format(export.sampler.durationSeconds)) s video"
            )
        }
        let toStandardOutput = outputPath == StandardOutput.name
        if toStandardOutput { try StandardOutput.check(format) }
        let captions = list[\.captions] ? Self.captionsPath(for: outputPath) : nil
        try OutputTarget.refuseInputs(
            preset.inputFiles + list[\.audio],
            outputs: (toStandardOutput ? [] : [outputPath]) + (captions.map { [$0] } ?? []))
        if format == .pngSequence {
            try OutputTarget.refuseSequenceInputs(preset.inputFiles, destination: outputPath)
        }
        if !toStandardOutput { try OutputTarget.refuseUnwritable(outputPath) }
        // The frames drawing is checked at: a still's, a contact sheet's, or across the video.
        let checkedTimes = kind.checkedTimes(of: export)
        // --check's problems are warnings, found before the first frame (a dry run's too).
        try CheckCommand.warn(export, list: list, preset: presetPath)
        if list[\.dryRun] || FlipbookTool.checking {
            // The settings as the render checks them before its first frame.
            try RenderJob.exporting(outputPath) {
                try export.checkSettings(destination: URL(fileURLWithPath: outputPath), still: !kind.isVideo)
            }
            // The warnings drawing would give (not for the fuzzer's checks, which must be quick),
            // each an error with --strict.
            if let strict {
                try strict.check(export, subject: nil, preset: Self.subject(presetPath), at: checkedTimes)
            } else if !FlipbookTool.checking {
                export.checkDrawing(at: checkedTimes)
            }
            let pixels = export.pixelSize
            let size = "\(pixels.width)x\(pixels.height)"
            let content =
                switch kind {
                case .video: "\(size), \(export.sampler.frameCount) frames at \(export.sampler.frameRate) fps"
                case .still(let seconds): "\(size), the frame at \(JSONField.format(seconds)) s"
                case .contactSheet(let frames, let columns, let cellWidth):
                    "a contact sheet of \(frames) frames, \(columns) columns \(cellWidth) pixels wide"
                }
            reporter.note(
                "checked: would write \(toStandardOutput ? StandardOutput.shownAs : outputPath) (\(format), \(content), "
                    + "\(try Self.memoryNote(export, list: list)))")
            return
        }
        // With --strict, a warning found before the first frame stops the render before it starts.
        try strict?.check(export, subject: nil, preset: Self.subject(presetPath), at: checkedTimes)
        // The trap goes up before any file or folder exists, so that a script interrupting on
        // the "start" event never finds the default handler (which would leave them behind).
        // With -o -, the file is only a step: the output is the copy to standard output.
        let interruption = Interruption(writesOneOutput: !toStandardOutput)
        let trap = try SignalTrap(interruption)
        defer { withExtendedLifetime(trap) {} }
        StandardStreams.onFailure { interruption.fire() }
        let standardOutput = toStandardOutput ? try StandardOutput(format: format) : nil
        defer { standardOutput?.remove() }
        if case .video = kind { AllocatorTuning.avoidHugePages(encoding: [format]) }
        let created = toStandardOutput ? [] : try OutputTarget.createFolders(for: outputPath)
        if let folder = created.first { reporter.note("created the folder \(created.last ?? folder)") }
        do {
            let job = RenderJob(
                export: export, presetPath: presetPath, outputPath: standardOutput?.file ?? outputPath,
                captionsPath: captions,
                // With JSON progress the explanation is in the stream (`JSONProgress`).
                explanation: list[\.explain] && !(reporter is JSONProgress)
                    ? Explanation(toStandardError: toStandardOutput) : nil,
                maximumPixels: limits.pixels,
                standardOutput: standardOutput, strict: strict, budget: budget)
            try await job.run(kind, reporter: reporter, interruption: interruption)
        } catch {
            OutputTarget.removeFolders(created)
            throw error
        }
    }

    /// How warnings name the preset at `path` (`stdin` for standard input, as messages do).
    static func subject(_ path: String) -> String {
        path == PresetFile.standardInput.path ? PresetFile.standardInput.name : path
    }

    /// Where `--captions` writes the WebVTT sidecar: the output's name with `.vtt`.
    static func captionsPath(for outputPath: String) -> String {
        let url = URL(fileURLWithPath: outputPath)
        let base =
            OutputFormat(path: outputPath) == .pngSequence && !outputPath.contains("%")
            ? url : url.deletingPathExtension()
        let path = base.path.replacingOccurrences(of: "_%", with: "%")
        return String(path.split(separator: "%", omittingEmptySubsequences: false).first ?? "") + ".vtt"
    }
}
