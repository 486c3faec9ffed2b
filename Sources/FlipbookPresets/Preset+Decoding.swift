import FlipbookAudio
import FlipbookCanvas
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookLottie
import FlipbookScenes
import FlipbookTimeline
import Foundation

extension Preset {
    /// Decodes a preset from JSON `text`, holding it to `limits`; `file` is named in messages,
    /// and the files the preset names are found from its folder (`PresetFiles`). `size`, when
    /// given, is the canvas it renders at instead of its own `width` and `height` (`--size`):
    /// a composition's `overrides` for that shape apply.
    ///
    /// The steps, each a function below: the JSON with its overrides applied (`--set`'s, then
    /// the composition's for the canvas's shape), the scene's kind,
    /// the preset's own keys (`Preset.keys`) held to the limits, the scene (a built-in one or a
    /// composition) with its keys, then the sound — the composition's layers' and clips' sounds, counted before they
    /// are made, and the preset's `audio`.
    public static func decode(
        _ text: String, file: String, limits: RenderLimits = RenderLimits(), overrides: [PresetOverride] = [],
        readableFolders: [String] = [], size: (width: Int, height: Int)? = nil
    ) throws(PresetError) -> Preset {
        let parsed = try parse(text, file: file)
        if LottieAnimation.isLottie(parsed) {
            return try lottie(
                parsed, text: text, file: file, limits: limits, overrides: overrides, size: size,
                files: PresetFiles(preset: file, allowing: readableFolders))
        }
        let files = PresetFiles(preset: file, allowing: readableFolders)
        var reader = try JSONField(
            value: try root(of: parsed, file: file, overrides: overrides, size: size), file: file
        )
        .object()
        let kind = try SceneKind(&reader)
        let settings = try settings(&reader, limits: limits)
        let context = SceneCatalog.DecodingContext(
            seed: settings.seed, limits: limits.scene, sceneField: kind.field,
            canvas: CGSize(width: Double(settings.width), height: Double(settings.height)))
        let (scene, sceneFiles) = try kind.decode(
            &reader, file: file, files: files, frameRate: settings.rate, duration: settings.duration,
            context: context)
        var preset = Preset(
            file: file, sceneName: kind.name, scene: scene, width: settings.width, height: settings.height,
            frameRate: settings.rate, durationSeconds: settings.duration, seed: settings.seed,
            background: settings.background, output: settings.output)
        if let size { (preset.width, preset.height) = size }
        preset.inputFiles = [file] + sceneFiles
        try preset.addSound(settings.audio, files: files, limits: limits)
        try preset.readGolden(settings.golden)
        preset.text = text
        return preset
    }

    /// The preset's own keys, every problem with them thrown at once; its size held to the
    /// `pixels` limit, its frame rate and duration to the timeline's.
    private static func settings(_ reader: inout JSONObjectReader, limits: RenderLimits) throws(PresetError)
        -> Settings
    {
        var settings = Settings()
        var problems = ProblemLog()
        let reading = keys.read(&reader, into: &settings, (), problems: &problems)
        try problems.finish()
        if let width = reading.fields["width"],
            let problem = limits.pixelProblem(width: settings.width, height: settings.height)
        {
            throw width.error(problem).exceeding("pixels")
        }
        if let duration = reading.fields["duration"],
            case .failure(let problem) = limits.timeline(
                frameRate: settings.rate, durationSeconds: settings.duration)
        {
            let error = duration.error(problem.description)
            throw problem.limit.map { error.exceeding($0) } ?? error
        }
        return settings
    }

    /// The document `text` parses to.
    static func parse(_ text: String, file: String) throws(PresetError) -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw PresetError(
                file: file, location: error.location, path: "", message: "invalid JSON: \(error.message)")
        }
    }

    /// The `parsed` document with `overrides` applied, and then — for a composition — its own
    /// overrides for the shape of a canvas of `size` (else of its `width` and `height`).
    private static func root(
        of parsed: JSONValue, file: String, overrides: [PresetOverride], size: (width: Int, height: Int)?
    ) throws(PresetError) -> JSONValue {
        var root = parsed
        for override in overrides { root = try override.apply(to: root, file: file) }
        guard JSONField(value: root, path: "", file: file).has("layers") else { return root }
        return try ShapeOverride.applying(to: root, canvas: canvas(of: root, size: size), file: file)
    }

    /// The canvas a preset renders on: `size`, else its own `width` and `height` when they are
    /// numbers (a wrong one is reported with the preset's keys).
    private static func canvas(of root: JSONValue, size: (width: Int, height: Int)?) -> CGSize? {
        if let size { return CGSize(width: size.width, height: size.height) }
        guard case .object(let members) = root.kind else { return nil }
        func number(_ key: String) -> Double? {
            guard case .number(let value)? = members.first(where: { $0.key == key })?.value.kind else {
                return nil
            }
            return value
        }
        guard let width = number("width"), let height = number("height") else { return nil }
        return CGSize(width: width, height: height)
    }

    /// Adds the sound: a composition's clips' and layers' sounds (every loop counted against the
    /// `sounds` limit before one is made, as a loop may schedule a hundred thousand), and the
    /// preset's own `audio`, whose files become inputs.
    private mutating func addSound(_ audioField: JSONField?, files: PresetFiles, limits: RenderLimits)
        throws(PresetError)
    {
        let composition = scene as? Composition
        if let composition {
            let (count, passedAt) = composition.soundCount(duration: durationSeconds, limit: limits.sounds)
            if let passedAt {
                throw PresetError(
                    file: file, location: nil, path: passedAt,
                    message: "its layers' sounds, every loop counted, would play \(count) or more times: "
                        + RenderLimits.exceeded("sounds", limit: "\(limits.sounds)", got: "\(count) or more")
                ).exceeding("sounds")
            }
        }
        let sounds =
            (composition?.videoSoundTracks(duration: durationSeconds) ?? [])
            + (composition?.layerSoundTracks(duration: durationSeconds) ?? [])
        if let field = audioField {
            let mix = try field.audioMix(
                files: files, seconds: durationSeconds, events: scene.eventTimes(duration: durationSeconds),
                frameRate: frameRate, markers: composition?.markers ?? [:],
                otherNames: Set(sounds.compactMap(\.name)))
            guard mix.tracks.count + sounds.count <= limits.sounds else {
                let count = mix.tracks.count + sounds.count
                throw field.error(
                    "its \(mix.tracks.count) tracks, cues and scene cues with the layers' \(sounds.count) sounds "
                        + RenderLimits.exceeded("sounds", limit: "\(limits.sounds)", got: "\(count)")
                ).exceeding("sounds")
            }
            audio = mix
            inputFiles += mix.tracks.map(\.file)
        }
        if !sounds.isEmpty {
            var mix = audio ?? AudioMix()
            mix.tracks += sounds
            audio = mix
        }
    }
}
