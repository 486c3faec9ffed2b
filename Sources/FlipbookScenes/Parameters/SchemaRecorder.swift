import FlipbookCanvas
import FlipbookJSON

/// Describes parameters instead of reading them: each call records the parameter (for the
/// JSON Schema and `flipbook scenes`) and returns its default.
package struct SchemaRecorder: ParameterSource {
    /// One recorded parameter.
    package struct Parameter: Sendable {
        package var key: String
        package var doc: String
        /// The parameter's JSON Schema.
        package var schema: JSONOutput
        /// The default, as shown to people.
        package var defaultText: String
    }

    package private(set) var parameters: [Parameter] = []

    package init() {}

    /// The object schema of everything recorded: no other keys allowed.
    package var schema: JSONOutput {
        .object([
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("properties", .object(parameters.map { ($0.key, $0.schema) })),
        ])
    }

    private mutating func record(
        _ key: String, _ doc: String, _ schema: [(String, JSONOutput)], _ shown: String
    ) {
        parameters.append(
            Parameter(
                key: key, doc: doc, schema: .object([("description", .string(doc))] + schema),
                defaultText: shown))
    }

    package mutating func number(_ key: String, _ doc: String, default: Double, in range: ClosedRange<Double>)
        throws(PresetError) -> Double
    {
        record(
            key, doc,
            [
                ("type", .string("number")), ("minimum", .number(range.lowerBound)),
                ("maximum", .number(range.upperBound)), ("default", .number(`default`)),
            ], JSONField.format(`default`))
        return `default`
    }

    package mutating func integer(_ key: String, _ doc: String, default: Int, in range: ClosedRange<Int>)
        throws(PresetError) -> Int
    {
        record(
            key, doc,
            [
                ("type", .string("integer")), ("minimum", .integer(range.lowerBound)),
                ("maximum", .integer(range.upperBound)), ("default", .integer(`default`)),
            ], String(`default`))
        return `default`
    }

    package mutating func bool(_ key: String, _ doc: String, default: Bool) throws(PresetError) -> Bool {
        record(key, doc, [("type", .string("boolean")), ("default", .bool(`default`))], String(`default`))
        return `default`
    }

    package mutating func text(_ key: String, _ doc: String) throws(PresetError) -> String? {
        record(key, doc, [("type", .string("string"))], "none")
        return nil
    }

    package mutating func color(_ key: String, _ doc: String, default: Color) throws(PresetError) -> Color {
        record(
            key, doc, Self.colorSchema + [("default", .string(Self.name(of: `default`)))],
            Self.name(of: `default`))
        return `default`
    }

    package mutating func colors(_ key: String, _ doc: String, default: [Color]) throws(PresetError)
        -> [Color]
    {
        let names = `default`.map(Self.name(of:))
        record(
            key, doc,
            [
                ("type", .string("array")), ("minItems", .integer(1)), ("maxItems", .integer(64)),
                ("items", .object(Self.colorSchema)), ("default", .array(names.map { .string($0) })),
            ], names.joined(separator: ", "))
        return `default`
    }

    package mutating func choice(_ key: String, _ doc: String, default: String, among choices: [String])
        throws(PresetError) -> String
    {
        record(
            key, doc, [("enum", .array(choices.map { .string($0) })), ("default", .string(`default`))],
            `default`)
        return `default`
    }

    package mutating func optionalNumber(_ key: String, _ doc: String, in range: ClosedRange<Double>)
        throws(PresetError) -> Double?
    {
        record(
            key, doc,
            [
                ("type", .string("number")), ("minimum", .number(range.lowerBound)),
                ("maximum", .number(range.upperBound)),
            ],
            "none")
        return nil
    }

    package mutating func objects<Element>(
        _ key: String, _ doc: String, default: [Element], count: ClosedRange<Int>,
        element: (inout any ParameterSource) throws(PresetError) -> Element
    ) throws(PresetError) -> [Element] {
        var source: any ParameterSource = SchemaRecorder()
        _ = try element(&source)
        let item = (source as? SchemaRecorder)?.schema ?? .object([])
        record(
            key, doc,
            [
                ("type", .string("array")), ("minItems", .integer(count.lowerBound)),
                ("maxItems", .integer(count.upperBound)), ("items", item),
            ], "\(`default`.count) item(s)")
        return `default`
    }

    package func error(_ key: String?, _ message: String) -> PresetError {
        PresetError(file: "schema", location: nil, path: key ?? "", message: message)
    }

    /// A colour (`ColorSyntax`): a name, hex, `rgb()` or `hsl()`. Names are listed as written
    /// lowercase, and the functions' names matched in either case, as the reader matches them.
    package static let colorSchema: [(String, JSONOutput)] = [
        (
            "anyOf",
            .array([
                .object([("enum", .array(ColorSyntax.names.map { .string($0) }))]),
                .object([
                    ("type", .string("string")),
                    ("pattern", .string("^ *#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8}) *$")),
                ]),
                .object([
                    ("type", .string("string")),
                    ("pattern", .string("^ *([rR][gG][bB][aA]?|[hH][sS][lL][aA]?) *\\(.*\\) *$")),
                ]),
            ])
        )
    ]

    static func name(of color: Color) -> String {
        Color.named.first { $0.color == color }?.name ?? color.hexString
    }
}
