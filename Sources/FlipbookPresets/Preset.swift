import FlipbookCanvas
import FlipbookComposition
import FlipbookJSON
import FlipbookMedia
import FlipbookScenes
import FlipbookTimeline
import Foundation

/// A render described in a JSON file: which scene, its parameters, and the video to make.
///
/// ```json
/// {
///   "scene": "confetti",
///   "width": 1920, "height": 1080, "fps": 60, "duration": 3,
///   "seed": 42, "background": "#101018",
///   "output": { "format": "h264", "crf": 18, "preset": "medium" },
///   "parameters": { "count": 200, "bursts": [{ "time": 0, "x": 960, "y": 540 }] }
/// }
/// ```
/// Decoding is strict: unknown keys, wrong types and out-of-range values are errors that name
/// the file, line, column and JSON path (`PresetError`). `"$schema"` is accepted and ignored.
public struct Preset: Sendable {
    /// The file the preset came from, as given (used in messages).
    public var file: String
    /// The JSON text it was decoded from, before any override: what a chunk's stamp hashes,
    /// so that the stamp is of the preset rendered even when it came from standard input or
    /// its file changed since.
    public var text = ""
    /// Whether it was read from standard input (`file` is then `stdin`, not a path).
    public var readFromStandardInput = false
    public var sceneName: String
    public var scene: any AnimatedScene
    public var width: Int
    public var height: Int
    public var frameRate: FrameRate
    public var durationSeconds: Double
    public var seed: UInt64
    public var background: Color
    /// How to encode: the `output` object's codec options. Its format is only a default: the
    /// command line's `--format` or output file name decides.
    public var output: EncodingOptions
    /// Every file the render reads: the preset, the images a composition draws, the sounds.
    public var inputFiles: [String] = []
    /// The sound (`audio`): soundtracks, cues and the scene's event cues; `nil` when silent.
    public var audio: AudioMix?

    public static let sizeRange = 16...VideoEncoderSettings.maximumSide
    public static let durationRange = 0.001...86_400.0

    /// Reads and decodes the preset at `path`, holding it to `limits`; the files it names may
    /// be read from its own folder, the working folder and `readableFolders` (`PresetFiles`).
    public static func load(
        path: String, limits: RenderLimits = RenderLimits(), overrides: [PresetOverride] = [],
        readableFolders: [String] = []
    ) throws(PresetError) -> Preset {
        let text = try PresetFile.text(at: path, limits: limits)
        // Standard input's relative paths (images, sounds) start in the current folder.
        let fromStandardInput = path == PresetFile.standardInput.path
        let file = fromStandardInput ? PresetFile.standardInput.name : path
        var preset = try decode(
            text, file: file, limits: limits, overrides: overrides, readableFolders: readableFolders)
        preset.readFromStandardInput = fromStandardInput
        return preset
    }

