import FlipbookAudio
import FlipbookCanvas
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookScenes
import FlipbookTimeline

extension Preset {
    /// `scene`, read by `SceneKind` before the scene's keys: it says which they are.
    static let scene = KeyDeclaration<Void, String>(
        "scene",
        ValueKind(
            schema: .object([
                (
                    "enum",
                    .array(SceneCatalog.entries.map { .string($0.name) } + [.string(Composition.sceneName)])
                )
            ]),
            type: "string"
        ) { (field, _) throws(PresetError) in try field.string() },
        default: "required, unless `layers`",
        doc:
            "`composition` for a preset made of layers ([compositions.md](compositions.md)), or a built-in scene: `confetti`, `starry-sky`, `pulsing-dots`, `wreath`, `hearts`, `badges`, `triangle`, `gradient-circle`, `spirograph`, `spirograph-morph`, `clock`, `chart` — each with its parameters in [scenes.md](scenes.md)"
    )

    /// `parameters`, read by the built-in scene's own reader (`SceneKind`); a composition has none.
    static let parameters = KeyDeclaration<Void, JSONField>(
        "parameters",
        ValueKind(schema: .object([("type", .string("object"))]), type: "object") {
            (field, _) throws(PresetError) in field
        }, default: .absent, doc: "the scene's parameters ([below](#parameters))")

    /// A preset's own keys; a composition adds its own (`CompositionSchema.topLevel`).
    static let keys = ObjectDeclaration<Void, Settings>(
        "preset",
        [
            .key(
                "$schema", .string, default: .absent,
                doc:
                    "accepted and ignored; point it at `../schema/preset.schema.json` (as the shipped presets do) so editors validate and complete"
            ) { (_, _, _, _) in },
            .apart(scene),
            .key(
                "width", \.width, .integer(sizeRange), default: .required,
                doc:
                    "canvas width in points (= pixels at scale 1), 16…8192; odd sizes are padded for 4:2:0 video"
            ),
            .key(
                "height", \.height, .integer(sizeRange), default: .required,
                doc: "canvas height in points, as `width`"),
            .key(
                "fps", \.frameRate, .frameRate, default: "`60`",
                doc: "`60`, `29.97` or `\"30000/1001\"`; at most 1000"),
            .key(
                "duration",
                ValueKind(schema: duration.schema, type: duration.typeText) { (field, _) in field },
                default: .required,
                doc:
                    "how long the video is, 0.001…86400 seconds: seconds (`8`, `\"8s\"`), milliseconds (`\"8000ms\"`) or frames at `fps` (`\"240f\"`); frames = ⌈duration × fps⌉"
            ) { (settings, field, _, _) throws(PresetError) in
                settings.duration = try duration.read(field, FrameRateTimes(frameRate: settings.rate))
            },
            .key(
                "seed", \.seed, .seed, default: "`0`",
                doc:
                    "random seed: 0…2⁵³ − 1 (JSON numbers are exact up to there), or 64-bit hex such as `\"0x5EED\"`"
            ),
            .key(
                "background", \.background, .color, default: "`\"black\"`",
                doc: "painted under every frame; a transparent one keeps alpha where the format can"),
            .key(
                "output", \.output, .object(EncodingOptions.keys, from: EncodingOptions()), default: .absent,
                doc: "how to encode ([below](#output))"),
            .apart(parameters),
            .key(
                "audio", \.audio,
                ValueKind(schema: AudioMix.keys.schema, type: "object") { (field, _) throws(PresetError) in
                    field
                },
                default: .absent, doc: "soundtracks, cues and the scene's event cues ([audio.md](audio.md))"),
            .key(
                "golden", \.golden, goldenKind, default: "the first, middle and last frames",
                doc:
                    "the times `flipbook test` compares with reference pictures, as a composition writes a moment: seconds (`1.5`, `\"1.5s\"`), `\"500ms\"`, frames (`\"36f\"`) or a marker plus or minus one of those (`\"drop+0.5\"`) — see [ship.md](ship.md#golden-frames)"
            ),
        ])
}

extension Preset {
    /// The video's length: a length of time at the preset's `fps`, which is read before it.
    private static var duration: ValueKind<FrameRateTimes, Double> { .span(in: durationRange) }
}

extension ValueKind where Value == FrameRate {
    /// A frame rate: a number (`60`, `29.97`) or a rational string (`"30000/1001"`), at most 1000.
    static var frameRate: ValueKind {
        ValueKind(
            schema: .object([
                (
                    "anyOf",
                    .array([
                        .object([
                            ("type", .string("number")), ("exclusiveMinimum", .integer(0)),
                            ("maximum", .integer(1000)),
                        ]),
                        .object([("type", .string("string")), ("pattern", .string("^[0-9]+(/[0-9]+)?$"))]),
                    ])
                )
            ]),
            type: "number or string"
        ) { (field, _) throws(PresetError) in try field.frameRate() }
    }
}
