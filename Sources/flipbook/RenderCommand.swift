import Flipbook
import Foundation

/// `flipbook render PRESET -o OUT [options]`: a preset, with command-line overrides, to a video,
/// a PNG sequence or a still (the format from `--format` or the output's name).
struct RenderCommand {
    static let valueFlags =
        [
            "-o", "--output", "--threads", "--fps", "--size", "--duration", "--progress", "--limit",
            "--cache-size", "--motion-blur", "--shutter-angle", "--at", "--contact-sheet", "--columns",
            "--cell-width", "--set",
        ] + OutputFlags.valueFlags
    static let switches = ["-q", "--quiet", "-h", "--help", "--no-cache", "--explain", "--captions"]

    let arguments: [String]
    /// `flipbook still`: the output must be a PNG or JPEG still.
    var stillOnly = false

    func run() async throws(CommandError) {
        let list = try ArgumentList(arguments, valueFlags: Self.valueFlags, switches: Self.switches)
        if list.has("--help") || list.has("-h") {
            print(Help.render)
            return
        }
        guard list.positionals.count == 1, let presetPath = list.positionals.first else {
            throw .usage(
                list.positionals.isEmpty
                    ? "render needs a preset file"
                    : "render takes one preset file (got \(list.positionals.count))")
        }
        guard let outputPath = list.value("--output") ?? list.value("-o") else {
            throw .usage("render needs an output file: -o OUT.mp4")
        }
        let reporter = try Self.reporter(for: list)
        do {
            try await render(presetPath: presetPath, outputPath: outputPath, list: list, reporter: reporter)
        } catch {
            reporter.failed(error.message, exitCode: error.code)
            throw error
        }
    }

    /// The progress reporter that `--progress`/`--quiet` ask for: a bar when stderr is a
    /// terminal unless told otherwise.
    static func reporter(for list: ArgumentList) throws(CommandError) -> any ProgressReporter {
        let quiet = list.has("--quiet") || list.has("-q")
        let mode = list.value("--progress") ?? (isatty(STDERR_FILENO) == 1 ? "bar" : "none")
        switch mode {
        case "json": return JSONProgress()
        case "bar" where !quiet: return ProgressBar()
        case "bar", "none": return PlainProgress(quiet: quiet)
        default: throw .usage("--progress expects bar, json or none (got \"\(mode)\")")
        }
    }

    private func render(
        presetPath: String, outputPath: String, list: ArgumentList, reporter: any ProgressReporter
    ) async throws(CommandError) {
        let limits = try Self.limits(from: list)
        let preset = try Self.loadPreset(presetPath, list: list, limits: limits)
        let format = try OutputFlags.format(list, outputPath: outputPath)
        if stillOnly, !format.isStill {
            throw .usage("still writes a PNG or JPEG: use -o NAME.png or NAME.jpg (got \(outputPath))")
        }
        let export = try Self.makeExport(preset: preset, format: format, list: list, limits: limits)
        // The trap goes up before any work starts or is reported, so that a script interrupting
        // on the "started" event never finds the default handler (which would leave the
        // temporary file behind).
        let interruption = Interruption()
        let trap = try SignalTrap { interruption.fire() }
        defer { withExtendedLifetime(trap) {} }
        if let frames = try list.parsed(
            "--contact-sheet", expected: "how many frames the sheet shows, 1 to 1000",
            { Int($0).flatMap { (1...1000).contains($0) ? $0 : nil } })
        {
            guard format == .png else { throw .usage("--contact-sheet writes a PNG: use -o NAME.png") }
            let columns =
                try list.parsed("--columns", expected: "1 to 100") {
                    Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
                } ?? 4
            let cellWidth =
                try list.parsed("--cell-width", expected: "pixels, 16 to 4096") {
                    Int($0).flatMap { (16...4096).contains($0) ? $0 : nil }
                } ?? 320
            let sheet = ContactSheet(export: export, frames: frames, columns: columns, cellWidth: cellWidth)
            // Drawn in one go, without a way to stop it part-way: a signal ends it at once.
            interruption.attach { SignalTrap.exitAtOnce() }
            let summary = try Self.exporting(outputPath) {
                try sheet.write(to: URL(fileURLWithPath: outputPath))
            }
            reporter.finished(output: outputPath, summary: summary)
            return
        }
        if format.isStill {
            interruption.attach { SignalTrap.exitAtOnce() }
            let seconds =
                try list.parsed("--at", expected: "seconds from the start, e.g. 1.5") {
                    Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
                } ?? 0
            let summary = try Self.exporting(outputPath) {
                try export.renderStill(at: seconds, to: URL(fileURLWithPath: outputPath))
            }
            reporter.finished(output: outputPath, summary: summary)
            return
        }
        reporter.started(
            RenderStart(
                input: presetPath, output: outputPath, frames: export.sampler.frameCount, width: export.width,
                height: export.height, frameRate: export.sampler.frameRate.description,
                durationSeconds: export.sampler.durationSeconds))
        if FileManager.default.fileExists(atPath: outputPath) {
            reporter.warning("replacing the existing \(outputPath) when the render completes")
        }

        let destination = URL(fileURLWithPath: outputPath)
        let explain = list.has("--explain")
        let task = Task {
            try await export.run(
                to: destination,
                progress: { progress in
                    reporter.encoded(progress)
                    if explain { Explanation.frame(progress.report) }
                }, rendered: { reporter.rendered(frame: $0) })
        }
        interruption.attach { task.cancel() }
        let summary = try await Self.exporting(outputPath) { try await task.value }
        if list.has("--captions") {
            let captions = Self.captionsPath(for: outputPath)
            try Self.exporting(captions) { try export.writeCaptions(to: URL(fileURLWithPath: captions)) }
        }
        if explain { Explanation.summary(summary) }
        reporter.finished(output: outputPath, summary: summary)
    }

