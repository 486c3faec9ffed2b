/// What the declarations say to people and editors: the object's JSON Schema and its
/// reference table in the docs.
extension ObjectDeclaration {
    /// Each property's schema, described, in the table's order.
    package var propertySchemas: [(String, JSONOutput)] { properties.map { ($0.name, $0.schema) } }

    /// The keys that must be given.
    package var requiredKeys: [String] { properties.filter(\.isRequired).map(\.name) }

    /// The schema of the object: its properties, the required ones, no others.
    package var schema: JSONOutput {
        let required = requiredKeys
        return .object(
            [("type", .string("object"))]
                + (required.isEmpty ? [] : [("required", .array(required.map { .string($0) }))])
                + [("additionalProperties", .bool(false)), ("properties", .object(propertySchemas))])
    }

    /// The reference table the docs hold between `<!-- keys: name -->` and `<!-- /keys -->`:
    /// a row per key with its type (⌁: keyframable), default and meaning.
    package var markdownTable: String {
        var text =
            "<!-- keys: \(name) -->\n| key | type | default | meaning |\n|-----|------|---------|---------|\n"
        for property in properties {
            let type = property.typeText + (property.isKeyframable ? " ⌁" : "")
            let shown: String
            switch property.defaultValue {
            case .required: shown = "required"
            case .absent: shown = "—"
            case .shown(let text): shown = text
            }
            text += "| `\(property.name)` | \(type) | \(shown) | \(property.doc) |\n"
        }
        return text + "<!-- /keys -->\n"
    }
}
