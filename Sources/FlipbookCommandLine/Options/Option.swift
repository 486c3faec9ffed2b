import Flipbook

/// One command-line option, declared once with the type of its value: its spellings, value
/// parser (holding the range or choices), default, help line, doc text, the commands that take
/// it and the outputs it means something for. Reading it from an `ArgumentList` gives that type,
/// already parsed and checked when the line was read (`list[\.threads]` is an `Int?`), so a
/// value is never parsed again where it is used, and a misspelt option does not compile.
///
/// Its shape is its type, as a property's is in swift-argument-parser (`@Option var n: Int?`):
/// - `Option<Int?>`: a value, `nil` when not given; given twice, the last counts;
/// - `Option<Int>`: a value with a default (`default:`), which help and the docs show;
/// - `Option<[String]>`: repeatable (`repeatable:`), every value kept in order;
/// - `Option<Bool>`: a switch (`flag:`), given or not.
///
/// In `help` and `doc`, `{range}` stands for the parser's range as help writes it (`1…256`), so
/// that a range is stated once; a default is added at the end, as ` (default 4)`.
struct Option<Value: Sendable>: Sendable, DeclaresOption {
    let declaration: OptionDeclaration
    /// The value, from the parsed values given for the option, in order.
    let read: @Sendable ([any Sendable]) -> Value

    /// The full name, `--threads`.
    var name: String { declaration.name }

    /// The words that give it `value` on another command line (`OptionDeclaration.arguments`).
    func arguments(_ value: String? = nil) -> [String] { declaration.arguments(value) }

    /// An option taking a value, read as `nil` when it is not given.
    init<Wrapped>(
        _ name: String, alias: String? = nil, valueName: String, _ parser: ValueParser<Wrapped>,
        group: OptionDeclaration.Group = .rendering, commands: Set<Subcommand>, help: String,
        doc: String? = nil,
        use: OutputUse? = nil, sets setting: EncodingSetting? = nil
    ) where Value == Wrapped? {
        declaration = Self.declaration(
            name, alias: alias, valueName: valueName, parser: parser, defaultText: nil, repeatable: false,
            group: group, commands: commands, help: help, doc: doc, use: use, setting: setting)
        read = { values in values.last.flatMap { $0 as? Wrapped } }
    }

    /// An option taking a value, read as `defaultValue` when it is not given.
    init(
        _ name: String, alias: String? = nil, valueName: String, _ parser: ValueParser<Value>,
        default defaultValue: Value, group: OptionDeclaration.Group = .rendering, commands: Set<Subcommand>,
        help: String, doc: String? = nil, use: OutputUse? = nil
    ) {
        declaration = Self.declaration(
            name, alias: alias, valueName: valueName, parser: parser,
            defaultText: parser.describe(defaultValue),
            repeatable: false, group: group, commands: commands, help: help, doc: doc, use: use, setting: nil)
        read = { values in (values.last as? Value) ?? defaultValue }
    }

    /// An option that may be given many times, read as every value given, in order.
    init<Element>(
        repeatable name: String, valueName: String, _ parser: ValueParser<Element>,
        group: OptionDeclaration.Group = .rendering, commands: Set<Subcommand>, help: String,
        doc: String? = nil,
        use: OutputUse? = nil
    ) where Value == [Element] {
        declaration = Self.declaration(
            name, alias: nil, valueName: valueName, parser: parser, defaultText: nil, repeatable: true,
            group: group, commands: commands, help: help, doc: doc, use: use, setting: nil)
        read = { values in values.compactMap { $0 as? Element } }
    }

    /// A switch, taking no value: read as whether it was given.
    init(
        flag name: String, alias: String? = nil, group: OptionDeclaration.Group = .rendering,
        commands: Set<Subcommand>, help: String, doc: String? = nil, use: OutputUse? = nil
    ) where Value == Bool {
        declaration = Self.declaration(
            name, alias: alias, valueName: nil, parser: ValueParser<Bool>?.none, defaultText: nil,
            repeatable: false, group: group, commands: commands, help: help, doc: doc, use: use, setting: nil)
        read = { values in !values.isEmpty }
    }

    /// The declaration of any shape: `help` and `doc` with the range written in for `{range}`
    /// and the default added.
    private static func declaration<Parsed>(
        _ name: String, alias: String?, valueName: String?, parser: ValueParser<Parsed>?,
        defaultText: String?,
        repeatable: Bool, group: OptionDeclaration.Group, commands: Set<Subcommand>, help: String,
        doc: String?,
        use: OutputUse?, setting: EncodingSetting?
    ) -> OptionDeclaration {
        func written(_ text: String) -> String {
            var text = text
            if let range = parser?.range { text = text.replacingOccurrences(of: "{range}", with: range) }
            // A declaration's own mistake, seen by every command (and test) the moment it runs.
            precondition(!text.contains("{range}"), "\(name) writes {range} but its value has no range")
            return text + (defaultText.map { " (default \($0))" } ?? "")
        }
        var parse: (@Sendable (String) -> (any Sendable)?)?
        if let parser { parse = { text in parser.parse(text) } }
        return OptionDeclaration(
            name: name, alias: alias, valueName: valueName, repeatable: repeatable, group: group,
            commands: commands, help: written(help), doc: written(doc ?? help), use: use, setting: setting,
            expected: parser?.expected ?? "", completion: parser?.completion ?? .nothing, parse: parse)
    }
}
