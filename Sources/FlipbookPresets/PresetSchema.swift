import FlipbookAudio
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookPalette
import FlipbookScenes

/// The JSON Schema (draft 2020-12) of preset files, generated: each scene's `parameters` schema
/// comes from the same reader that decodes it (`SceneCatalog.Entry.schema`), and the top level
/// and `output` object list exactly the keys and ranges `Preset.decode` checks. The committed
/// `schema/preset.schema.json` must equal `PresetSchema.text` (a test says so); `flipbook
/// schema` prints it.
package enum PresetSchema {
    package static let identifier = "https://flipbook.invalid/preset.schema.json"

    /// The schema as a JSON document.
    package static var document: JSONOutput {
        let scenes = SceneCatalog.entries
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string(identifier)),
            ("title", .string("Flipbook preset")),
            ("description", .string("A scene, its parameters and the video to render (docs/presets.md).")),
            ("type", .string("object")),
            (
                "required",
                .array([.string("width"), .string("height"), .string("duration")])
            ),
            // A built-in scene, or a composition (`layers`; docs/compositions.md).
            (
                "anyOf",
                .array([
                    .object([("required", .array([.string("scene")]))]),
                    .object([("required", .array([.string("layers")]))]),
                ])
            ),
            ("additionalProperties", .bool(false)),
            ("properties", .object(topLevel(scenes) + CompositionSchema.topLevel)),
            (
                "allOf",
                .array(
                    scenes.map { entry in
                        .object([
                            (
                                "if",
                                .object([
                                    (
                                        "properties",
                                        .object([("scene", .object([("const", .string(entry.name))]))])
                                    )
                                ])
                            ),
                            ("then", .object([("properties", .object([("parameters", entry.schema)]))])),
                        ])
                    })
            ),
            ("$defs", .object(CompositionSchema.definitions)),
        ])
    }

    /// The schema's text, as committed.
    package static var text: String { document.text() + "\n" }

    private static func topLevel(_ scenes: [SceneCatalog.Entry]) -> [(String, JSONOutput)] {
        [
            ("$schema", .object([("type", .string("string"))])),
            (
                "scene",
                .object([
                    (
                        "description",
                        .string("the built-in scene, or \"composition\" for a preset with layers")
                    ),
                    ("enum", .array(scenes.map { .string($0.name) } + [.string(Composition.sceneName)])),
                ])
            ),
            ("width", integer("canvas width in points", Preset.sizeRange)),
            ("height", integer("canvas height in points", Preset.sizeRange)),
            (
                "fps",
                .object([
                    (
                        "description",
                        .string("frames per second: a number or a rational string such as \"30000/1001\"")
                    ),
                    (
                        "anyOf",
                        .array([
                            .object([
                                ("type", .string("number")), ("exclusiveMinimum", .integer(0)),
                                ("maximum", .integer(1000)),
                            ]),
                            .object([("type", .string("string")), ("pattern", .string("^[0-9]+(/[0-9]+)?$"))]
                            ),
                        ])
                    ),
                ])
            ),
            (
                "duration",
                .object([
                    ("description", .string("seconds")), ("type", .string("number")),
                    ("minimum", .number(Preset.durationRange.lowerBound)),
                    ("maximum", .number(Preset.durationRange.upperBound)),
                ])
            ),
            ("seed", JSONField.seedSchema),
            (
                "background",
                .object([("description", .string("painted under every frame"))] + SchemaRecorder.colorSchema)
            ),
            ("output", output),
            ("parameters", .object([("type", .string("object"))])),
            ("audio", audio),
        ]
    }

    /// The `audio` object (docs/audio.md).
    private static var audio: JSONOutput {
        let number = JSONOutput.object([("type", .string("number")), ("minimum", .integer(0))])
        let volume = JSONField.volumeSchema
        let file = JSONOutput.object([
            (
                "description",
                .string("a sound file (WAV, MP3, AAC/M4A, FLAC, Ogg/Opus, …), relative to the preset")
            ),
            ("type", .string("string")),
        ])
        func object(_ required: [String], _ properties: [(String, JSONOutput)]) -> JSONOutput {
            .object([
                ("type", .string("object")), ("required", .array(required.map { .string($0) })),
                ("additionalProperties", .bool(false)), ("properties", .object(properties)),
            ])
        }
        let name = JSONOutput.object([
            ("description", .string("what other tracks' duck.under call this sound")),
            ("type", .string("string")), ("minLength", .integer(1)), ("maxLength", .integer(64)),
        ])
        let seconds = JSONOutput.object([
            ("type", .string("number")), ("minimum", .number(Ducking.timeRange.lowerBound)),
            ("maximum", .number(Ducking.timeRange.upperBound)),
        ])
        let duck = JSONOutput.object([
            (
                "description",
                .string(
                    "turn this track down while other sounds play (true: under every sound that does not duck)"
                )
            ),
            (
                "oneOf",
                .array([
                    .object([("const", .bool(true))]),
                    object(
                        [],
                        [
                            (
                                "under",
                                .object([
                                    ("type", .string("array")), ("minItems", .integer(1)),
                                    ("items", .object([("type", .string("string"))])),
                                ])
                            ),
                            ("by", volume), ("attack", seconds), ("hold", seconds), ("release", seconds),
                            (
                                "threshold",
                                range(
                                    "dBFS RMS above which the other sounds count as playing",
                                    Ducking.thresholdRange)
                            ),
                        ]),
                ])
            ),
        ])
        let volumeKeyframes = JSONOutput.object([
            ("type", .string("array")), ("minItems", .integer(1)),
            ("items", object(["t", "value"], [("t", number), ("value", volume)])),
        ])
        let track = object(
            ["file"],
            [
                ("file", file), ("offset", number), ("start", number), ("duration", number),
                ("volume", .object([("anyOf", .array([volume, volumeKeyframes]))])),
                ("fadeIn", number), ("fadeOut", number), ("loop", .object([("type", .string("boolean"))])),
                ("name", name), ("duck", duck),
            ])
        let cue = object(["t", "file"], [("t", number), ("file", file), ("volume", volume), ("name", name)])
        let sceneCue = object(["file"], [("file", file), ("volume", volume)])
        return .object([
            ("description", .string("soundtracks, cues and the scene's event cues (docs/audio.md)")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    ("tracks", .object([("type", .string("array")), ("items", track)])),
                    ("cues", .object([("type", .string("array")), ("items", cue)])),
                    ("sceneCues", sceneCue),
                    ("title", .object([("type", .string("string"))])),
                    (
                        "loudness",
                        range(
                            "the integrated loudness (LUFS, EBU R 128) the mix is brought to by one gain",
                            LoudnessTarget.integratedRange)
                    ),
                    (
                        "truePeak",
                        range(
                            "the true peak (dBTP) that gain may not lift the mix above (default -1)",
                            LoudnessTarget.truePeakRange)
                    ),
                    (
                        "limiter",
                        .object([
                            (
                                "description",
                                .string(
                                    "limit the peaks that would pass truePeak, so the loudness is reached (default true); false: stop the gain short instead"
                                )
                            ),
                            ("type", .string("boolean")),
                        ])
                    ),
                ])
            ),
        ])
    }

    private static func range(_ doc: String, _ range: ClosedRange<Double>) -> JSONOutput {
        .object([
            ("description", .string(doc)), ("type", .string("number")),
            ("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound)),
        ])
    }

    private static func integer(_ doc: String, _ range: ClosedRange<Int>) -> JSONOutput {
        .object([
            ("description", .string(doc)), ("type", .string("integer")),
            ("minimum", .integer(range.lowerBound)),
            ("maximum", .integer(range.upperBound)),
        ])
    }

    /// A whole number within `range`, without a description of its own.
    private static func integer(_ range: ClosedRange<Int>) -> JSONOutput {
        .object([
            ("type", .string("integer")), ("minimum", .integer(range.lowerBound)),
            ("maximum", .integer(range.upperBound)),
        ])
    }

    private static var output: JSONOutput {
        let formats = OutputFormat.allCases.filter { !$0.isStill }
        let pixelFormats = Array(Set(formats.flatMap(\.pixelFormats))).sorted()
        func strings(_ values: [String]) -> JSONOutput { .array(values.map { .string($0) }) }
        return .object([
            ("description", .string("how to encode (docs/formats.md)")),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    ("format", .object([("enum", strings(formats.map(\.rawValue)))])),
                    (
                        "crf",
                        .object([
                            ("type", .string("number")), ("minimum", .integer(0)), ("maximum", .integer(63)),
                        ])
                    ),
                    ("bitrate", integer(EncodingOptions.bitrateRange)),
                    ("preset", .object([("enum", strings(VideoEncoderSettings.presets))])),
                    ("keyint", integer(EncodingOptions.keyframeIntervalRange)),
                    ("encoderThreads", integer(VideoEncoderSettings.encoderThreadRange)),
                    ("pixelFormat", .object([("enum", strings(pixelFormats))])),
                    ("colorRange", .object([("enum", strings(ColorRange.allCases.map(\.rawValue)))])),
                    ("loop", integer(EncodingOptions.loopCountRange)),
                    ("dither", .object([("enum", strings(Dither.allCases.map(\.rawValue)))])),
                    (
                        "quality",
                        .object([
                            (
                                "description",
                                .string("WebP: libwebp's quality, higher is better (default 75)")
                            ),
                            ("type", .string("number")), ("minimum", .integer(0)), ("maximum", .integer(100)),
                        ])
                    ),
                    (
                        "matte",
                        .object(
                            [("description", .string("a transparent GIF's page colour (opaque)"))]
                                + SchemaRecorder.colorSchema)
                    ),
                    ("audioCodec", .object([("enum", strings(AudioCodec.allCases.map(\.rawValue)))])),
                    (
                        "audioBitrate",
                        .object([
                            ("type", .string("integer")),
                            ("minimum", .integer(VideoEncoderSettings.audioBitrates.lowerBound)),
                            ("maximum", .integer(VideoEncoderSettings.audioBitrates.upperBound)),
                        ])
                    ),
                    ("title", .object([("type", .string("string"))])),
                    ("comment", .object([("type", .string("string"))])),
                ])
            ),
        ])
    }
}
