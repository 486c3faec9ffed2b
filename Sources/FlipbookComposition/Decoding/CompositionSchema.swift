import FlipbookCanvas
import FlipbookJSON
import FlipbookRaster
import FlipbookScenes
import FlipbookText
import Foundation

/// The JSON Schema of compositions, for `schema/preset.schema.json`: the top-level keys a
/// composition adds, and a `$defs` entry per value type and layer. Each layer kind lists exactly
/// the keys `CompositionDecoder` reads for it (`commonLayerKeys` + `contentKeys`), so editors
/// complete them and flag the rest; a test holds the two together.
public enum CompositionSchema {
    /// The top-level properties a composition adds to a preset.
    package static var topLevel: [(String, JSONOutput)] {
        [
            (
                "layers",
                .object([("description", .string("the layers, drawn bottom to top")), ref("layers")])
            ),
            (
                "variables",
                .object([
                    (
                        "description",
                        .string(
                            "values for {placeholders} in text; an override of variables.NAME changes one")
                    ),
                    ("type", .string("object")),
                    (
                        "additionalProperties",
                        .object([
                            ("type", .array([.string("string"), .string("number"), .string("boolean")]))
                        ])
                    ),
                ])
            ),
            (
                "locale",
                described(
                    "how numbers and dates are formatted, e.g. \"en_US\", \"de_DE\" (default en_US)", string)
            ),
            (
                "timeZone",
                described("the time zone dates are shown in, e.g. \"Europe/Berlin\" (default UTC)", string)
            ),
            (
                "safeArea",
                .object([
                    (
                        "description",
                        .string(
                            "margins of the safe area for layers with inSafeArea: one length or [top, trailing, bottom, leading]"
                        )
                    ),
                    (
                        "anyOf",
                        .array([
                            ref("extent"),
                            .object([
                                ("type", .string("array")), ("items", ref("extent")),
                                ("minItems", .integer(4)), ("maxItems", .integer(4)),
                            ]),
                        ])
                    ),
                ])
            ),
            ("description", described("what the video shows, for its description tag and captions", string)),
            (
                "fonts",
                .object([
                    (
                        "description",
                        .string(
                            "font files (TrueType, OpenType, collections) relative to the preset's folder, whose families texts may name without installing them"
                        )
                    ),
                    ("type", .string("array")),
                    ("items", .object([("type", .string("string")), ("minLength", .integer(1))])),
                    ("maxItems", .integer(CompositionDecoder.maximumFonts)),
                ])
            ),
        ]
    }

    /// The shared definitions the composition properties refer to.
    package static var definitions: [(String, JSONOutput)] {
        [
            (
                "time",
                .object([
                    (
                        "description",
                        .string("seconds (1.5), \"1.5s\", or frames at the preset's fps (\"36f\")")
                    ),
                    (
                        "anyOf",
                        .array([
                            .object([("type", .string("number"))]),
                            .object([
                                ("type", .string("string")), ("pattern", .string("^-?[0-9]+f$|^-?[0-9.]+s$")),
                            ]),
                        ])
                    ),
                ])
            ),
            (
                "length",
                lengthSchema(
                    "points (120), or relative: \"50%\" of the parent's box, \"10vw\", \"10vh\", \"5vmin\", \"5vmax\" of the canvas",
                    signed: true)
            ),
            ("lengthPair", pairSchema(of: "length")),
            (
                "extent",
                lengthSchema("a length that is not negative: a size, a radius, a margin", signed: false)
            ),
            ("extentPair", pairSchema(of: "extent")),
            (
                "unitPoint",
                .object([
                    (
                        "description",
                        .string("a point of a box: a name, or [x, y] as fractions of its width and height")
                    ),
                    ("anyOf", .array([enumeration(CompositionDecoder.unitPoints.map(\.0)), numberPair])),
                ])
            ),
            ("color", .object(SchemaRecorder.colorSchema)),
            (
                "easing",
                .object([
                    (
                        "description",
                        .string(
                            "linear, easeIn, easeOut, easeInOut, timingCurve(x1, y1, x2, y2), spring, spring(duration, bounce), steps(n)"
                        )
                    ),
                    ("type", .string("string")),
                    (
                        "pattern",
                        .string(
                            "^(linear|easeIn|easeOut|easeInOut|spring|timingCurve\\(.*\\)|spring\\(.*\\)|steps\\(.*\\))$"
                        )
                    ),
                ])
            ),
            ("animatedNumber", animated(.object([("type", .string("number"))]))),
            ("animatedColor", animated(ref("color"))),
            ("animatedLengthPair", animated(ref("lengthPair"))),
            ("animatedExtent", animated(ref("extent"))),
            ("animatedExtentPair", animated(ref("extentPair"))),
            (
                "animatedScale",
                animated(.object([("anyOf", .array([.object([("type", .string("number"))]), numberPair]))]))
            ),
            ("paint", paint),
            (
                "transitions",
                .object([
                    (
                        "anyOf",
                        .array([
                            ref("transition"),
                            .object([("type", .string("array")), ("items", ref("transition"))]),
                        ])
                    )
                ])
            ),
            ("transition", transition),
            ("font", font),
            ("lineStyle", lineStyle),
            ("layers", .object([("type", .string("array")), ("items", ref("layer"))])),
            ("layer", layer),
        ]
    }

