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
        for assignment in list.values("--set") {
            guard let override = PresetOverride(assignment) else {
                throw .usage(
                    "--set expects KEY.PATH=VALUE with at most \(PresetOverride.maximumDepth) steps, "
                        + "e.g. parameters.count=300 (got \"\(assignment.prefix(80))\")")
            }
            overrides.append(override)
        }
        do {
            return try Preset.load(
                path: path, limits: limits, overrides: overrides, readableFolders: list.values("--allow-read")
            )
        } catch {
            var first = error
            first.others = []
            throw CommandError(
                code: .invalidInput,
                message: first.text(overrideLabel: "--set", limitHint: limitHint, readHint: readHint),
                details: error.others.map {
                    $0.text(overrideLabel: "--set", limitHint: limitHint, readHint: readHint)
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

    /// The memory budget: `--memory-limit`, else the machine's default (`MemoryBudget`),
    /// shared evenly by `renders` rendering at once (`batch --jobs`).
    static func memoryBudget(from list: ArgumentList, renders: Int = 1) throws(CommandError) -> MemoryBudget {
        var budget = try list.parsed("--memory-limit") { MemoryBudget(parsing: $0) } ?? .machineDefault
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
            let option = renders > 1 ? "--memory-limit shared by --jobs \(renders)" : "--memory-limit"
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
        let frameRate =
            try list.parsed("--fps") {
                FrameRate(parsing: $0)
            } ?? format.playableRate(preset.frameRate)
        let duration =
            try list.parsed("--duration") {
                Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            } ?? preset.durationSeconds
        let sampler: TimelineSampler
        switch limits.timeline(frameRate: frameRate, durationSeconds: duration) {
        case .success(let timeline): sampler = timeline
        case .failure(let problem):
            let hint = problem.limit.map { "; " + limitHint($0) } ?? ""
            throw CommandError(code: .invalidInput, message: "\(preset.file): \(problem)\(hint)")
        }
        let size = try list.parsed("--size", Self.parseSize)
        let scale = try list.parsed("--scale", Self.parseScale) ?? 1
        let (width, height) = (size?.width ?? preset.width, size?.height ?? preset.height)
        if let problem = limits.pixelProblem(width: width, height: height, scale: scale) {
            throw CommandError(code: .invalidInput, message: problem + "; " + limitHint("pixels"))
        }
        let background =
            try list.parsed("--background") {
                Color(parsing: $0)
            } ?? preset.background
        var output = try OutputFlags.apply(list, to: preset.output.retargeted(to: format))
        // The output's name says the container (`.mkv`); the format's own otherwise.
        output.container = container.flatMap { format.containers.contains($0) ? $0 : nil }
        var export = VideoExport(
            scene: preset.scene, sampler: sampler, width: width, height: height, background: background,
            output: output)
        export.scale = scale
        export.audio = try audio(preset: preset, format: format, list: list, seconds: duration)
        if let range = try ChunkRequest.range(list, totalFrames: sampler.frameCount) {
            // A chunk: its share of the frames, stamped; the sound is added when joining.
            if let flag = ["--audio", "--loudness", "--true-peak", "--no-limiter"].first(where: list.has) {
                throw .usage(
                    "\(flag) is applied when the chunks are joined: give it to flipbook join, not to a chunk")
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
        export.caching = !list.has("--no-cache")
        if let megabytes = try list.parsed(
            "--cache-size", { Int($0).flatMap { (1...65_536).contains($0) ? $0 : nil } })
        {
            export.cacheBytes = megabytes << 20
        }
        if let samples = try list.parsed(
            "--motion-blur", { Int($0).flatMap { MotionBlur.sampleRange.contains($0) ? $0 : nil } })
        {
            let angle =
                try list.parsed("--shutter-angle") {
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
            try list.parsed("--threads") {
                Int($0).flatMap { (1...256).contains($0) ? $0 : nil }
            } ?? defaultThreads
        export.renderThreads = threads
    }

    /// The range of `--scale`, pixels per point.
    static let scaleRange = 0.05...8.0

    /// A `--scale` value: a number such as `0.5`, or a fraction such as `2/3` (1920×1080 drawn at
    /// 1280×720), within `scaleRange`.
    static func parseScale(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let numerator = Double(parts[0]) else { return nil }
        let denominator = parts.count == 2 ? Double(parts[1]) : 1
        guard let denominator, denominator > 0 else { return nil }
        let scale = numerator / denominator
        return scale.isFinite && scaleRange.contains(scale) ? scale : nil
    }

    /// `1920x1080` → (1920, 1080); sides 16…8192, as in presets.
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            Preset.sizeRange.contains(width), Preset.sizeRange.contains(height)
        else { return nil }
        return (width, height)
    }
}
