/// A key that code reads before the other keys of its object, because its value decides what
/// they are: a layer's `type` (which keys the layer has), an image's `file` (the picture the
/// layer is made of). Declared once: its table lists it (`PropertyDeclaration.apart`) for the
/// schema, the docs and the keys the object may have, and code reads it through here.
package struct KeyDeclaration<Context, Value>: Sendable {
    package let key: String
    package let kind: ValueKind<Context, Value>
    package let defaultValue: PropertyDefault
    package let doc: String

    package init(
        _ key: String, _ kind: ValueKind<Context, Value>,
        default defaultValue: PropertyDefault, doc: String
    ) {
        (self.key, self.kind, self.defaultValue, self.doc) = (key, kind, defaultValue, doc)
    }

    /// The value `reader` has for the key, which must be there.
    package func read(_ reader: inout JSONObjectReader, _ context: Context) throws(PresetError) -> Value {
        try kind.read(try reader.required(key), context)
    }

    /// The value `reader` has for the key, `nil` when it has none.
    package func readIfPresent(_ reader: inout JSONObjectReader, _ context: Context) throws(PresetError)
        -> Value?
    {
        guard let field = reader.optional(key) else { return nil }
        return try kind.read(field, context)
    }
}
