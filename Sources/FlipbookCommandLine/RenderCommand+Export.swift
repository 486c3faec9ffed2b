import Flipbook
import FlipbookPipeline
import Foundation

extension RenderCommand {
    /// The preset at `path` with `extra` overrides (a variables table's row) and then every
    /// `--set key.path=value` applied.
    static func loadPreset(
        _ path: String, list: ArgumentList, limits: RenderLimits, extra: [PresetOverride] = []
    ) throws(CommandError) -> Preset {
        var overrides = extra
        for assignment in list[\.set] {
            guard let override = PresetOverride(assignment) else {
                throw .usage(
                    "--set expects KEY.PATH=VALUE with at most \(PresetOverride.maximumDepth) steps, "
                        + "e.g. parameters.count=300 (got \"\(assignment.prefix(80))\")")
            }
            overrides.append(override)
        }
        do {
            return try Preset.load(
                path: path, limits: limits, overrides: overrides, readableFolders: list[\.allowRead]
            )
        } catch {
            // An override's mistake is told as the option that made it: `--set parameters.count: …`.
            let label = OptionCatalog.declared.set.name
            var first = error
            first.others = []
            throw CommandError(
                code: .invalidInput,
                message: first.text(overrideLabel: label, limitHint: limitHint, readHint: readHint),
                details: error.others.map {
                    $0.text(overrideLabel: label, limitHint: limitHint, readHint: readHint)
                })
        }
    }

    /// How the command line says to allow reads from `folder`.
    static func readHint(_ folder: String) -> String {
        "to read it, add its folder with --allow-read \(folder)"
    }

    /// How the command line says to raise the limit `name`.
    static func limitHint(_ name: String) -> String {
        "raise it with --limit \(name)=N"
    }

    /// The default limits with every `--limit NAME=VALUE` applied.
    static func limits(from list: ArgumentList) throws(CommandError) -> RenderLimits {
        var limits = RenderLimits()
        for assignment in list[\.limit] {
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

    /// The export the preset describes, with the command line's overrides applied. The limits
    /// hold on the final values, by the same rule as the preset's own (`RenderLimits.timeline`).
    static func makeExport(
        preset: Preset, format: OutputFormat, container: Container? = nil, list: ArgumentList,
        limits: RenderLimits
    ) throws(CommandError) -> VideoExport {
        let frameRate = list[\.fps] ?? format.playableRate(preset.frameRate)
        let duration = list[\.duration] ?? preset.durationSeconds
        let sampler: TimelineSampler
        switch limits.timeline(frameRate: frameRate, durationSeconds: duration) {
        case .success(let timeline): sampler = timeline
        case .failure(let problem):
            let hint = problem.limit.map { "; " + limitHint($0) } ?? ""
            throw CommandError(code: .invalidInput, message: "\(preset.file): \(problem)\(hint)")
        }
        let size = list[\.size]
        let scale = list[\.scale] ?? 1
        let (width, height) = (size?.width ?? preset.width, size?.height ?? preset.height)
        let pixels = Int((Double(width) * scale).rounded()) * Int((Double(height) * scale).rounded())
        if pixels > limits.pixels {
            throw CommandError(
                code: .invalidInput,
                message: "\(width)x\(height) at scale \(scale) "
                    + RenderLimits.exceeded("pixels", limit: "\(limits.pixels)", got: "\(pixels)") + "; "
                    + limitHint("pixels"))
        }
        let background = list[\.background] ?? preset.background
        var output = OutputFlags.apply(list, to: preset.output.retargeted(to: format))
        // The output's name says the container (`.mkv`); the format's own otherwise.
        output.container = container.flatMap { format.containers.contains($0) ? $0 : nil }
        var export = VideoExport(
            scene: preset.scene, sampler: sampler, width: width, height: height, background: background,
            output: output)
        export.scale = scale
        export.audio = try audio(preset: preset, format: format, list: list, seconds: duration)
        if let range = try ChunkRequest.range(list, totalFrames: sampler.frameCount) {
            // A chunk: its share of the frames, stamped; the sound is added when joining.
            if let option = list.first(of: [\.audio, \.loudness, \.truePeak, \.noLimiter]) {
                throw .usage(
                    "\(option.name) is applied when the chunks are joined: give it to flipbook join, not to a chunk"
                )
            }
            export.sampler = sampler.restricted(to: range)
            export.output.metadata.chunk = ChunkRequest.stamp(
                range: range, totalFrames: sampler.frameCount, preset: preset, list: list)
            export.audio = nil
        }
        try applyRenderingFlags(list, to: &export)
        return export
    }

    /// The preset's sound and every `--audio FILE` (a soundtrack from the video's start),
    /// mixed; `nil` for a format without sound, which drops the preset's (`--audio` itself is
    /// refused there, by `OutputUse`).
    private static func audio(preset: Preset, format: OutputFormat, list: ArgumentList, seconds: Double)
        throws(CommandError) -> AudioMix?
    {
        guard AudioCodec.default(for: format) != nil else { return nil }
        var mix = preset.audio ?? AudioMix()
        mix = try AudioFlags.adding(list, to: mix, seconds: seconds)
        return mix.isEmpty ? nil : mix
    }

    /// `--no-cache`, `--cache-size`, `--motion-blur`, `--threads` and the fault rehearsal.
    private static func applyRenderingFlags(_ list: ArgumentList, to export: inout VideoExport)
        throws(CommandError)
    {
        export.caching = !list[\.noCache]
        if let megabytes = list[\.cacheSize] { export.cacheBytes = megabytes << 20 }
        if let samples = list[\.motionBlur] {
            export.motionBlur = MotionBlur(samples: samples, shutterAngle: list[\.shutterAngle])
        } else if list.has(\.shutterAngle) {
            throw .usage("--shutter-angle needs --motion-blur N")
        }
        // Lets scripts rehearse an encoder failure (exit 70); see docs/cli.md.
        export.failAtFrame = ProcessInfo.processInfo.environment["FLIPBOOK_FAIL_AT_FRAME"].flatMap { Int($0) }
        // With several workers, whichever reaches a repeated picture first draws it and the
        // other frame reuses it, so explanations would vary run to run; one worker draws in frame
        // order and explains the same way every time (the video is identical either way).
        export.renderThreads = list[\.threads] ?? (list[\.explain] ? 1 : export.renderThreads)
    }
}
