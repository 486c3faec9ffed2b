import FlipbookCanvas
import FlipbookCaptions
import FlipbookJSON
import FlipbookTimeline

/// The values a text layer is given by: its templates, counters, captions, font and lines.
extension ValueKind where Context == CompositionDecoder, Value == TextTemplate {
    /// Text with `{placeholders}`, each naming a variable or a counter of the text layer being
    /// read (or, on a captioned one, `{caption}`).
    static var template: ValueKind {
        ValueKind(schema: .object([("type", .string("string"))]), type: "string") {
            (field, decoder) throws(PresetError) in
            try decoder.template(field, counters: decoder.textCounters, captioned: decoder.textIsCaptioned)
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == Double {
    /// A counter's number: written, or `"{name}"`, the value of the composition's number
    /// variable `name` — so that a variant (`--set variables.users=9800`, a row of a batch's
    /// table) sets where a count-up goes, as it sets what a text says.
    static var counterNumber: ValueKind {
        let range = -1e15...1e15
        let number = ValueKind.number(range)
        let read = number.read
        let variable = JSONOutput.object([
            ("type", .string("string")), ("pattern", .string("^\\{[^{}:]+\\}$")),
        ])
        return ValueKind(
            schema: .object([("anyOf", .array([number.schema, variable]))]),
            type: "\(number.typeText) or \"{variable}\""
        ) { (field, decoder) throws(PresetError) in
            guard case .string = field.value.kind else { return try read(field, decoder) }
            return try decoder.counterVariable(field, in: range)
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == [String: Animated<Double>] {
    /// Counters: names to numbers or their keyframes, each number written or a variable's.
    static var counters: ValueKind {
        let number = ValueKind<CompositionDecoder, Animated<Double>>.keyframed(.counterNumber)
        let read = number.read
        return ValueKind(
            schema: .object([("type", .string("object")), ("additionalProperties", number.schema)]),
            type: "object"
        ) { (field, decoder) throws(PresetError) in
            guard case .object(let members) = field.value.kind else {
                throw field.error(
                    "must be an object of names to numbers or keyframes (got \(field.value.summary))")
            }
            var counters: [String: Animated<Double>] = [:]
            for member in members {
                counters[member.key] = try read(field.child(member.value, key: member.key), decoder)
            }
            return counters
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == [Caption] {
    /// A captions file (SubRip or WebVTT), relative to the preset's folder: its cues.
    static var captions: ValueKind {
        ValueKind(schema: .object([("type", .string("string"))]), type: "file") {
            (field, decoder) throws(PresetError) in
            try decoder.readCaptions(field)
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == FontSpec {
    /// A font: `{"family", "size", "weight", "design", "italic"}`, each optional.
    static var font: ValueKind { ValueKind.object(FontSpec.keys, from: FontSpec()).named("font") }
}

extension ValueKind where Context == CompositionDecoder, Value == Int {
    /// A font weight: a name (`"bold"`) or a number, 1…1000.
    static var fontWeight: ValueKind {
        let names = FontSpec.weights.map(\.name)
        let number = ValueKind.integer(1...1000)
        let (readNumber, readName) = (number.read, ValueKind<CompositionDecoder, String>.choice(names).read)
        return ValueKind(
            schema: .object([
                ("anyOf", .array([.object([("enum", .array(names.map { .string($0) }))]), number.schema]))
            ]),
            type: "string or integer"
        ) { (field, decoder) throws(PresetError) in
            if case .number = field.value.kind { return try readNumber(field, decoder) }
            let name = try readName(field, decoder)
            return FontSpec.weights.first { $0.name == name }?.value ?? 400
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == Text.LineStyle {
    /// An underline or strikethrough: `true`/`false`, or `{"pattern", "color"}` (drawn).
    static var lineStyle: ValueKind {
        ValueKind<CompositionDecoder, Bool>.bool.map { (drawn, _, _) throws(PresetError) in
            Text.LineStyle(isActive: drawn)
        }
        .or(object: .object(Text.LineStyle.keys, from: Text.LineStyle())).named("lineStyle")
    }
}

extension ValueKind where Context == CompositionDecoder, Value == CaptionHighlight {
    /// A caption highlight: a colour (every word spoken so far), or `{"color", "words"}`.
    static var highlight: ValueKind {
        ValueKind<CompositionDecoder, Color>.color.map { (color, _, _) throws(PresetError) in
            CaptionHighlight(color: CaptionHighlight.packed(color), currentOnly: false)
        }
        .or(object: .object(CaptionHighlight.keys, from: CaptionHighlight(color: 0, currentOnly: false)))
    }
}
