/// The keys of one kind of JSON object — a layer, a text layer's own keys, a soundtrack, the
/// `output` object — each declared once (`PropertyDeclaration`), in the order the docs list them.
///
/// From the table come the object's decoding (every key read on its own into the model, its
/// problems recorded while the rest are read, unknown keys refused with a did-you-mean, as
/// `JSONObjectReader` does), its JSON Schema, its reference table in the docs
/// (`markdownTable`) and, for keyframable properties, the names `--explain` gives their changes.
/// Rules across keys that no single declaration states (a sequence's children's starts) stay
/// code beside the table, run after it.
package struct ObjectDeclaration<Context, Model>: Sendable {
    /// The table's name where the docs hold it (`<!-- keys: name -->`).
    package let name: String
    package let properties: [PropertyDeclaration<Context, Model>]

    package init(_ name: String, _ properties: [PropertyDeclaration<Context, Model>]) {
        (self.name, self.properties) = (name, properties)
    }

    /// What reading an object found: the keys it has (not `null`), and those whose value could
    /// not be read (or that were missing while required).
    package struct Reading {
        package var fields: [String: JSONField] = [:]
        package var failed: Set<String> = []
    }

    package var keys: [String] { properties.map(\.name) }

    /// The property declared for `key`.
    package subscript(key: String) -> PropertyDeclaration<Context, Model>? {
        properties.first { $0.name == key }
    }

    /// Reads every declared key of `reader` into `model`, each on its own: a value that cannot
    /// be read, a required key that is missing and a broken rule are recorded in `problems`, and
    /// the other keys are still read. Keys read apart are left to the code that reads them (which
    /// makes them known). Unknown keys are left to the caller (`reader.unknownKeys()`), which may
    /// read more.
    package func read(
        _ reader: inout JSONObjectReader, into model: inout Model, _ context: Context,
        problems: inout ProblemLog
    ) -> Reading {
        var reading = Reading()
        let ordered = properties.enumerated().sorted {
            ($0.element.reading, $0.offset) < ($1.element.reading, $1.offset)
        }
        for property in ordered.map(\.element) {
            guard let assign = property.assign else { continue }
            let field: JSONField
            do throws(PresetError) {
                if property.isRequired {
                    field = try reader.required(property.name)
                } else if let present = reader.optional(property.name) {
                    field = present
                } else {
                    continue
                }
            } catch {
                problems.record(error)
                reading.failed.insert(property.name)
                continue
            }
            reading.fields[property.name] = field
            do throws(PresetError) {
                try Self.check(property.rule, of: property.name, at: field, in: reader.field)
                try assign(&model, field, context)
            } catch {
                problems.record(error)
                reading.failed.insert(property.name)
            }
        }
        return reading
    }

    /// Throws when `rule` is broken by the object `object` holding `key` at `field`.
    private static func check(
        _ rule: PropertyRule?, of key: String, at field: JSONField,
        in object: JSONField
    ) throws(PresetError) {
        switch rule {
        case .excludes(let other)? where object.has(other):
            throw field.error("give \"\(other)\" or \"\(key)\", not both")
        case .requires(let other, let message)? where !object.has(other):
            throw field.error(message)
        default:
            break
        }
    }

    /// The object `field` holds, read into `model` from its starting value: every problem in it
    /// — values, missing keys, unknown keys — thrown together; then `check`, the rules across its
    /// keys, on an object read whole.
    package func decode(
        _ field: JSONField, into model: Model, _ context: Context,
        check: (inout Model, Reading, Context) throws(PresetError) -> Void = { _, _, _ in }
    ) throws(PresetError) -> Model {
        var reader = try field.object()
        return try decode(&reader, into: model, context, check: check)
    }

    /// The object `reader` reads (whose keys read apart were read already) into `model`, as
    /// `decode(_:into:_:check:)` reads a field's.
    package func decode(
        _ reader: inout JSONObjectReader, into model: Model, _ context: Context,
        check: (inout Model, Reading, Context) throws(PresetError) -> Void = { _, _, _ in }
    ) throws(PresetError) -> Model {
        var model = model
        var problems = ProblemLog()
        let reading = read(&reader, into: &model, context, problems: &problems)
        for problem in reader.unknownKeys() { problems.record(problem) }
        try problems.finish()
        try check(&model, reading, context)
        return model
    }

    /// The names `--explain` gives the keyframed properties of `model` that can change between
    /// times `from` ≤ `to`, each once, in the table's order.
    package func changes(of model: Model, from: Double, to: Double) -> [String] {
        var names: [String] = []
        for property in properties where property.changes(model, from: from, to: to) {
            if let name = property.changeName, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether any keyframed property of `model` can change between times `from` ≤ `to`.
    package func anyChanges(of model: Model, from: Double, to: Double) -> Bool {
        properties.contains { $0.changes(model, from: from, to: to) }
    }

    /// Whether any property is keyframable.
    package var isKeyframable: Bool { properties.contains(where: \.isKeyframable) }
}