    /// Decodes a preset from JSON `text`, holding it to `limits`; `file` is named in messages,
    /// and the files the preset names are found from its folder (`PresetFiles`).
    public static func decode(
        _ text: String, file: String, limits: RenderLimits = RenderLimits(), overrides: [PresetOverride] = [],
        readableFolders: [String] = []
    ) throws(PresetError) -> Preset {
        let files = PresetFiles(preset: file, allowing: readableFolders)
        var root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw PresetError(
                file: file, location: error.location, path: "", message: "invalid JSON: \(error.message)")
        }
        for override in overrides { root = try override.apply(to: root, file: file) }
        var reader = try JSONField(value: root, path: "", file: file).object()
        _ = try reader.optional("$schema")?.string()
        // A composition is `"scene": "composition"`, or a preset with top-level `layers`.
        let isComposition = reader.field.has("layers")
        let sceneField = isComposition ? reader.optional("scene") : try reader.required("scene")
        let sceneName = try sceneField?.string() ?? Composition.sceneName
        if isComposition, sceneName != Composition.sceneName, let sceneField {
            throw sceneField.error(
                "a preset with \"layers\" is a composition: leave \"scene\" out or write \"composition\" (got \"\(sceneName)\")"
            )
        }
        let entry = SceneCatalog.entry(named: sceneName)
        if entry == nil, !isComposition, let sceneField {
            let known = SceneCatalog.entries.map(\.name) + [Composition.sceneName]
            let hint =
                DidYouMean.closest(to: sceneName, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            let message =
                sceneName == Composition.sceneName
                ? "a composition needs \"layers\" (docs/compositions.md)"
                : "unknown scene \"\(sceneName)\"\(hint) (known scenes: \(known.joined(separator: ", ")))"
            throw sceneField.error(message)
        }
        let widthField = try reader.required("width")
        let heightField = try reader.required("height")
        let width = try widthField.integer(in: sizeRange)
        let height = try heightField.integer(in: sizeRange)
        guard width * height <= limits.pixels else {
            throw widthField.error(
                "\(width)×\(height) "
                    + RenderLimits.exceeded("pixels", limit: "\(limits.pixels)", got: "\(width * height)")
            ).exceeding("pixels")
        }
        let frameRate = try reader.optional("fps").map { (field) throws(PresetError) in try field.frameRate()
        }
        let durationField = try reader.required("duration")
        let duration = try durationField.number(in: durationRange)
        let rate = frameRate ?? FrameRate(60)!
        if case .failure(let problem) = limits.timeline(frameRate: rate, durationSeconds: duration) {
            let error = durationField.error(problem.description)
            throw problem.limit.map(error.exceeding) ?? error
        }
        let seed = try reader.optional("seed")?.seed() ?? 0
        let background = try reader.optional("background")?.color() ?? .black
        var output = EncodingOptions()
        if let field = reader.optional("output") {
            output = try field.encodingOptions()
        }
        let audioField = reader.optional("audio")
        let context = SceneCatalog.DecodingContext(
            seed: seed, limits: limits.scene, sceneField: sceneField, canvasArea: Double(width * height))
        let scene: any AnimatedScene
        var inputFiles = [file]
        if let entry {
            scene = try entry.make(reader.optional("parameters"), context)
            try reader.finish()
        } else {
            // Every problem of a composition at once: its own and the preset's unknown keys.
            var problems = ProblemLog()
            let decoded = problems.attempt { () throws(PresetError) in
                try CompositionDecoder.decode(
                    &reader, file: file, files: files, frameRate: rate, duration: duration,
                    sceneContext: context)
            }
            for problem in reader.unknownKeys() { problems.record(problem) }
            try problems.finish()
            guard let decoded else { throw reader.field.error("the composition could not be read") }
            scene = decoded.composition
            inputFiles += decoded.inputFiles
        }
        var preset = Preset(
            file: file, sceneName: sceneName, scene: scene, width: width, height: height,
            frameRate: rate, durationSeconds: duration, seed: seed,
            background: background, output: output)
        // A composition's video clips play their own sound in the mix, and its layers theirs —
        // counted before they are made, as a loop may schedule a hundred thousand.
        let composition = scene as? Composition
        if let composition {
            let (count, passedAt) = composition.soundCount(duration: duration, limit: limits.sounds)
            if let passedAt {
                throw PresetError(
                    file: file, location: nil, path: passedAt,
                    message: "its layers' sounds, every loop counted, would play \(count) or more times: "
                        + RenderLimits.exceeded("sounds", limit: "\(limits.sounds)", got: "\(count) or more")
                ).exceeding("sounds")
            }
        }
        let sounds =
            (composition?.videoSoundTracks(duration: duration) ?? [])
            + (composition?.layerSoundTracks(duration: duration) ?? [])
        if let field = audioField {
            let mix = try field.audioMix(
                files: files, seconds: duration, events: scene.eventTimes(duration: duration),
                otherNames: Set(sounds.compactMap(\.name)))
            guard mix.tracks.count + sounds.count <= limits.sounds else {
                let count = mix.tracks.count + sounds.count
                throw field.error(
                    "its \(mix.tracks.count) tracks, cues and scene cues with the layers' \(sounds.count) sounds "
                        + RenderLimits.exceeded("sounds", limit: "\(limits.sounds)", got: "\(count)")
                ).exceeding("sounds")
            }
            preset.audio = mix
            inputFiles += mix.tracks.map(\.file)
        }
        if !sounds.isEmpty {
            var mix = preset.audio ?? AudioMix()
            mix.tracks += sounds
            preset.audio = mix
        }
        preset.inputFiles = inputFiles
        preset.text = text
        return preset
    }
}

extension JSONField {
    /// A frame rate: a number (`60`, `29.97`) or a rational string (`"30000/1001"`).
    func frameRate() throws(PresetError) -> FrameRate {
        let parsed: FrameRate?
        switch value.kind {
        case .number(let number):
            // The number's own text: "29.97" is 2997/100 exactly, whatever a Double makes of it
            // (a form FrameRate does not read, such as 6e1, goes through the number).
            parsed =
                value.literal.flatMap(FrameRate.init(parsing:))
                ?? FrameRate(parsing: JSONField.format(number))
        case .string(let text):
            parsed = FrameRate(parsing: text)
        default:
            parsed = nil
        }
        guard let parsed, parsed.framesPerSecond <= RenderLimits.maximumFramesPerSecond else {
            throw error(
                "must be frames per second as a number (60) or a fraction (\"30000/1001\"), at most 1000 (got \(value.summary))"
            )
        }
        return parsed
    }
}
