/// A kind of JSON value — a time, a colour, a number in a range, a layer — declared once: how a
/// `JSONField` is read as one (with errors located at the field), the JSON Schema of its values
/// and the words the reference tables use for its type.
///
/// A key's declaration (`PropertyDeclaration`) names a kind instead of decoding by hand, so the
/// decoder, `schema/preset.schema.json` and the docs' tables describe the same values and
/// cannot drift apart. `Context` is what reading needs besides the JSON (a composition's decoder,
/// with its frame rate and files); `Value` is what it makes.
package struct ValueKind<Context, Value>: Sendable {
    /// The schema of the values as a property refers to it: inline, or a `$ref` into `$defs`
    /// for a kind shared by name (`named(_:)`).
    package var schema: JSONOutput
    /// A kind shared by name: its name and schema, for its `$defs` entry; `nil` for an inline one.
    package var definition: (name: String, schema: JSONOutput)?
    /// The type as the reference tables write it: "time", "0…1", "[x, y] lengths".
    package var typeText: String
    /// Reads a value, throwing an error located at the field.
    package var read: @Sendable (JSONField, Context) throws(PresetError) -> Value
    /// For a value that changes over time (keyframes): whether it can differ between two times
    /// `from` ≤ `to`. `nil` for a value that is the same at every time.
    package var changes: (@Sendable (Value, Double, Double) -> Bool)?

    package init(
        schema: JSONOutput, type: String,
        changes: (@Sendable (Value, Double, Double) -> Bool)? = nil,
        read: @escaping @Sendable (JSONField, Context) throws(PresetError) -> Value
    ) {
        (self.schema, self.typeText, self.changes, self.read) = (schema, type, changes, read)
    }

    /// The same kind shared by `name`: properties refer to `#/$defs/name`, whose entry is this
    /// kind's schema (`definition`).
    package func named(_ name: String) -> ValueKind {
        var kind = self
        kind.definition = (name, schema)
        kind.schema = .reference(name)
        return kind
    }

    /// Values of this kind that `transform` checks or turns into another value, with the same
    /// schema and type: a time that must be positive, a file name that must name a readable file.
    package func map<Other>(
        _ transform: @escaping @Sendable (Value, JSONField, Context) throws(PresetError) -> Other
    ) -> ValueKind<Context, Other> {
        let read = self.read
        var kind = ValueKind<Context, Other>(schema: schema, type: typeText) {
            (field, context) throws(PresetError) in
            try transform(try read(field, context), field, context)
        }
        kind.definition = definition
        return kind
    }

    /// The same schema and type, the field itself the value: for a property whose setter reads
    /// it against the keys read before it (an `output`'s `crf`, whose range is its format's).
    package var deferred: ValueKind<Context, JSONField> {
        var kind = ValueKind<Context, JSONField>(schema: schema, type: typeText) {
            (field, _) throws(PresetError) in
            field
        }
        kind.definition = definition
        return kind
    }

    /// This kind, or — when the field holds an object — `object` (a blur radius or `{"radius",
    /// "opaque"}`; a colour or a gradient): the schema allows either, this kind first.
    package func or(object: ValueKind) -> ValueKind {
        or(object, type: "\(typeText) or object") { if case .object = $0 { true } else { false } }
    }

    /// This kind, or — when the field holds an array — `array` (one entrance or a list of them;
    /// a volume or its keyframes): the schema allows either, this kind first.
    package func or(array: ValueKind, type: String) -> ValueKind {
        or(array, type: type) { if case .array = $0 { true } else { false } }
    }

    /// This kind, or `other` for a field whose value `takesOther`.
    private func or(
        _ other: ValueKind, type: String, when takesOther: @escaping @Sendable (JSONValue.Kind) -> Bool
    ) -> ValueKind {
        let (read, readOther) = (self.read, other.read)
        return ValueKind(
            schema: .object([("anyOf", .array([schema, other.schema]))]), type: type, changes: changes
        ) { (field, context) throws(PresetError) in
            if takesOther(field.value.kind) { return try readOther(field, context) }
            return try read(field, context)
        }
    }
}

extension JSONOutput {
    /// `{"$ref": "#/$defs/name"}`.
    package static func reference(_ name: String) -> JSONOutput {
        .object([("$ref", .string("#/$defs/\(name)"))])
    }

    /// The object with `name`'s value set to `value`: replaced where it is, or added — first for
    /// a description, last for anything else.
    package func setting(_ name: String, to value: JSONOutput) -> JSONOutput {
        guard case .object(let members) = self else { return self }
        if members.contains(where: { $0.0 == name }) {
            return .object(members.map { $0.0 == name ? (name, value) : $0 })
        }
        return .object(name == "description" ? [(name, value)] + members : members + [(name, value)])
    }
}