    /// Every layer key's schema.
    static var properties: [String: JSONOutput] {
        let number = JSONOutput.object([("type", .string("number"))])
        let integer = JSONOutput.object([("type", .string("integer"))])
        let boolean = JSONOutput.object([("type", .string("boolean"))])
        return [
            "type": described("the layer's kind", enumeration(LayerContent.kinds)),
            "name": described("the layer's name where changes are explained", string),
            "start": described("when the layer appears, in its parent's time", ref("time")),
            "duration": described("how long it shows (default: to its parent's end)", ref("time")),
            "end": described("when it disappears (instead of duration)", ref("time")),
            "loop": described("its clock restarts every this many seconds", ref("time")),
            "position": described(
                "where the anchor sits in the parent's box (default: its centre)", ref("animatedLengthPair")),
            "motionPath": described(
                "instead of position: a path the anchor travels along, progress (0…1) of the way",
                closedObject(
                    required: ["path", "progress"],
                    [
                        ("path", described("SVG path data, in points in the parent's box", string)),
                        (
                            "viewBox",
                            described(
                                "the path's coordinates mapped to the parent's box: [x, y, width, height]",
                                rectangle)
                        ),
                        ("progress", described("how far along the path, 0…1", ref("animatedNumber"))),
                        ("autoRotate", described("turn the layer to follow the path", boolean)),
                    ])),
            "size": described(
                "the layer's box (default: its content's natural size, or the parent's box)",
                ref("animatedExtentPair")),
            "anchor": described(
                "the box's point placed at position, and the centre of scale and rotation", ref("unitPoint")),
            "scale": described("a factor or [x, y], about the anchor", ref("animatedScale")),
            "rotation": described("degrees clockwise, about the anchor", ref("animatedNumber")),
            "rotationX": described(
                "degrees of a 3D turn about the horizontal line through the anchor (positive: the top edge goes away)",
                ref("animatedNumber")),
            "rotationY": described(
                "degrees of a 3D turn about the vertical line through the anchor (positive: the right edge goes away)",
                ref("animatedNumber")),
            "perspective": described(
                "how far in front of the canvas the 3D turns are seen from, points (default 1000)",
                .object([
                    ("type", .string("number")), ("minimum", .integer(50)), ("maximum", .integer(100_000)),
                ])),
            "opacity": described("0…1", ref("animatedNumber")),
            "blendMode": described(
                "how the layer combines with what is below", enumeration(BlendMode.allCases.map(\.rawValue))),
            "blur": .object([
                ("description", .string("Gaussian blur radius, points, or {radius, opaque}")),
                (
                    "anyOf",
                    .array([
                        ref("animatedNumber"),
                        closedObject(
                            required: ["radius"],
                            [
                                ("radius", ref("animatedNumber")),
                                (
                                    "opaque",
                                    described(
                                        "keep the layer opaque to its box's edges, cut to the box", boolean)
                                ),
                            ]),
                    ])
                ),
            ]),
            "brightness": described("added to red, green and blue, −1…1", ref("animatedNumber")),
            "contrast": described(
                "distances from mid-grey scaled by this (1: unchanged)", ref("animatedNumber")),
            "saturation": described("0 grey, 1 unchanged, above 1 more vivid", ref("animatedNumber")),
            "grayscale": described("towards grey, 0…1", ref("animatedNumber")),
            "hueRotation": described("degrees the hue turns", ref("animatedNumber")),
            "colorInvert": described("towards the inverted colour, 0…1", ref("animatedNumber")),
            "colorMultiply": described("every channel multiplied by this colour's", ref("animatedColor")),
            "shadow": .object([
                ("description", .string("a drop shadow, or with inner a shadow inside the layer")),
                ("type", .string("object")),
                ("additionalProperties", .bool(false)),
                (
                    "properties",
                    .object([
                        ("color", ref("animatedColor")), ("radius", ref("animatedNumber")),
                        ("x", ref("animatedNumber")), ("y", ref("animatedNumber")),
                        (
                            "inner",
                            described("cast inside the layer by its edges instead of behind it", boolean)
                        ),
                    ])
                ),
            ]),
            "enter": described(
                "an entrance: fade, slide, scale, blur, typewriter, wipe, flip", ref("transitions")),
            "exit": described("an exit, ending at the layer's end", ref("transitions")),
            "inSafeArea": described(
                "place a top-level layer in the safe area instead of the whole canvas", boolean),
            "mask": described(
                "a layer drawn in this layer's box, timed from its start, whose opacity shows this layer",
                ref("layer")),
            "maskInverted": described("show this layer where its mask is not, instead", boolean),
            "highlight": .object([
                (
                    "description",
                    .string(
                        "captions' words lit as their WebVTT timestamps pass: a colour, or {color, words: spoken | current}"
                    )
                ),
                (
                    "anyOf",
                    .array([
                        ref("color"),
                        closedObject(
                            required: ["color"],
                            [("color", ref("color")), ("words", enumeration(["spoken", "current"]))]),
                    ])
                ),
            ]),
            "wiggle": described(
                "smooth random movement about the layer's place: offsets of up to position points, turns of up to rotation degrees, scale changes of up to scale, frequency random values a second",
                closedObject(
                    required: [],
                    [
                        ("frequency", described("random values a second (default 2)", number)),
                        ("position", ref("animatedNumber")), ("rotation", ref("animatedNumber")),
                        ("scale", ref("animatedNumber")), ("seed", JSONField.seedSchema),
                    ])),
            "sound": described(
                "a sound played as the layer appears, and each time its clock restarts",
                closedObject(
                    required: ["file"],
                    [
                        ("file", described("a sound file, relative to the preset's folder", string)),
                        ("volume", JSONField.volumeSchema),
                        (
                            "delay",
                            described("seconds after the layer appears (negative: before)", ref("time"))
                        ),
                        ("name", described("what the audio tracks' duck.under call this sound", string)),
                    ])),
            "scene": described("the built-in scene", enumeration(SceneCatalog.entries.map(\.name))),
            "parameters": described(
                "the scene's parameters (see flipbook scenes)", .object([("type", .string("object"))])),
            "seed": described("the scene's random seed (default: the preset's)", JSONField.seedSchema),
            "text": described("the text, with {placeholders}", string),
            "runs": .object([
                ("description", .string("runs of differently styled text in one paragraph")),
                ("type", .string("array")),
                (
                    "items",
                    closedObject(
                        required: ["text"],
                        [
                            ("text", string), ("font", ref("font")), ("fill", ref("paint")),
                            ("letterSpacing", number), ("underline", ref("lineStyle")),
                            ("strikethrough", ref("lineStyle")),
                        ])
                ),
            ]),
            "font": ref("font"),
            "fill": described("a colour, colour keyframes or a gradient", ref("paint")),
            "alignment": described(
                "how lines align", enumeration(TextLayout.Alignment.allCases.map(\.rawValue))),
            "maxWidth": described("lines wrap at this width", ref("extent")),
            "lineSpacing": described("extra space between lines", ref("length")),
            "letterSpacing": described("extra space after each character, points", number),
            "underline": described(
                "a line under the text, at its font's underline position", ref("lineStyle")),
            "strikethrough": described(
                "a line through the text, at its font's strikeout position", ref("lineStyle")),
            "lineLimit": described(
                "at most this many lines; the last ends in … where the text is cut",
                .object([("type", .string("integer")), ("minimum", .integer(1)), ("maximum", .integer(1000))])
            ),
            "captions": described(
                "a SubRip (.srt) or WebVTT (.vtt) file: {caption} shows the cues showing, timed from the layer's start",
                string),
            "textCase": described(
                "every letter in capitals or small letters, in the composition's locale",
                enumeration(Text.Case.allCases.map(\.rawValue))),
            "truncationMode": described(
                "where text cut at the line limit loses characters, marked by …: its end (tail), start (head) or middle",
                enumeration(TextLayout.TruncationMode.allCases.map(\.rawValue))),
            "minimumScaleFactor": described(
                "text that does not fit its width, box or line limit is set smaller, down to this share of its size",
                .object([
                    ("type", .string("number")), ("minimum", .number(0.01)), ("maximum", .integer(1)),
                ])),
            "counters": described(
                "numbers that change over time, for {placeholders} (count-ups)",
                .object([("type", .string("object")), ("additionalProperties", ref("animatedNumber"))])),
            "file": described(
                "an image (PNG, JPEG, WebP, SVG) or video (any FFmpeg reads) file, relative to the preset",
                string),
            "offset": described(
                "a video's time at the layer's start: where in the clip it begins", ref("time")),
            "muted": described("leave a video's own sound out of the mix", boolean),
            "speed": described(
                "how fast a video plays (2: twice as fast, 0.5: slow motion); only at 1 with its sound",
                .object([("type", .string("number")), ("minimum", .number(0.05)), ("maximum", .integer(20))])),
            "volume": described(
                "the level of the video's own sound in the mix: decibels (-6 or \"-6dB\") or a factor (\"50%\")",
                JSONField.volumeSchema),
            "repeat": described(
                "a video starts again from its offset when it ends, instead of holding its last frame",
                boolean),
            "fit": described(
                "how the picture fills the box", enumeration(ImageLayer.Fit.allCases.map(\.rawValue))),
            "cornerRadius": described("rounds the corners", ref("animatedExtent")),
            "shape": described("the shape", enumeration(ShapeLayer.kinds)),
            "points": described("a star's tips", integer),
            "innerRadius": described("a star's inner vertices, as a fraction of its radius", number),
            "sides": described("a polygon's sides", integer),
            "path": described("SVG path data", string),
            "viewBox": described(
                "the path's coordinates mapped to the box: [x, y, width, height]", rectangle),
            "stroke": .object([
                (
                    "description",
                    .string("an outline; a text's is drawn under its letters, so half its width shows")
                ), ("type", .string("object")),
                ("required", .array([.string("paint")])),
                ("additionalProperties", .bool(false)),
                (
                    "properties",
                    .object([
                        ("paint", ref("paint")), ("width", ref("animatedNumber")),
                        ("cap", enumeration(["butt", "round", "square"])),
                        ("join", enumeration(["miter", "round", "bevel"])),
                        ("dash", .object([("type", .string("array")), ("items", number)])),
                    ])
                ),
            ]),
            "trimStart": described("where the visible outline starts, 0…1", ref("animatedNumber")),
            "trimEnd": described("where the visible outline ends, 0…1", ref("animatedNumber")),
            "layers": ref("layers"),
            "clip": described("clip what the layer draws (a group's children, a scene) to its box", boolean),
            "overlap": described("how much each child of a sequence overlaps the one before", ref("time")),
        ]
    }

