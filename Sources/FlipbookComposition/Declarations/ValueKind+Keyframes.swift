import FlipbookJSON

extension ObjectDeclaration where Context == CompositionDecoder {
    /// The keys of a keyframe whose value is read as `value`.
    static func keyframe<Value>(value: ValueKind<CompositionDecoder, Value>) -> ObjectDeclaration
    where Model == KeyframeDraft<Value> {
        ObjectDeclaration(
            "keyframe",
            [
                .key("t", \.time, .time, default: .required, doc: "when, in the layer's own time"),
                .key(
                    "value", \.value, value, default: .required, type: "the property's", doc: "the value then"
                ),
                .key(
                    "easing", \.easing, .easing, default: "`easeInOut`",
                    doc: "how the value moves there from the keyframe before ([Easings](#easings))"),
            ])
    }
}

extension ValueKind where Context == CompositionDecoder, Value == Easing {
    /// An easing (`Easing(reading:)`): SwiftUI's curves and springs, CSS's keywords,
    /// `cubic-bezier()` and `steps()`, and the back, elastic and bounce curves.
    static var easing: ValueKind {
        ValueKind(
            schema: .object([
                ("description", .string(Easing.forms)), ("type", .string("string")),
                ("pattern", .string(Easing.schemaPattern)),
            ]),
            type: "easing"
        ) { (field, _) throws(PresetError) in try Easing(reading: field) }.named("easing")
    }
}

extension ValueKind where Context == CompositionDecoder, Value == JSONField {
    /// Any JSON value, as it is: what a keyframe's `value` is, said once for every property.
    static var anyValue: ValueKind {
        ValueKind(schema: .object([]), type: "the property's") { (field, _) throws(PresetError) in field }
    }
}

extension ValueKind where Context == CompositionDecoder {
    /// `value` keyframable (⌁): a constant, or a list of keyframes `{"t", "value", "easing"}` in
    /// time order, each value of that kind. Its schema refers to `#/$defs/keyframes` with the
    /// value's own schema beside it.
    static func keyframed<Inner: Hashable & Sendable>(_ value: ValueKind<CompositionDecoder, Inner>)
        -> ValueKind
    where Value == Animated<Inner> {
        let read = value.read
        let keys = ObjectDeclaration.keyframe(value: value)
        let keyframes = JSONOutput.reference("keyframes").setting(
            "items", to: .object([("properties", .object([("value", value.schema)]))]))
        var kind = ValueKind(
            schema: .object([("anyOf", .array([value.schema, keyframes]))]), type: value.typeText
        ) {
            (field, decoder) throws(PresetError) in
            guard case .array(let values) = field.value.kind, case .object = values.first?.kind else {
                return .constant(try read(field, decoder))
            }
            let items = try field.array()
            guard items.count <= CompositionDecoder.maximumKeyframes else {
                throw field.error(
                    "may have at most \(CompositionDecoder.maximumKeyframes) keyframes (got \(items.count))")
            }
            var frames: [Animated<Inner>.Keyframe] = []
            for item in items {
                let draft = try keys.decode(item, into: KeyframeDraft(), decoder)
                guard let value = draft.value else { throw item.error("missing required key \"value\"") }
                if let last = frames.last, draft.time < last.time {
                    throw item.error(
                        "keyframes must be in time order (\(JSONField.format(draft.time)) s comes after \(JSONField.format(last.time)) s)"
                    )
                }
                frames.append(.init(time: draft.time, value: value, easing: draft.easing))
            }
            guard let animated = Animated(keyframes: frames) else {
                throw field.error("must have at least one keyframe")
            }
            return animated
        }
        kind.changes = { (animated, from, to) in animated.moves(from, to) }
        return kind
    }
}
