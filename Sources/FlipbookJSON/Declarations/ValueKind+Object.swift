/// Objects of declared keys as values of other keys: a shadow, a stroke, a soundtrack.
extension ValueKind {
    /// An object of `keys`, read into `initial` (every problem in it thrown together), then held to
    /// `check`; keyframable when a key is.
    package static func object(
        _ keys: ObjectDeclaration<Context, Value>, from initial: Value,
        check:
            @escaping @Sendable (inout Value, ObjectDeclaration<Context, Value>.Reading, JSONField, Context)
            throws(PresetError) -> Void = { _, _, _, _ in }
    ) -> ValueKind where Value: Sendable {
        object(keys, initial: { _, _ in initial }, check: check)
    }

    /// An object of `keys`, read into the value `initial` makes for its field, then held to `check`.
    package static func object(
        _ keys: ObjectDeclaration<Context, Value>, initial: @escaping @Sendable (JSONField, Context) -> Value,
        check:
            @escaping @Sendable (inout Value, ObjectDeclaration<Context, Value>.Reading, JSONField, Context)
            throws(PresetError) -> Void = { _, _, _, _ in }
    ) -> ValueKind {
        let changes: (@Sendable (Value, Double, Double) -> Bool)? =
            keys.isKeyframable
            ? { @Sendable (value: Value, from: Double, to: Double) in
                keys.anyChanges(of: value, from: from, to: to)
            }
            : nil
        return ValueKind(schema: keys.schema, type: "object", changes: changes) {
            (field, context) throws(PresetError) -> Value in
            let checkObject:
                (inout Value, ObjectDeclaration<Context, Value>.Reading, Context) throws(PresetError) -> Void =
                    {
                        (value, reading, context) throws(PresetError) in
                        try check(&value, reading, field, context)
                    }
            return try keys.decode(field, into: initial(field, context), context, check: checkObject)
        }
    }
}
