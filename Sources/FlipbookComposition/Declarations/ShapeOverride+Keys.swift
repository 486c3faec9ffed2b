import FlipbookJSON

extension ShapeOverride {
    /// The keys of one of a composition's `overrides`: when it applies, and what it changes.
    package static let keys = ObjectDeclaration<Void, ShapeOverride>(
        "override",
        [
            .key(
                "when", \.condition, .object(AspectCondition.keys, from: AspectCondition()),
                default: .required,
                doc: "the shapes of canvas it is for"),
            .key(
                "layers", \.layers, .layerChanges, default: "`{}`",
                doc:
                    "layer names → the keys to change in the layer of that name (at any depth): objects are merged key by key, anything else replaces, `null` removes a key"
            ),
            composition("safeArea", ValueKind<CompositionDecoder, [Length]>.safeArea),
            composition("variables", ValueKind<CompositionDecoder, [String: VariableValue]>.variables),
        ])

    /// The composition's own `key`, set for these shapes: merged onto the file's as written,
    /// and read with the file as `kind` reads it.
    private static func composition<Value>(_ key: String, _ kind: ValueKind<CompositionDecoder, Value>)
        -> PropertyDeclaration<Void, ShapeOverride>
    {
        .key(
            key,
            ValueKind<Void, JSONField>(schema: kind.schema, type: kind.typeText) {
                (field, _) throws(PresetError) in field
            },
            default: "the file's", doc: "the composition's `\(key)` for these shapes, merged onto the file's"
        ) { (override, field, _, _) in
            override.members.append(
                JSONValue.Member(key: key, keyLocation: field.value.location, value: field.value))
        }
    }
}

extension AspectCondition {
    /// The keys of an override's `when`.
    static let keys = ObjectDeclaration<Void, AspectCondition>(
        "override-when",
        [
            .key(
                "aspect", \.aspect, .aspect, default: .required,
                doc:
                    "`portrait` (taller than wide), `landscape` (wider than tall), `square`, or a range of width ÷ height: `{\"min\": 0.5, \"max\": 0.8}` (each bound included, either may be left out)"
            )
        ])

    /// The keys of an aspect range.
    static let rangeKeys = ObjectDeclaration<Void, Bounds>(
        "aspect-range",
        [
            .key("min", \.minimum, .number(0...10_000), default: "no bound", doc: "the least width ÷ height"),
            .key("max", \.maximum, .number(0...10_000), default: "no bound", doc: "the most width ÷ height"),
        ])
}

extension ValueKind where Context == Void, Value == AspectCondition.Aspect {
    /// A shape of canvas by name, or a range of aspect ratios, at least one bound given and the
    /// least no more than the most.
    static var aspect: ValueKind {
        let words = AspectCondition.shapes.map(\.0)
        let range = ValueKind<Void, AspectCondition.Bounds>.object(
            AspectCondition.rangeKeys, from: AspectCondition.Bounds()
        ) { (bounds, _, field, _) throws(PresetError) in
            guard bounds.minimum != nil || bounds.maximum != nil else {
                throw field.error("needs \"min\", \"max\" or both")
            }
            if let minimum = bounds.minimum, let maximum = bounds.maximum, minimum > maximum {
                throw field.error("\"min\" is more than \"max\"")
            }
        }
        return ValueKind<Void, String>.choice(words).map { (word, _, _) throws(PresetError) in
            AspectCondition.shapes.first { $0.0 == word }?.1 ?? .square
        }.or(
            object: range.map { (bounds, _, _) throws(PresetError) in
                .range(minimum: bounds.minimum, maximum: bounds.maximum)
            })
    }
}

extension ValueKind where Context == Void, Value == [(name: String, changes: JSONField)] {
    /// Layer names, each with an object of the keys to change in the layer of that name.
    static var layerChanges: ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("object")), ("additionalProperties", .object([("type", .string("object"))])),
            ]),
            type: "object"
        ) { (field, _) throws(PresetError) in
            guard case .object(let members) = field.value.kind else {
                throw field.error(
                    "must be an object of layer names to the keys to change (got \(field.value.summary))")
            }
            var problems = ProblemLog()
            let changes = members.compactMap { member -> (name: String, changes: JSONField)? in
                let changes = field.child(member.value, key: member.key)
                guard case .object = member.value.kind else {
                    problems.record(
                        changes.error(
                            "must be an object of the layer's keys to change (got \(member.value.summary))"))
                    return nil
                }
                return (member.key, changes)
            }
            try problems.finish()
            return changes
        }
    }
}
