import Flipbook
import Foundation

/// `flipbook render PRESET -o OUT.mp4 [options]`: a preset, with command-line overrides, to an
/// H.264 MP4.
struct RenderCommand {
    static let valueFlags = [
        "-o", "--output", "--threads", "--fps", "--size", "--duration", "--crf", "--preset", "--progress",
    ]
    static let switches = ["-q", "--quiet", "-h", "--help"]

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
        let quiet = list.has("--quiet") || list.has("-q")
        let progressMode = list.value("--progress") ?? (isatty(STDERR_FILENO) == 1 ? "bar" : "none")
        guard ["bar", "none"].contains(progressMode) else {
            throw .usage("--progress expects bar or none (got \"\(progressMode)\")")
        }

        let preset: Preset
        do {
            preset = try Preset.load(path: presetPath)
        } catch {
            throw CommandError(code: .invalidInput, message: error.description)
        }
        let export = try makeExport(preset: preset, list: list)

        let bar = quiet || progressMode == "none" ? nil : ProgressBar()
        let destination = URL(fileURLWithPath: outputPath)
        // The trap goes up before any work starts, so no signal finds the default handler.
        let interruption = Interruption()
        let trap = SignalTrap { interruption.fire() }
        defer { withExtendedLifetime(trap) {} }
        let task = Task {
            try await export.run(to: destination) { bar?.update($0) }
        }
        interruption.attach { task.cancel() }
        do {
            let summary = try await task.value
            if !quiet {
                let message = String(
                    format: "wrote %@: %d frames, %.3f s of video, %.1f MB in %.1f s (%.1f fps)\n",
                    outputPath, summary.frameCount, export.sampler.durationSeconds,
                    Double(summary.bytes) / 1e6, summary.elapsedSeconds,
                    Double(summary.frameCount) / max(summary.elapsedSeconds, 1e-9))
                FileHandle.standardError.write(Data(message.utf8))
            }
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

    /// The export the preset describes, with the command line's overrides applied.
    private func makeExport(preset: Preset, list: ArgumentList) throws(CommandError) -> VideoExport {
        let frameRate =
            try list.parsed("--fps", expected: "a frame rate such as 60 or 30000/1001") {
                FrameRate(parsing: $0)
            } ?? preset.frameRate
        let size = try list.parsed("--size", expected: "WIDTHxHEIGHT such as 1280x720", Self.parseSize)
        let duration =
            try list.parsed("--duration", expected: "seconds, a positive number") {
                Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            } ?? preset.durationSeconds
        guard let sampler = TimelineSampler(frameRate: frameRate, durationSeconds: duration) else {
            throw .usage(
                "\(duration) s at \(frameRate) fps is more than \(TimelineSampler.maximumFrameCount) frames")
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
