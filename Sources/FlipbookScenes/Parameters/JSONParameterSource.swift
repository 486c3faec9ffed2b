import FlipbookCanvas
import FlipbookJSON

/// Reads parameters from a JSON object strictly: types and ranges checked, unknown keys refused
/// by `finish()` with a did-you-mean.
package struct JSONParameterSource: ParameterSource {
    private var reader: JSONObjectReader
    private var fields: [String: JSONField] = [:]
    /// The longest text a parameter may hold, in characters (the `text-length` limit): text is
    /// shaped and drawn every frame.
    private let maximumTextLength: Int

    package init(_ field: JSONField, maximumTextLength: Int = SceneLimits().textLength) throws(PresetError) {
        reader = try field.object()
        self.maximumTextLength = maximumTextLength
    }

    package func finish() throws(PresetError) {
        try reader.finish()
    }

    private mutating func field(_ key: String) -> JSONField? {
        let field = reader.optional(key)
        fields[key] = field
        return field
    }

    package mutating func number(_ key: String, _ doc: String, default: Double, in range: ClosedRange<Double>)
        throws(PresetError) -> Double
    {
        try field(key)?.number(in: range) ?? `default`
    }

    package mutating func integer(_ key: String, _ doc: String, default: Int, in range: ClosedRange<Int>)
        throws(PresetError) -> Int
    {
        try field(key)?.integer(in: range) ?? `default`
    }

    package mutating func bool(_ key: String, _ doc: String, default: Bool) throws(PresetError) -> Bool {
        try field(key)?.bool() ?? `default`
    }

    package mutating func text(_ key: String, _ doc: String) throws(PresetError) -> String? {
        guard let field = field(key) else { return nil }
        let text = try field.string()
        guard text.count <= maximumTextLength else {
            throw field.error(
                SceneLimits.exceeded("text-length", limit: "\(maximumTextLength)", got: "\(text.count)")
            ).exceeding("text-length")
        }
        return text
    }

    package mutating func color(_ key: String, _ doc: String, default: Color) throws(PresetError) -> Color {
        try field(key)?.color() ?? `default`
    }

    package mutating func colors(_ key: String, _ doc: String, default: [Color]) throws(PresetError)
        -> [Color]
    {
        guard let list = field(key) else { return `default` }
        let items = try list.array()
        guard !items.isEmpty, items.count <= 64 else {
            throw list.error("must list between 1 and 64 colours (got \(items.count))")
        }
        return try items.map { (item) throws(PresetError) in try item.color() }
    }

    package mutating func choice(_ key: String, _ doc: String, default: String, among choices: [String])
        throws(PresetError) -> String
    {
        try field(key)?.choice(choices) ?? `default`
    }

    package mutating func optionalNumber(_ key: String, _ doc: String, in range: ClosedRange<Double>)
        throws(PresetError) -> Double?
    {
        try field(key)?.number(in: range)
    }

    package mutating func objects<Element>(
        _ key: String, _ doc: String, default: [Element], count: ClosedRange<Int>,
        element: (inout any ParameterSource) throws(PresetError) -> Element
    ) throws(PresetError) -> [Element] {
        guard let list = field(key) else { return `default` }
        let items = try list.array()
        guard count.contains(items.count) else {
            throw list.error(
                "must list between \(count.lowerBound) and \(count.upperBound) items (got \(items.count))")
        }
        return try items.map { (item) throws(PresetError) in
            let itemSource = try JSONParameterSource(item, maximumTextLength: maximumTextLength)
            var source: any ParameterSource = itemSource
            let value = try element(&source)
            try (source as? JSONParameterSource)?.finish()
            return value
        }
    }

    package func error(_ key: String?, _ message: String) -> PresetError {
        (key.flatMap { fields[$0] } ?? reader.field).error(message)
    }
}
