/// A parsed JSON value that remembers where it stood in the file, so every later complaint
/// about it ("must be positive") can point at its line and column.
package struct JSONValue: Sendable {
    /// One member of an object, in file order.
    package struct Member: Sendable {
        package var key: String
        package var keyLocation: TextLocation
        package var value: JSONValue

        package init(key: String, keyLocation: TextLocation, value: JSONValue) {
            (self.key, self.keyLocation, self.value) = (key, keyLocation, value)
        }
    }

    package enum Kind: Sendable {
        case object([Member])
        case array([JSONValue])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    package var kind: Kind
    package var location: TextLocation
    /// A number's text as the file wrote it (`29.97`), so that exact readings — a frame rate as
    /// a fraction — need not go through a `Double`; `nil` for other values and built ones.
    package var literal: String?

    package init(kind: Kind, location: TextLocation, literal: String? = nil) {
        (self.kind, self.location, self.literal) = (kind, location, literal)
    }

    /// A short rendering of the value for error messages ("got …").
    package var summary: String {
        switch kind {
        case .object(let members): return members.isEmpty ? "{}" : "an object"
        case .array(let items): return items.isEmpty ? "[]" : "an array"
        case .string(let text): return "\"\(text.count > 40 ? text.prefix(40) + "…" : text)\""
        case .number(let number):
            // As written, when short: a number a `Double` cannot hold exactly (2⁵³ + 1) is then
            // shown as the user wrote it, not as it was read.
            if let literal, literal.count <= 24 { return literal }
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): return String(flag)
        case .null: return "null"
        }
    }
}
