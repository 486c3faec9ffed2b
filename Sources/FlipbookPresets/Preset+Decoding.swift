import FlipbookAudio
import FlipbookCanvas
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookScenes
import FlipbookTimeline
import Foundation

extension Preset {
    /// Decodes a preset from JSON `text`, holding it to `limits`; `file` is named in messages,
    /// and the files the preset names are found from its folder (`PresetFiles`).
    ///
    /// The steps, each a function below: the JSON with its overrides applied, the scene (a
    /// built-in one or a composition), the frame and the timeline, the scene's own keys, then
    /// the sound — the composition's layers' and clips' sounds, counted before they are made,
    /// and the preset's `audio`.
    public static func decode(
        _ text: String, file: String, limits: RenderLimits = RenderLimits(), overrides: [PresetOverride] = [],
        readableFolders: [String] = []
    ) throws(PresetError) -> Preset {
        let files = PresetFiles(preset: file, allowing: readableFolders)
        var reader = try JSONField(
            value: try root(of: text, file: file, overrides: overrides), path: "", file: file
        )
        .object()
        _ = try reader.optional("$schema")?.string()
        let kind = try SceneKind(&reader)
        let (width, height) = try size(&reader, limits: limits)
        let (rate, duration) = try timeline(&reader, limits: limits)
        let seed = try reader.optional("seed")?.seed() ?? 0
        let background = try reader.optional("background")?.color() ?? .black
        let output = try reader.optional("output")?.encodingOptions() ?? EncodingOptions()
        let audioField = reader.optional("audio")
        let context = SceneCatalog.DecodingContext(
            seed: seed, limits: limits.scene, sceneField: kind.field, canvasArea: Double(width * height))
        let (scene, sceneFiles) = try kind.decode(
            &reader, file: file, files: files, frameRate: rate, duration: duration, context: context)
        var preset = Preset(
            file: file, sceneName: kind.name, scene: scene, width: width, height: height,
            frameRate: rate, durationSeconds: duration, seed: seed,
            background: background, output: output)
        preset.inputFiles = [file] + sceneFiles
        try preset.addSound(audioField, files: files, limits: limits)
        preset.text = text
        return preset
    }

    /// The document `text` parses to, with `overrides` applied.
    private static func root(of text: String, file: String, overrides: [PresetOverride]) throws(PresetError)
        -> JSONValue
    {
        var root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw PresetError(
                file: file, location: error.location, path: "", message: "invalid JSON: \(error.message)")
        }
        for override in overrides { root = try override.apply(to: root, file: file) }
        return root
    }

    /// `width` and `height`, within `sizeRange` and the `pixels` limit.
    private static func size(_ reader: inout JSONObjectReader, limits: RenderLimits) throws(PresetError)
        -> (Int, Int)
    {
        let widthField = try reader.required("width")
        let heightField = try reader.required("height")
        let width = try widthField.integer(in: sizeRange)
        let height = try heightField.integer(in: sizeRange)
        if let problem = limits.pixelProblem(width: width, height: height) {
            throw widthField.error(problem).exceeding("pixels")
        }
        return (width, height)
    }

    /// `fps` (60 when left out) and `duration`, held to the timeline's limits.
    private static func timeline(_ reader: inout JSONObjectReader, limits: RenderLimits) throws(PresetError)
        -> (FrameRate, Double)
    {
        let frameRate = try reader.optional("fps").map { (field) throws(PresetError) in try field.frameRate()
        }
        let durationField = try reader.required("duration")
        let duration = try durationField.number(in: durationRange)
        let rate = frameRate ?? FrameRate(60)!
        if case .failure(let problem) = limits.timeline(frameRate: rate, durationSeconds: duration) {
            let error = durationField.error(problem.description)
            throw problem.limit.map(error.exceeding) ?? error
        }
        return (rate, duration)
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