    /// Layer keys the decoder reads that have no schema (a test says there are none).
    public static var undocumentedKeys: [String] {
        let all = CompositionDecoder.commonLayerKeys + CompositionDecoder.contentKeys.values.flatMap { $0 }
        return Set(all).filter { properties[$0] == nil }.sorted()
    }

    private static var layer: JSONOutput {
        let table = properties
        func schemas(_ keys: [String]) -> JSONOutput { .object(keys.map { ($0, table[$0] ?? .object([])) }) }
        return .object([
            ("type", .string("object")),
            ("required", .array([.string("type")])),
            ("properties", schemas(CompositionDecoder.commonLayerKeys)),
            (
                "allOf",
                .array(
                    LayerContent.kinds.map { kind in
                        .object([
                            (
                                "if",
                                .object([
                                    ("properties", .object([("type", .object([("const", .string(kind))]))]))
                                ])
                            ),
                            (
                                "then",
                                .object([("properties", schemas(CompositionDecoder.contentKeys[kind] ?? []))])
                            ),
                        ])
                    })
            ),
            ("unevaluatedProperties", .bool(false)),
        ])
    }

    private static var paint: JSONOutput {
        .object([
            (
                "anyOf",
                .array([
                    ref("animatedColor"),
                    .object([
                        ("type", .string("object")), ("required", .array([.string("type")])),
                        ("additionalProperties", .bool(false)),
                        (
                            "properties",
                            .object([
                                ("type", enumeration(LayerPaint.gradientKinds)),
                                (
                                    "colors",
                                    .object([
                                        ("type", .string("array")), ("items", ref("color")),
                                        ("minItems", .integer(2)),
                                    ])
                                ),
                                (
                                    "stops",
                                    .object([
                                        ("type", .string("array")), ("minItems", .integer(2)),
                                        (
                                            "items",
                                            .object([
                                                ("type", .string("object")),
                                                (
                                                    "required",
                                                    .array([.string("color"), .string("location")])
                                                ),
                                                (
                                                    "properties",
                                                    .object([
                                                        ("color", ref("color")),
                                                        (
                                                            "location",
                                                            .object([
                                                                ("type", .string("number")),
                                                                ("minimum", .integer(0)),
                                                                ("maximum", .integer(1)),
                                                            ])
                                                        ),
                                                    ])
                                                ),
                                                ("additionalProperties", .bool(false)),
                                            ])
                                        ),
                                    ])
                                ),
                                ("start", ref("unitPoint")), ("end", ref("unitPoint")),
                                ("center", ref("unitPoint")),
                                ("startRadius", ref("extent")), ("endRadius", ref("extent")),
                                ("angle", .object([("type", .string("number"))])),
                            ])
                        ),
                    ]),
                ])
            )
        ])
    }

