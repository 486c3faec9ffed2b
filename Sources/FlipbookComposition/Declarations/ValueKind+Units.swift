import FlipbookCanvas
import FlipbookJSON

/// The values a composition measures in — times at its frame rate, lengths relative to a box or
/// the canvas, points of a box, scale factors — each read by the decoder (which knows the frame
/// rate) and shared in the schema by name.
extension ValueKind where Context: TimeReading, Value == Double {
    /// A moment (`TimeReading.moment`): seconds (`1.5`, `"1.5s"`), `"500ms"`, frames at the
    /// preset's rate (`"36f"`), a marker (`"drop"`) or a marker plus or minus one of those
    /// (`"drop+0.1"`), on the clock that starts at `clockStart(context)` seconds of the video.
    package static func moment(on clockStart: @escaping @Sendable (Context) -> Double?) -> ValueKind {
        ValueKind(schema: timeSchema(Context.momentForms, markers: true), type: "time") {
            (field, context) throws(PresetError) in
            try context.moment(field, clockStart: clockStart(context))
        }.named("time")
    }

    /// A length of time (`TimeReading.span`): seconds, milliseconds or frames; not a marker.
    package static var span: ValueKind {
        ValueKind(schema: timeSchema(Context.spanForms, markers: false), type: "duration") {
            (field, context) throws(PresetError) in try context.span(field)
        }.named("duration")
    }

    /// A length of time above zero.
    package static var positiveSpan: ValueKind {
        span.map { (seconds, field, _) throws(PresetError) in
            guard seconds > 0 else { throw field.error("must be more than 0 (got \(field.value.summary))") }
            return seconds
        }
    }

    /// A length of time within `range` seconds.
    package static func span(in range: ClosedRange<Double>) -> ValueKind {
        var kind = span.within(range)
        kind.schema = timeSchema(Context.spanForms, markers: false, range: range)
        kind.definition = nil
        return kind
    }

    /// The same times, held to `range` seconds (a marker's time counted).
    package func within(_ range: ClosedRange<Double>) -> ValueKind {
        map { (seconds, field, _) throws(PresetError) in
            guard range.contains(seconds) else {
                var shown = ", \(JSONField.format(seconds)) s"
                if case .number = field.value.kind { shown = "" }
                throw field.error(
                    "must be between \(JSONField.format(range.lowerBound)) and \(JSONField.format(range.upperBound)) seconds (got \(field.value.summary)\(shown))"
                )
            }
            return seconds
        }
    }

    /// The schema of times: a number of seconds, or a string of an amount with its unit — and
    /// for a moment, a marker with or without one added or taken away — as `TimeExpression`
    /// reads them (its marker names are ASCII here, as the schema's patterns are).
    private static func timeSchema(_ forms: String, markers: Bool, range: ClosedRange<Double>? = nil)
        -> JSONOutput
    {
        let amount = "([0-9]*\\.?[0-9]+|[0-9]+\\.)(s|ms)?|[0-9]+f"
        let pattern =
            markers
            ? "^ *([+-]?(\(amount))|[A-Za-z_][A-Za-z0-9_.]*( *[+-] *(\(amount)))?) *$"
            : "^ *[+-]?(\(amount)) *$"
        let bounds: [(String, JSONOutput)] =
            range.map { [("minimum", .number($0.lowerBound)), ("maximum", .number($0.upperBound))] } ?? []
        return .object([
            ("description", .string(forms)),
            (
                "anyOf",
                .array([
                    .object([("type", .string("number"))] + bounds),
                    .object([("type", .string("string")), ("pattern", .string(pattern))]),
                ])
            ),
        ])
    }
}

extension ValueKind where Context == CompositionDecoder, Value == Double {
    /// A moment in the layer's own time: a keyframe's `t`, a layer sound's `delay`.
    static var time: ValueKind { moment { $0.clock } }

    /// A moment in the time of the layer's parent: its `start` and `end`.
    static var timeInParent: ValueKind { moment { $0.parentClock } }
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
