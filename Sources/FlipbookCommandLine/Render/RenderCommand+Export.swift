import Flipbook
import FlipbookFFmpeg
import FlipbookPipeline
import Foundation

extension RenderCommand {
    /// The preset at `path` with `extra` overrides (a variables table's row) and then every
    /// `--set key.path=value` applied, for the canvas of `--size` when given (a composition's
    /// overrides for its shape apply); what reading it warns about goes to `warnings`.
    ///
    /// A mistake in one of `extra` (a variables table's row) is told as `extraSource` says
    /// where it came from (`rows.csv, row de`); one in a `--set`, as `--set`.
    static func loadPreset(
        _ path: String, list: ArgumentList, limits: RenderLimits, extra: [PresetOverride] = [],
        extraSource: String? = nil, warnings: WarningSink
    ) throws(CommandError) -> Preset {
        let set = try Self.overrides(from: list)
        let overrides = extra + set
        do {
            return try warnings.receiving { () throws(PresetError) in
                try Preset.load(
                    path: path, limits: limits, overrides: overrides, readableFolders: list[\.allowRead],
                    size: list[\.size])
            }
        } catch {
            // An override's mistake is told as what made it: `--set`, or the table's row.
            // (A `--set` of the same key comes after the row's value, and is the one read.)
            let fromRow = extra.contains { $0.path == error.path } && !set.contains { $0.path == error.path }
            let label = extraSource.flatMap { fromRow ? $0 : nil } ?? OptionCatalog.declared.set.name
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

    /// Every `--set key.path=value`, in order.
    static func overrides(from list: ArgumentList) throws(CommandError) -> [PresetOverride] {
        var overrides: [PresetOverride] = []
        for assignment in list[\.set] {
            guard let override = PresetOverride(assignment) else {
                throw .usage(
                    "--set expects KEY.PATH=VALUE with at most \(PresetOverride.maximumDepth) steps, "
                        + "e.g. parameters.count=300 (got \"\(assignment.prefix(80))\")")
            }
            overrides.append(override)
        }
        return overrides
    }

    /// How the command line says to allow reads from `folder`.
    static func readHint(_ folder: String) -> String {
        "to read it, add its folder with --allow-read \(folder)"
    }

    /// How the command line says to raise the limit `name`.
    static func limitHint(_ name: String) -> String {
        "raise it with --limit \(name)=N"
    }

    /// Refuses (exit 65) a frame with a side over the `VideoEncoderSettings.maximumSide` pixels
    /// every encoder takes — a Lottie file may be 100 000 points wide — naming the preset and
    /// the scale that would fit, rather than leaving the encoder to blame `--size`.
    private static func refuseWideFrame(width: Int, height: Int, scale: Double, file: String)
        throws(CommandError)
    {
        let side = VideoEncoderSettings.maximumSide
        let pixels = (Int((Double(width) * scale).rounded()), Int((Double(height) * scale).rounded()))
        guard max(pixels.0, pixels.1) > side else { return }
        let fitting = (Double(side) / Double(max(width, height)) * 100).rounded(.down) / 100
        let canvas = scale == 1 ? "" : " (\(width)×\(height) at scale \(JSONField.format(scale)))"
        throw CommandError(
            code: .invalidInput,
            message:
                "\(file): a frame of \(pixels.0)×\(pixels.1) pixels\(canvas) is over the \(side) pixels a side "
                + "an encoder takes; "
                + (fitting >= 0.05
                    ? "render it at --scale \(JSONField.format(fitting)) or less" : "render a smaller --size")
        )
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

    /// The memory budget: `--memory-limit`, else the machine's default (`MemoryBudget`),
    /// shared evenly by `renders` rendering at once (`batch --jobs`).
    static func memoryBudget(from list: ArgumentList, renders: Int = 1) throws(CommandError) -> MemoryBudget {
        var budget = list[\.memoryLimit] ?? .machineDefault
        budget.bytes /= max(renders, 1)
        return budget
    }

    /// Refuses (exit 65) an export whose memory estimate is over the budget, naming the part of
    /// `file` that takes the most — before anything is drawn or written.
    static func checkMemory(_ export: VideoExport, file: String, list: ArgumentList, renders: Int = 1)
        throws(CommandError)
    {
        let budget = try memoryBudget(from: list, renders: renders)
        do {
            try budget.check(export, file: file)
        } catch {
            let options = OptionCatalog.declared
            let option =
                renders > 1
                ? "\(options.memoryLimit.name) shared by \(options.jobs.name) \(renders)"
                : options.memoryLimit.name
            let threads = export.memoryWorkers > 1 ? ", on fewer --threads" : ""
            throw CommandError(
                code: .invalidInput,
                message: error.text(option: option)
                    + "; render smaller (--size, --scale)\(threads), or raise --memory-limit")
        }
    }

    /// "about 612 MB of the 8 GiB memory budget": what `export` is estimated to take, for a
    /// check's report.
    static func memoryNote(_ export: VideoExport, list: ArgumentList, renders: Int = 1) throws(CommandError)
        -> String
    {
        let needed = export.memoryEstimate.bytes(workers: export.memoryWorkers)
        let budget = try memoryBudget(from: list, renders: renders)
        return
            "about \(MemoryEstimate.format(needed)) of the \(MemoryEstimate.format(budget.bytes)) memory budget"
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
        if let problem = limits.pixelProblem(width: width, height: height, scale: scale) {
            throw CommandError(code: .invalidInput, message: problem + "; " + limitHint("pixels"))
        }
        try refuseWideFrame(width: width, height: height, scale: scale, file: preset.file)
        let background = list[\.background] ?? preset.background
        var output = OutputFlags.apply(list, to: preset.output.retargeted(to: format))
        // The output's name says the container (`.mkv`); the format's own otherwise.
        output.container = container.flatMap { format.containers.contains($0) ? $0 : nil }
        var export = VideoExport(
            scene: preset.scene, sampler: sampler, width: width, height: height, background: background,
            output: output)
        export.scale = scale
        export.segmentTimes = preset.segmentTimes(duration: duration)
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
