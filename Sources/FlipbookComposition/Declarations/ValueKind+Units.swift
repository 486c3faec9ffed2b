import FlipbookCanvas
import FlipbookJSON

/// The values a composition measures in — times at its frame rate, lengths relative to a box or
/// the canvas, points of a box, scale factors — each read by the decoder (which knows the frame
/// rate) and shared in the schema by name.
extension ValueKind where Context == CompositionDecoder, Value == Double {
    /// A time: seconds (`1.5`), `"1.5s"`, or frames at the preset's rate (`"36f"`).
    static var time: ValueKind {
        ValueKind(
            schema: .object([
                ("description", .string("seconds (1.5), \"1.5s\", or frames at the preset's fps (\"36f\")")),
                (
                    "anyOf",
                    .array([
                        .object([("type", .string("number"))]),
                        .object([
                            ("type", .string("string")), ("pattern", .string("^-?[0-9]+f$|^-?[0-9.]+s$")),
                        ]),
                    ])
                ),
            ]),
            type: "time"
        ) { (field, decoder) throws(PresetError) in try decoder.time(field) }.named("time")
    }

    /// A time above zero.
    static var positiveTime: ValueKind {
        time.map { (seconds, field, _) throws(PresetError) in
            guard seconds > 0 else { throw field.error("must be more than 0 (got \(field.value.summary))") }
            return seconds
        }
    }
}

extension ValueKind where Value == Double {
    /// Points within `range`: a number (`24`), or CSS pixels (`"24px"`), which are points.
    static func points(_ range: ClosedRange<Double>) -> ValueKind {
        let number = ValueKind.number(range)
        return ValueKind(
            schema: .object([
                (
                    "anyOf",
                    .array([
                        number.schema,
                        .object([("type", .string("string")), ("pattern", .string("^ *-?[0-9.]+px *$"))]),
                    ])
                )
            ]),
            type: "points"
        ) { (field, context) throws(PresetError) in
            guard case .string(let text) = field.value.kind else { return try number.read(field, context) }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasSuffix("px"), let points = Double(trimmed.dropLast(2)), range.contains(points)
            else {
                throw field.error(
                    "must be points from \(JSONField.format(range.lowerBound)) to \(JSONField.format(range.upperBound)): a number (24) or pixels (\"24px\") (got \(field.value.summary))"
                )
            }
            return points
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == Length {
    /// A length: points (`120`, `"120px"`) or relative (`"50%"`, `"10vw"`, `"10vh"`, `"5vmin"`,
    /// `"5vmax"`).
    static var length: ValueKind {
        ValueKind(
            schema: lengthSchema(
                "points (120 or \"120px\"), or relative: \"50%\" of the parent's box, \"10vw\", \"10vh\", \"5vmin\", \"5vmax\" of the canvas",
                signed: true),
            type: "length"
        ) { (field, decoder) throws(PresetError) in try decoder.length(field) }.named("length")
    }

    /// A length that cannot be negative: a size, a radius, a margin, a font size.
    static var extent: ValueKind {
        ValueKind(
            schema: lengthSchema("a length that is not negative: a size, a radius, a margin", signed: false),
            type: "length"
        ) { (field, decoder) throws(PresetError) in try decoder.extent(field) }.named("extent")
    }

    /// A length's schema: points, or a string with a unit; `signed` when it may be negative.
    private static func lengthSchema(_ description: String, signed: Bool) -> JSONOutput {
        .object([
            ("description", .string(description)),
            (
                "anyOf",
                .array([
                    .object([("type", .string("number"))] + (signed ? [] : [("minimum", .integer(0))])),
                    .object([
                        ("type", .string("string")),
                        ("pattern", .string("^ *\(signed ? "-?" : "")[0-9.]+(px|%|vw|vh|vmin|vmax)? *$")),
                    ]),
                ])
            ),
        ])
    }
}

extension ValueKind where Context == CompositionDecoder, Value == LengthPair {
    /// Two lengths, `[x, y]`: a position.
    static var lengthPair: ValueKind {
        pair(of: "length", type: "[x, y] lengths") { (field, decoder) throws(PresetError) in
            try decoder.lengthPair(field)
        }
    }

    /// Two extents, `[width, height]`: a size.
    static var extentPair: ValueKind {
        pair(of: "extent", type: "[width, height] lengths") { (field, decoder) throws(PresetError) in
            try decoder.extentPair(field)
        }
    }

    private static func pair(
        of item: String, type: String,
        read: @escaping @Sendable (JSONField, CompositionDecoder) throws(PresetError) -> LengthPair
    ) -> ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("array")), ("items", .reference(item)), ("minItems", .integer(2)),
                ("maxItems", .integer(2)),
            ]),
            type: type, read: read
        ).named("\(item)Pair")
    }
}

extension ValueKind where Context == CompositionDecoder, Value == ScalePair {
    /// A scale: one factor for both axes, or `[x, y]`, each −100…100.
    static var scale: ValueKind {
        let factor = JSONOutput.object([
            ("type", .string("number")), ("minimum", .integer(-100)), ("maximum", .integer(100)),
        ])
        return ValueKind(
            schema: .object([("anyOf", .array([factor, numberPair(factor)]))]), type: "number or [x, y]"
        ) { (field, decoder) throws(PresetError) in try decoder.scalePair(field) }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == UnitPoint {
    /// A point of a box: a name (`"topLeading"`) or `[x, y]` as fractions of its width and height.
    static var unitPoint: ValueKind {
        let fraction = JSONOutput.object([
            ("type", .string("number")), ("minimum", .integer(-10)), ("maximum", .integer(10)),
        ])
        return ValueKind(
            schema: .object([
                (
                    "description",
                    .string("a point of a box: a name, or [x, y] as fractions of its width and height")
                ),
                (
                    "anyOf",
                    .array([
                        .object([("enum", .array(CompositionDecoder.unitPoints.map { .string($0.0) }))]),
                        numberPair(fraction),
                    ])
                ),
            ]),
            type: "unit point"
        ) { (field, decoder) throws(PresetError) in try decoder.unitPoint(field) }.named("unitPoint")
    }
}

extension ValueKind {
    /// Two numbers of `item`'s schema: `[x, y]`.
    static func numberPair(_ item: JSONOutput) -> JSONOutput {
        .object([
            ("type", .string("array")), ("items", item), ("minItems", .integer(2)), ("maxItems", .integer(2)),
        ])
    }
}
