import FlipbookPipeline
import FlipbookPresets

extension Preset {
    /// The video this preset describes, ready to `run(to:)`: its scene at its size, rate and
    /// length, its background, output settings and sound — what `flipbook render` makes of it
    /// without options. A program loads a preset (with overrides, as `--set` gives them),
    /// changes what it wants on the export, and renders:
    ///
    /// ```swift
    /// let preset = try Preset.load(path: "promo.json", overrides: [PresetOverride("variables.name=Ada")!])
    /// try await preset.export().run(to: URL(fileURLWithPath: "promo.mp4"))
    /// ```
    ///
    /// - Throws: a `PresetError` when the timeline is over `limits` (`flipbook render`'s own).
    public func export(limits: RenderLimits = RenderLimits()) throws(PresetError) -> VideoExport {
        let sampler: TimelineSampler
        switch limits.timeline(frameRate: frameRate, durationSeconds: durationSeconds) {
        case .success(let timeline): sampler = timeline
        case .failure(let problem):
            let key = problem.description.hasPrefix("the frame rate") ? "fps" : "duration"
            throw PresetError(
                file: file, location: nil, path: key, message: "\(problem)", limit: problem.limit)
        }
        var export = VideoExport(
            scene: scene, sampler: sampler, width: width, height: height, background: background,
            output: output)
        export.audio = audio
        export.segmentTimes = segmentTimes(duration: durationSeconds)
        return export
    }
}
