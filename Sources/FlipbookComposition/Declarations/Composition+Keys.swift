import FlipbookJSON
import Foundation

extension Composition {
    /// The keys a composition adds to a preset, read into its decoder: the markers, variables,
    /// locale, time zone and fonts first — its layers' times and texts use them — and its layers
    /// last.
    static let keys = ObjectDeclaration<CompositionDecoder, CompositionDecoder>(
        "composition",
        [
            .key("layers", \.layers, .layers, default: .required, doc: "the layers, drawn bottom to top")
                .read(.last),
            .key(
                "markers", \.markers, .markers, default: "`{}`",
                doc:
                    "named times on the video's timeline (`{\"drop\": 1.2, \"outro\": \"drop+4s\"}`), which any time may name: `\"start\": \"drop\"`, `\"t\": \"drop+0.1\"` ([Markers](#markers))"
            ),
            .key(
                "variables", .variables, default: "`{}`",
                doc:
                    "names → text or numbers, for `{placeholders}` in text; an override of `variables.NAME` changes one"
            ) { (decoder, variables, _, _) in decoder.variables = variables },
            .key(
                "locale", \.formatter.locale, .locale, default: "`\"en_US\"`",
                doc:
                    "how numbers and dates are written (`\"de_DE\"`: `12.500`, `1. Dezember 2026`); an unknown language or region is refused, not written neutrally"
            ),
            .key(
                "timeZone", \.formatter.timeZone, .timeZone, default: "`\"UTC\"`",
                doc: "the zone dates are shown in (`\"Europe/Berlin\"`)"),
            .key(
                "safeArea", \.safeArea, .safeArea, default: "`0`",
                doc: "margins of the safe area, for layers with `inSafeArea`"),
            .key(
                "description", \.label, .string, default: "the texts it shows",
                doc: "what the video shows: its `description` tag and captions"),
            .key(
                "overrides",
                ValueKind(
                    schema: .object([("type", .string("array")), ("items", ShapeOverride.keys.schema)]),
                    type: "array"
                ) { (_, _) throws(PresetError) in },
                default: "`[]`",
                doc:
                    "changes for canvases of some shapes — portrait, landscape, square, a range of aspect ratios — merged onto the file before it is read ([Shapes](#shapes))"
            ) { (_, _, _, _) in },
            .key(
                "fonts", \.fontFiles, .fonts, default: "`[]`",
                doc:
                    "font files (TrueType, OpenType, collections), relative to the preset's folder, whose families texts may name without installing them, and which draw, in the order listed, the characters a text's own font lacks ([below](#text))"
            ),
        ])
}
