import FlipbookAudio
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookPalette
import FlipbookScenes

/// The JSON Schema (draft 2020-12) of preset files, generated: each scene's `parameters` schema
/// comes from the same reader that decodes it (`SceneCatalog.Entry.schema`), and every other key
/// from its declaration (`Preset.keys`, `EncodingOptions.keys`, `AudioMix.keys`, the
/// composition's: `CompositionSchema`). The committed `schema/preset.schema.json` must equal
/// `PresetSchema.text` (a test says so); `flipbook schema` prints it.
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
            ("required", .array(Preset.keys.requiredKeys.map { JSONOutput.string($0) })),
            // A built-in scene, or a composition (`layers`; docs/compositions.md).
            (
                "anyOf",
                .array([
                    .object([("required", .array([.string("scene")]))]),
                    .object([("required", .array([.string("layers")]))]),
                ])
            ),
            ("additionalProperties", .bool(false)),
            ("properties", .object(Preset.keys.propertySchemas + CompositionSchema.topLevel)),
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
}
