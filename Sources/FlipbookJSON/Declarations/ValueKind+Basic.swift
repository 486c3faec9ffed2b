import Foundation

/// The kinds every JSON reader shares: text, true or false, numbers in a range, one of a list of
/// words, lists. None needs a context to be read.
extension ValueKind where Value == String {
    /// Any text.
    package static var string: ValueKind {
        ValueKind(schema: .object([("type", .string("string"))]), type: "string") {
            (field, _) throws(PresetError) in try field.string()
        }
    }

    /// One of `words`, with a did-you-mean on a near miss.
    package static func choice(_ words: [String]) -> ValueKind {
        ValueKind(schema: .object([("enum", .array(words.map { .string($0) }))]), type: "string") {
            (field, _) throws(PresetError) in try field.choice(words)
        }
    }
}

extension ValueKind where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// One of the type's cases, by its raw value, with a did-you-mean on a near miss.
    package static var choice: ValueKind { choice(Array(Value.allCases)) }
}

extension ValueKind where Value: RawRepresentable & Sendable, Value.RawValue == String {
    /// One of `cases`, by its raw value, with a did-you-mean on a near miss.
    package static func choice(_ cases: [Value]) -> ValueKind {
        ValueKind(schema: .object([("enum", .array(cases.map { .string($0.rawValue) }))]), type: "string") {
            (field, _) throws(PresetError) in try field.choice(cases)
        }
    }
}

extension ValueKind where Value == Bool {
    package static var bool: ValueKind {
        ValueKind(schema: .object([("type", .string("boolean"))]), type: "boolean") {
            (field, _) throws(PresetError) in try field.bool()
        }
    }
}

extension ValueKind where Value == Double {
    /// A number within `range`, written as the range in the tables ("0…1", "−10…10").
    package static func number(_ range: ClosedRange<Double>) -> ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("number")), ("minimum", .number(range.lowerBound)),
                ("maximum", .number(range.upperBound)),
            ]),
            type: "\(Self.shown(range.lowerBound))…\(Self.shown(range.upperBound))"
        ) { (field, _) throws(PresetError) in try field.number(in: range) }
    }

    /// A number as the tables write it: with a minus sign, not a hyphen.
    private static func shown(_ number: Double) -> String {
        JSONField.format(number).replacingOccurrences(of: "-", with: "−")
    }
}

extension ValueKind where Value == Int {
    /// A whole number within `range`.
    package static func integer(_ range: ClosedRange<Int>) -> ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("integer")), ("minimum", .integer(range.lowerBound)),
                ("maximum", .integer(range.upperBound)),
            ]),
            type: "integer"
        ) { (field, _) throws(PresetError) in try field.integer(in: range) }
    }
}

extension ValueKind {
    /// A list of `element`s, each read in turn (the first that fails throws).
    package static func array<Element>(of element: ValueKind<Context, Element>) -> ValueKind
    where Value == [Element] {
        let read = element.read
        return ValueKind(
            schema: .object([("type", .string("array")), ("items", element.schema)]), type: "array"
        ) { (field, context) throws(PresetError) in
            try field.array().map { (item) throws(PresetError) in try read(item, context) }
        }
    }

    /// The same list, its schema saying it has at least one item (its reader says why it must).
    package var atLeastOne: ValueKind {
        var kind = self
        kind.schema = schema.setting("minItems", to: .integer(1))
        return kind
    }

    /// A list of `count` `element`s ("must list 2 to 64 colours"), counted before they are read.
    package static func array<Element>(
        of element: ValueKind<Context, Element>, count: ClosedRange<Int>, _ noun: String
    ) -> ValueKind where Value == [Element] {
        let read = element.read
        return ValueKind(
            schema: .object([
                ("type", .string("array")), ("items", element.schema),
                ("minItems", .integer(count.lowerBound)),
                ("maxItems", .integer(count.upperBound)),
            ]),
            type: "array"
        ) { (field, context) throws(PresetError) in
            let items = try field.array()
            guard count.contains(items.count) else {
                throw field.error(
                    "must list \(count.lowerBound) to \(count.upperBound) \(noun) (got \(items.count))")
            }
            return try items.map { (item) throws(PresetError) in try read(item, context) }
        }
    }
}

extension ValueKind where Value == UInt64 {
    /// A random seed: a whole number up to 2⁵³ − 1, or 64-bit hex (`"0x5EED"`).
    package static var seed: ValueKind {
        ValueKind(schema: JSONField.seedSchema, type: "integer or string") { (field, _) throws(PresetError) in
            try field.seed()
        }
    }
}
