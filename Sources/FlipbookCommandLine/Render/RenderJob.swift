import Flipbook
import Foundation

/// One render the command line set up, run to its output: a video or PNG sequence (which
/// stops part-way on a signal), or a still or contact sheet (drawn in one go: a signal ends
/// it at once, removing the temporary file).
struct RenderJob {
    let export: VideoExport
    let presetPath: String
    /// Where the output is written.
    let outputPath: String
    let captionsPath: String?
    /// `--explain`, unless its lines go into the JSON progress events.
    let explanation: Explanation?
    /// The `pixels` limit, which a contact sheet is held to as a whole.
    let maximumPixels: Int
    /// With `-o -`: where the finished output goes (`outputPath` is then a temporary file).
    var standardOutput: StandardOutput?
    /// With `--strict`: what makes each warning an error, stopping the render.
    var strict: StrictMode?
    /// With `--max-size`: the size the file must land in.
    var budget: SizeBudget?

    /// How messages name the preset.
    private var presetName: String { RenderCommand.subject(presetPath) }

    /// How messages name the output.
    private var shownPath: String { standardOutput == nil ? outputPath : StandardOutput.shownAs }

    func run(_ kind: RenderKind, reporter: any ProgressReporter, interruption: Interruption)
        async throws(CommandError)
    {
        let destination = URL(fileURLWithPath: outputPath)
        switch kind {
        case .contactSheet(let frames, let columns, let cellWidth):
            var sheet = ContactSheet(export: export, frames: frames, columns: columns, cellWidth: cellWidth)
            sheet.maximumPixels = maximumPixels
            interruption.attach { interruption.exitAtOnce() }
            let summary = try Self.exporting(shownPath) { try sheet.write(to: destination) }
            try standardOutput?.deliver()
            reporter.finished(output: shownPath, summary: summary)
        case .still(let seconds):
            interruption.attach { interruption.exitAtOnce() }
            let summary = try Self.exporting(shownPath) {
                try export.renderStill(at: seconds, to: destination)
            }
            try standardOutput?.deliver()
            reporter.finished(output: shownPath, summary: summary)
        case .video:
            try await runVideo(to: destination, reporter: reporter, interruption: interruption)
        }
    }

    private func runVideo(to destination: URL, reporter: any ProgressReporter, interruption: Interruption)
        async throws(CommandError)
    {
        reporter.started(RenderStart(export, input: presetPath, output: shownPath))
        let export = try Self.exporting(shownPath) { try self.export.measuringLoudness() }
        // A loudness target missed is a warning, and with --strict an error before a frame is drawn.
        if let failure = strict?.failure(about: nil, preset: presetName) { throw failure }
        if let stage = AudioStage(export) {
            reporter.audio(stage)
            explanation?.audio(stage)
        }
        // A file there, or at the end of a link there (a device or folder is refused instead).
        if export.output.format != .pngSequence, FileStatus(path: outputPath)?.isRegularFile == true {
            reporter.note("replacing the existing \(outputPath) when the render completes")
        }
        let explanation = explanation
        let progress: @Sendable (ExportProgress) -> Void = { progress in
            reporter.encoded(progress)
            explanation?.frame(progress.report)
        }
        let budget = budget
        let task = Task {
            guard let budget else {
                return try await export.run(
                    to: destination, progress: progress, rendered: { reporter.rendered(frame: $0) })
            }
            return try await export.run(
                to: destination, within: budget, note: { reporter.note($0) }, progress: progress)
        }
        interruption.attach { task.cancel() }
        strict?.stopOnWarning(about: nil) { task.cancel() }
        let summary: VideoExport.Summary
        do {
            summary = try await Self.exporting(shownPath) { try await task.value }
        } catch {
            // A warning with --strict stopped it: that is what went wrong, not an interruption.
            throw strict?.failure(about: nil, preset: presetName) ?? error
        }
        try standardOutput?.deliver()
        if let captionsPath {
            try Self.exporting(captionsPath) {
                try export.writeCaptions(to: URL(fileURLWithPath: captionsPath))
            }
        }
        explanation?.summary(summary)
        reporter.finished(output: shownPath, summary: summary)
    }

    /// Runs `body`, mapping its errors to exit codes.
    static func exporting<T>(_ outputPath: String, _ body: () async throws -> T) async throws(CommandError)
        -> T
    {
        do {
            return try await body()
        } catch {
            throw commandError(error, outputPath: outputPath)
        }
    }

    static func exporting<T>(_ outputPath: String, _ body: () throws -> T) throws(CommandError) -> T {
        do {
            return try body()
        } catch {
            throw commandError(error, outputPath: outputPath)
        }
    }

    /// `path`, a URL's absolute path, as the command line wrote it when it is the output:
    /// `cannot write out/a.mp4`, not `/home/me/project/out/a.mp4`.
    private static func shown(_ path: String, as outputPath: String) -> String {
        URL(fileURLWithPath: outputPath).path == path ? outputPath : path
    }

    private static func commandError(_ error: any Error, outputPath: String) -> CommandError {
        switch error {
        case let error as CommandError:
            return error
        case is CancellationError, ExportError.interrupted:
            return CommandError(
                code: .interrupted,
                message: "interrupted; \(outputPath) was not written (an older file there is untouched)")
        case ExportError.outputNotWritable(let path, let reason):
            return CommandError(
                code: .outputNotWritable,
                message: ExportError.outputNotWritable(path: shown(path, as: outputPath), reason: reason)
                    .description)
        case ExportError.outOfSpace(let path):
            return CommandError(
                code: .outputNotWritable,
                message: ExportError.outOfSpace(path: shown(path, as: outputPath)).description)
        case ExportError.invalidSettings(let media):
            // The library names the setting; the command line names its flag.
            let flag = media.setting.flatMap { OptionCatalog.option(setting: $0)?.name }
            return CommandError(code: .invalidInput, message: (flag.map { "\($0): " } ?? "") + "\(error)")
        default:
            return CommandError(code: .failure, message: "\(error)")
        }
    }
}
