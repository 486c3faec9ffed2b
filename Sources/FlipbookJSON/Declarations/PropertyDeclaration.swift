/// One key of a JSON object, declared once: its name, its meaning, the kind of value it takes
/// (`ValueKind`: decoding, schema, type), its default as the docs show it, whether it can be
/// keyframed and what `--explain` calls its change, and where its value goes in the model.
///
/// Tables of these (`ObjectDeclaration`) decode an object — each key read on its own, a problem
/// located and recorded while the rest is still read, unknown keys answered with a did-you-mean —
/// and produce its JSON Schema and its reference table in the docs. So a property is written in
/// one place, beside the code that draws it, and nowhere else.
package struct PropertyDeclaration<Context, Model>: Sendable {
    /// The key, as files write it.
    package let name: String
    /// What it means, as the reference table's "meaning" column and the schema's description say.
    package let doc: String
    /// The type as the reference table writes it (without the keyframe mark).
    package let typeText: String
    package let defaultValue: PropertyDefault
    /// The schema of its values, without the description.
    package let valueSchema: JSONOutput
    /// What `--explain` calls a change of a keyframable property ("opacity", "3D rotation");
    /// `nil` for one that cannot change over time.
    package let changeName: String?
    package var rule: PropertyRule?
    package var reading = PropertyReadingOrder.inOrder
    /// Whether the value can differ between two times of the model (keyframes between them).
    let changes: (@Sendable (Model, Double, Double) -> Bool)?
    /// Reads the value and puts it into the model; `nil` for a key that code reads before the
    /// others (a layer's `type`, which says which keys the layer has), only declared here.
    let assign: (@Sendable (inout Model, JSONField, Context) throws(PresetError) -> Void)?

    package var isRequired: Bool {
        if case .required = defaultValue { return true }
        return false
    }

    package var isKeyframable: Bool { changeName != nil }

    /// The property's schema, described.
    package var schema: JSONOutput {
        valueSchema.setting("description", to: .string(Self.plain(doc)))
    }

    /// `doc` without Markdown's link syntax, for the schema: `[audio.md](audio.md)` reads
    /// "audio.md".
    static func plain(_ doc: String) -> String {
        doc.replacing(/\[([^\]]*)\]\([^)]*\)/) { $0.output.1 }
    }

    /// Whether the property of `model` can differ between times `from` ≤ `to`.
    package func changes(_ model: Model, from: Double, to: Double) -> Bool {
        changes?(model, from, to) ?? false
    }
}

extension PropertyDeclaration {
    /// `key`, read as `kind` and put into the model by `set`; keyframable when the kind is,
    /// `changes` then saying whether the model's value moves.
    package static func key<Value>(
        _ key: String, _ kind: ValueKind<Context, Value>, default defaultValue: PropertyDefault,
        type: String? = nil, explain: String? = nil, doc: String,
        changes: (@Sendable (Model, Double, Double) -> Bool)? = nil,
        set: @escaping @Sendable (inout Model, Value, JSONField, Context) throws(PresetError) -> Void
    ) -> PropertyDeclaration {
        let read = kind.read
        return PropertyDeclaration(
            name: key, doc: doc, typeText: type ?? kind.typeText, defaultValue: defaultValue,
            valueSchema: kind.schema, changeName: changes == nil ? nil : explain ?? key, changes: changes
        ) { (model, field, context) throws(PresetError) in
            try set(&model, try read(field, context), field, context)
        }
    }

    /// `key`, read as `kind` into the model's `path`.
    package static func key<Value>(
        _ key: String, _ path: WritableKeyPath<Model, Value> & Sendable, _ kind: ValueKind<Context, Value>,
        default defaultValue: PropertyDefault, type: String? = nil, explain: String? = nil, doc: String
    ) -> PropertyDeclaration {
        let changes = kind.changes.map { changes in
            { @Sendable (model: Model, from: Double, to: Double) in changes(model[keyPath: path], from, to) }
        }
        return .key(
            key, kind, default: defaultValue, type: type, explain: explain, doc: doc, changes: changes
        ) { (model, value, _, _) in model[keyPath: path] = value }
    }

    /// `key`, read as `kind` into the model's optional `path` (`nil` when it is left out).
    package static func key<Value>(
        _ key: String, _ path: WritableKeyPath<Model, Value?> & Sendable, _ kind: ValueKind<Context, Value>,
        default defaultValue: PropertyDefault, type: String? = nil, explain: String? = nil, doc: String
    ) -> PropertyDeclaration {
        let changes = kind.changes.map { changes in
            { @Sendable (model: Model, from: Double, to: Double) in
                model[keyPath: path].map { changes($0, from, to) } ?? false
            }
        }
        return .key(
            key, kind, default: defaultValue, type: type, explain: explain, doc: doc, changes: changes
        ) { (model, value, _, _) in model[keyPath: path] = value }
    }

    /// A key that code reads before the others (`KeyDeclaration`), declared in the table too:
    /// its schema, its row in the docs, a key the object may have.
    package static func apart<Value>(_ declaration: KeyDeclaration<Context, Value>) -> PropertyDeclaration {
        PropertyDeclaration(
            name: declaration.key, doc: declaration.doc, typeText: declaration.kind.typeText,
            defaultValue: declaration.defaultValue, valueSchema: declaration.kind.schema, changeName: nil,
            changes: nil, assign: nil)
    }

    /// The same property checked by `rule` before its value is read.
    package func checked(_ rule: PropertyRule) -> PropertyDeclaration {
        var property = self
        property.rule = rule
        return property
    }

    /// The same property, read before or after the others.
    package func read(_ reading: PropertyReadingOrder) -> PropertyDeclaration {
        var property = self
        property.reading = reading
        return property
    }

    /// The same property of a model kept at `path` in a larger one (a sequence's group).
    package func lifted<Outer>(to path: WritableKeyPath<Outer, Model> & Sendable)
        -> PropertyDeclaration<Context, Outer>
    {
        var liftedChanges: (@Sendable (Outer, Double, Double) -> Bool)?
        if let changes {
            liftedChanges = { (outer: Outer, from: Double, to: Double) in
                changes(outer[keyPath: path], from, to)
            }
        }
        var liftedAssign: (@Sendable (inout Outer, JSONField, Context) throws(PresetError) -> Void)?
        if let assign {
            liftedAssign = { (outer: inout Outer, field: JSONField, context: Context) throws(PresetError) in
                var inner = outer[keyPath: path]
                try assign(&inner, field, context)
                outer[keyPath: path] = inner
            }
        }
        var lifted = PropertyDeclaration<Context, Outer>(
            name: name, doc: doc, typeText: typeText, defaultValue: defaultValue, valueSchema: valueSchema,
            changeName: changeName, changes: liftedChanges, assign: liftedAssign)
        (lifted.rule, lifted.reading) = (rule, reading)
        return lifted
    }
}
