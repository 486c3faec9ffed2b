import FlipbookAudio
import FlipbookCanvas
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
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
    /// The times `flipbook test` checks (`golden`); `nil` for the default frames (`goldenFrames`).
    package var golden: [GoldenFrame]?

    public static let sizeRange = 16...VideoEncoderSettings.maximumSide
    public static let durationRange = 0.001...86_400.0

    /// Reads and decodes the preset at `path`, holding it to `limits`; the files it names may
    /// be read from its own folder, the working folder and `readableFolders` (`PresetFiles`).
    /// `size` renders it on a canvas of that size, with a composition's overrides for that
    /// shape (`--size`).
    public static func load(
        path: String, limits: RenderLimits = RenderLimits(), overrides: [PresetOverride] = [],
        readableFolders: [String] = [], size: (width: Int, height: Int)? = nil
    ) throws(PresetError) -> Preset {
        let contents = try PresetFile.contents(at: path, limits: limits)
        // Standard input's relative paths (images, sounds) start in the current folder.
        let fromStandardInput = path == PresetFile.standardInput.path
        let file = fromStandardInput ? PresetFile.standardInput.name : path
        var preset: Preset
        switch contents {
        case .text(let text):
            preset = try decode(
                text, file: file, limits: limits, overrides: overrides, readableFolders: readableFolders,
                size: size)
        case .archive(let bytes):
            preset = try dotLottie(
                bytes, file: file, limits: limits, overrides: overrides,
                files: PresetFiles(preset: file, allowing: readableFolders), size: size)
        }
        preset.readFromStandardInput = fromStandardInput
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