    private static var transition: JSONOutput {
        let effects = enumeration(Transition.Effect.allCases.map(\.rawValue))
        return .object([
            (
                "anyOf",
                .array([
                    effects,
                    .object([
                        ("type", .string("object")), ("required", .array([.string("effect")])),
                        ("additionalProperties", .bool(false)),
                        (
                            "properties",
                            .object([
                                ("effect", effects), ("duration", ref("time")), ("delay", ref("time")),
                                ("easing", ref("easing")),
                                ("edge", enumeration(Transition.Edge.allCases.map(\.rawValue))),
                                ("distance", ref("length")),
                                ("scale", .object([("type", .string("number"))])),
                                ("blur", .object([("type", .string("number"))])),
                                (
                                    "turn",
                                    .object([
                                        (
                                            "description",
                                            .string("the degrees a flip starts turned by (default 90)")
                                        ),
                                        ("type", .string("number")), ("minimum", .integer(-360)),
                                        ("maximum", .integer(360)),
                                    ])
                                ),
                                (
                                    "by",
                                    .object([
                                        (
                                            "description",
                                            .string(
                                                "a text's units moving one after another (fade, slide, scale, blur), or shown one after another (typewriter)"
                                            )
                                        ),
                                        (
                                            "enum",
                                            .array(Transition.Unit.allCases.map { .string($0.rawValue) })
                                        ),
                                    ])
                                ),
                                (
                                    "stagger",
                                    .object([
                                        (
                                            "description",
                                            .string(
                                                "the share of the duration over which the units' starts spread"
                                            )
                                        ),
                                        ("type", .string("number")), ("minimum", .integer(0)),
                                        ("maximum", .number(0.95)),
                                    ])
                                ),
                            ])
                        ),
                    ]),
                ])
            )
        ])
    }