    /// Where `--captions` writes the WebVTT sidecar: the output's name with `.vtt`.
    static func captionsPath(for outputPath: String) -> String {
        let url = URL(fileURLWithPath: outputPath)
        let base =
            OutputFormat(path: outputPath) == .pngSequence && !outputPath.contains("%")
            ? url : url.deletingPathExtension()
        return base.path.replacingOccurrences(of: "_%", with: "%").components(separatedBy: "%").first!
            + ".vtt"
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

    private static func commandError(_ error: any Error, outputPath: String) -> CommandError {
        switch error {
        case is CancellationError:
            return CommandError(code: .interrupted, message: "interrupted; \(outputPath) was not written")
        case ExportError.outputNotWritable, ExportError.outOfSpace:
            return CommandError(code: .outputNotWritable, message: "\(error)")
        case ExportError.invalidSettings:
            return CommandError(code: .invalidInput, message: "\(error)")
        default:
            return CommandError(code: .failure, message: "\(error)")
        }
    }

    /// The preset at `path` with every `--set key.path=value` applied.
    static func loadPreset(_ path: String, list: ArgumentList, limits: RenderLimits) throws(CommandError)
        -> Preset
    {
        var overrides: [PresetOverride] = []
        for assignment in list.values("--set") {
            guard let override = PresetOverride(assignment) else {
                throw .usage(
                    "--set expects KEY.PATH=VALUE, e.g. parameters.count=300 (got \"\(assignment)\")")
            }
            overrides.append(override)
        }
        do {
            return try Preset.load(path: path, limits: limits, overrides: overrides)
        } catch {
            throw CommandError(code: .invalidInput, message: error.description)
        }
    }

    /// The default limits with every `--limit NAME=VALUE` applied.
    static func limits(from list: ArgumentList) throws(CommandError) -> RenderLimits {
        var limits = RenderLimits()
        for assignment in list.values("--limit") {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, limits.set(parts[0], to: parts[1]) else {
                let names = RenderLimits.names.map(\.name).joined(separator: ", ")
                throw .usage(
                    "--limit expects NAME=VALUE with NAME one of \(names) and a positive VALUE (got \"\(assignment)\")"
                )
            }
        }
        return limits
    }

    /// The export the preset describes, with the command line's overrides applied.
    static func makeExport(preset: Preset, format: OutputFormat, list: ArgumentList, limits: RenderLimits)
        throws(CommandError) -> VideoExport
    {
        let frameRate =
            try list.parsed("--fps", expected: "a frame rate such as 60 or 30000/1001") {
                FrameRate(parsing: $0)
            } ?? OutputFlags.playableRate(preset.frameRate, for: format)
        let size = try list.parsed("--size", expected: "WIDTHxHEIGHT such as 1280x720", Self.parseSize)
        let duration =
            try list.parsed("--duration", expected: "seconds, a positive number") {
                Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            } ?? preset.durationSeconds
        guard duration <= limits.duration else {
            throw CommandError(
                code: .invalidInput,
                message: "--duration "
                    + RenderLimits.exceeded("duration", limit: "\(limits.duration)", got: "\(duration)"))
        }
        guard let sampler = TimelineSampler(frameRate: frameRate, durationSeconds: duration),
            sampler.frameCount <= limits.frames
        else {
            let frames = Int((duration * frameRate.framesPerSecond).rounded(.up))
            throw CommandError(
                code: .invalidInput,
                message: "\(duration) s at \(frameRate) fps "
                    + RenderLimits.exceeded("frames", limit: "\(limits.frames)", got: "\(frames)"))
        }
        let scale =
            try list.parsed("--scale", expected: "pixels per point, from 0.05 to 8, e.g. 0.5") {
                Double($0).flatMap { (0.05...8).contains($0) ? $0 : nil }
            } ?? 1
        let (width, height) = (size?.width ?? preset.width, size?.height ?? preset.height)
        let pixels = Int((Double(width) * scale).rounded()) * Int((Double(height) * scale).rounded())
        if pixels > limits.pixels {
            throw CommandError(
                code: .invalidInput,
                message: "\(width)x\(height) at scale \(scale) "
                    + RenderLimits.exceeded("pixels", limit: "\(limits.pixels)", got: "\(pixels)"))
        }
        let background =
            try list.parsed("--background", expected: "a colour name or #RRGGBB[AA], e.g. clear or #101018") {
                Color(parsing: $0)
            } ?? preset.background
        let output = preset.output.retargeted(to: format)
        var export = VideoExport(
            scene: preset.scene, sampler: sampler, width: width, height: height, background: background,
            output: try OutputFlags.apply(list, to: output))
        export.scale = scale
        export.caching = !list.has("--no-cache")
        if let megabytes = try list.parsed(
            "--cache-size", expected: "megabytes, a whole number from 1 to 65536",
            {
                Int($0).flatMap { (1...65_536).contains($0) ? $0 : nil }
            })
        {
            export.cacheBytes = megabytes << 20
        }
        if let samples = try list.parsed(
            "--motion-blur", expected: "sub-frames per frame, 2 to 256",
            {
                Int($0).flatMap { MotionBlur.sampleRange.contains($0) ? $0 : nil }
            })
        {
            let angle =
                try list.parsed("--shutter-angle", expected: "degrees, 1 to 360") {
                    Double($0).flatMap { (1...360).contains($0) ? $0 : nil }
                } ?? 180
            export.motionBlur = MotionBlur(samples: samples, shutterAngle: angle)
        } else if list.has("--shutter-angle") {
            throw .usage("--shutter-angle needs --motion-blur N")
        }
        // Lets scripts rehearse an encoder failure (exit 70); see docs/cli.md.
        export.failAtFrame = ProcessInfo.processInfo.environment["FLIPBOOK_FAIL_AT_FRAME"].flatMap { Int($0) }
        // With several workers, whichever reaches a repeated picture first draws it and the
        // other frame reuses it, so explanations would vary run to run; one worker draws in frame
        // order and explains the same way every time (the video is identical either way).
        let defaultThreads = list.has("--explain") ? 1 : export.renderThreads
        let threads =
            try list.parsed("--threads", expected: "a whole number from 1 to 256") {
                Int($0).flatMap { (1...256).contains($0) ? $0 : nil }
            } ?? defaultThreads
        export.renderThreads = threads
        export.framesInFlight = 2 * threads + 2
        return export
    }

    /// `1920x1080` → (1920, 1080); sides 16…8192.
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (16...8192).contains(width), (16...8192).contains(height)
        else { return nil }
        return (width, height)
    }
}
