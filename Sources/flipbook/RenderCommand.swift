import Flipbook
import Foundation

/// `flipbook render PRESET -o OUT.mp4 [options]`: a preset, with command-line overrides, to an
/// H.264 MP4.
struct RenderCommand {
    static let valueFlags = [
        "-o", "--output", "--threads", "--fps", "--size", "--duration", "--crf", "--preset", "--progress",
        "--limit", "--cache-size", "--motion-blur", "--shutter-angle",
    ]
    static let switches = ["-q", "--quiet", "-h", "--help", "--no-cache", "--explain"]

    let arguments: [String]

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
        let preset: Preset
        do {
            preset = try Preset.load(path: presetPath, limits: limits)
        } catch {
            throw CommandError(code: .invalidInput, message: error.description)
        }
        let export = try makeExport(preset: preset, list: list, limits: limits)
        reporter.started(
            RenderStart(
                input: presetPath, output: outputPath, frames: export.sampler.frameCount, width: export.width,
                height: export.height, frameRate: export.sampler.frameRate.description,
                durationSeconds: export.sampler.durationSeconds))
        if FileManager.default.fileExists(atPath: outputPath) {
            reporter.warning("replacing the existing \(outputPath) when the render completes")
        }

        // The trap goes up before any work starts, so no signal finds the default handler.
        let interruption = Interruption()
        let trap = SignalTrap { interruption.fire() }
        defer { withExtendedLifetime(trap) {} }
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
        do {
            let summary = try await task.value
            if explain { Explanation.summary(summary) }
            reporter.finished(output: outputPath, summary: summary)
        } catch is CancellationError {
            throw CommandError(code: .interrupted, message: "interrupted; \(outputPath) was not written")
        } catch let error as ExportError {
            switch error {
            case .outputNotWritable, .outOfSpace:
                throw CommandError(code: .outputNotWritable, message: error.description)
            case .invalidSettings:
                throw CommandError(code: .invalidInput, message: error.description)
            case .encodingFailed:
                throw CommandError(code: .failure, message: error.description)
            }
        } catch {
            throw CommandError(code: .failure, message: "\(error)")
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
    private func makeExport(preset: Preset, list: ArgumentList, limits: RenderLimits) throws(CommandError)
        -> VideoExport
    {
        let frameRate =
            try list.parsed("--fps", expected: "a frame rate such as 60 or 30000/1001") {
                FrameRate(parsing: $0)
            } ?? preset.frameRate
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
        if let size, size.width * size.height > limits.pixels {
            throw CommandError(
                code: .invalidInput,
                message: "--size \(size.width)x\(size.height) "
                    + RenderLimits.exceeded(
                        "pixels", limit: "\(limits.pixels)", got: "\(size.width * size.height)"))
        }
        var export = VideoExport(
            scene: preset.scene, sampler: sampler, width: size?.width ?? preset.width,
            height: size?.height ?? preset.height, background: preset.background)
        export.crf =
            try list.parsed("--crf", expected: "a number from 0 to 51") {
                Double($0).flatMap { (0...51).contains($0) ? $0 : nil }
            } ?? preset.crf
        export.preset =
            try list.parsed("--preset", expected: VideoEncoderSettings.presets.joined(separator: "|")) {
                VideoEncoderSettings.presets.contains($0) ? $0 : nil
            } ?? preset.encoderPreset
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
        if let threads = try list.parsed(
            "--threads", expected: "a whole number from 1 to 256",
            {
                Int($0).flatMap { (1...256).contains($0) ? $0 : nil }
            })
        {
            export.renderThreads = threads
            export.framesInFlight = 2 * threads + 2
        }
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