    /// An underline or strikethrough: drawn or not, or drawn in a pattern and colour.
    private static var lineStyle: JSONOutput {
        .object([
            (
                "anyOf",
                .array([
                    .object([("type", .string("boolean"))]),
                    closedObject(
                        required: [],
                        [
                            ("pattern", enumeration(Text.LineStyle.Pattern.allCases.map(\.rawValue))),
                            ("color", ref("color")),
                        ]),
                ])
            )
        ])
    }

    private static var font: JSONOutput {
        .object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    (
                        "family",
                        described(
                            "a font family of the composition's fonts, or installed on the machine (fontconfig)",
                            string)
                    ),
                    ("size", described("em size", ref("extent"))),
                    (
                        "weight",
                        .object([
                            (
                                "anyOf",
                                .array([
                                    enumeration(FontSpec.weights.map(\.name)),
                                    .object([
                                        ("type", .string("integer")), ("minimum", .integer(1)),
                                        ("maximum", .integer(1000)),
                                    ]),
                                ])
                            )
                        ])
                    ),
                    ("design", enumeration(["default", "serif", "monospaced", "rounded"])),
                    ("italic", .object([("type", .string("boolean"))])),
                ])
            ),
        ])
    }

    /// `value`, or keyframes of it.
    private static func animated(_ value: JSONOutput) -> JSONOutput {
        .object([
            (
                "anyOf",
                .array([
                    value,
                    .object([
                        ("type", .string("array")), ("minItems", .integer(1)),
                        (
                            "items",
                            closedObject(
                                required: ["t", "value"],
                                [("t", ref("time")), ("value", value), ("easing", ref("easing"))])
                        ),
                    ]),
                ])
            )
        ])
    }

    private static let string = JSONOutput.object([("type", .string("string"))])
    /// A rectangle as `[x, y, width, height]`.
    private static let rectangle = JSONOutput.object([
        ("type", .string("array")), ("items", .object([("type", .string("number"))])),
        ("minItems", .integer(4)),
        ("maxItems", .integer(4)),
    ])
    private static let numberPair = JSONOutput.object([
        ("type", .string("array")), ("items", .object([("type", .string("number"))])),
        ("minItems", .integer(2)), ("maxItems", .integer(2)),
    ])

    private static func ref(_ name: String) -> JSONOutput { .object([("$ref", .string("#/$defs/\(name)"))]) }

    private static func ref(_ name: String) -> (String, JSONOutput) { ("$ref", .string("#/$defs/\(name)")) }

    private static func enumeration(_ values: [String]) -> JSONOutput {
        .object([("enum", .array(values.map { .string($0) }))])
    }

    /// A length: points, or a string with a unit; `signed` when it may be negative.
    private static func lengthSchema(_ description: String, signed: Bool) -> JSONOutput {
        let sign = signed ? "-?" : ""
        return .object([
            ("description", .string(description)),
            (
                "anyOf",
                .array([
                    .object([("type", .string("number"))] + (signed ? [] : [("minimum", .integer(0))])),
                    .object([
                        ("type", .string("string")),
                        ("pattern", .string("^\(sign)[0-9.]+(%|vw|vh|vmin|vmax)?$")),
                    ]),
                ])
            ),
        ])
    }

    /// Two of the definition `item`: `[x, y]` or `[width, height]`.
    private static func pairSchema(of item: String) -> JSONOutput {
        .object([
            ("type", .string("array")), ("items", ref(item)), ("minItems", .integer(2)),
            ("maxItems", .integer(2)),
        ])
    }

    /// An object with `properties` and no others, `required` among them.
    private static func closedObject(required: [String], _ properties: [(String, JSONOutput)]) -> JSONOutput {
        .object([
            ("type", .string("object")), ("required", .array(required.map { .string($0) })),
            ("additionalProperties", .bool(false)), ("properties", .object(properties)),
        ])
    }

    private static func described(_ text: String, _ schema: JSONOutput) -> JSONOutput {
        guard case .object(let members) = schema else { return schema }
        return .object([("description", .string(text))] + members.filter { $0.0 != "description" })
    }
}
