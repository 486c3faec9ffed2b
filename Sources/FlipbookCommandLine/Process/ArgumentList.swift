import Flipbook

/// The command line after the subcommand, read flag by flag against the command's declared
/// options (`OptionCatalog`).
///
/// Flags take their value as the next argument or after `=` (`--fps 60`, `--fps=60`); anything
/// not starting with `-` is a positional argument. Each value is parsed into its type by its
/// declaration while the line is read, so a bad value is a usage error naming the flag before
/// any work starts. An option the command does not take is a usage error too, whether Flipbook
/// knows it for another command ("batch does not take --at") or not at all (with a suggestion).
///
/// Options are read by their declarations' key paths, already typed: `list[\.threads]` is an
/// `Int?`, `list[\.columns]` an `Int` (its default when not given), `list[\.audio]` a
/// `[String]` and `list[\.dryRun]` a `Bool`. Nothing reads an option by a string, so a misspelt
/// name does not compile.
struct ArgumentList: Sendable {
    private(set) var positionals: [String] = []
    /// The options given, in order, by their full names (`-o` is recorded as `--output`): the
    /// text given and the value its declaration parsed from it (`true` for a switch).
    private var given: [(name: String, text: String?, value: any Sendable)] = []

    /// Reads `arguments` for `command`.
    init(_ arguments: [String], command: Subcommand) throws(CommandError) {
        let options = OptionCatalog.options(for: command)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.isSpelled(name) }) else {
                if OptionCatalog.option(spelled: name) != nil {
                    throw .usage("\(command.rawValue) does not take \(name)")
                }
                let names = options.flatMap { [$0.name] + ($0.alias.map { [$0] } ?? []) }
                let hint = DidYouMean.closest(to: name, among: names)
                throw .usage("unknown option \(name)" + (hint.map { "; did you mean \($0)?" } ?? ""))
            }
            guard let parse = option.parse else {
                guard value == nil else { throw .usage("\(name) does not take a value") }
                given.append((option.name, nil, true))
                continue
            }
            if value == nil {
                guard index < arguments.count else { throw .usage("\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            let text = value ?? ""
            guard let parsed = parse(text) else { throw .usage(Self.refusal(of: text, by: option)) }
            given.append((option.name, text, parsed))
        }
    }

    /// The usage error for `text`, which `option` cannot read: what a value must be, the nearest
    /// of its words if it has some (`--format expects one of h264, …; did you mean "gif"? (got
    /// "gfi")`).
    private static func refusal(of text: String, by option: OptionDeclaration) -> String {
        var hint = ""
        if case .words(let words) = option.completion, let near = DidYouMean.closest(to: text, among: words) {
            hint = "; did you mean \"\(near)\"?"
        }
        return "\(option.name) expects \(option.expected)\(hint) (got \"\(text)\")"
    }

    /// The value of `option`, as its shape reads it: the last value given (else `nil` or its
    /// default), every value of a repeatable option, whether a switch was given.
    subscript<Value>(_ option: KeyPath<OptionCatalog, Option<Value>>) -> Value {
        let option = OptionCatalog.declared[keyPath: option]
        return option.read(given.filter { $0.name == option.name }.map(\.value))
    }

    /// Whether `option` was given, whatever its value.
    func has<Value>(_ option: KeyPath<OptionCatalog, Option<Value>>) -> Bool {
        has(OptionCatalog.declared[keyPath: option].declaration)
    }

    /// Whether the option `declaration` declares was given.
    func has(_ declaration: OptionDeclaration) -> Bool {
        given.contains { $0.name == declaration.name }
    }

    /// How many times `option` was given.
    func count<Value>(of option: KeyPath<OptionCatalog, Option<Value>>) -> Int {
        let name = OptionCatalog.declared[keyPath: option].name
        return given.filter { $0.name == name }.count
    }

    /// The one preset file a command that takes exactly one was given (`command` names it in
    /// the usage error otherwise).
    func onePreset(for command: String) throws(CommandError) -> String {
        guard positionals.count == 1, let path = positionals.first else {
            throw .usage(
                positionals.isEmpty
                    ? "\(command) needs a preset file"
                    : "\(command) takes one preset file (got \(positionals.count))")
        }
        return path
    }

    /// The first of `options` that was given, in the order of `options`.
    func first(of options: [PartialKeyPath<OptionCatalog>]) -> OptionDeclaration? {
        Self.declarations(options).first(where: has)
    }

    /// Every option given but `excluded`, as `--name=value` in order: what a render was asked
    /// for, for a chunk's content hash and a farm's job script.
    func flags(except excluded: [PartialKeyPath<OptionCatalog>]) -> [String] {
        let names = Set(Self.declarations(excluded).map(\.name))
        return given.filter { !names.contains($0.name) }.map { option in
            option.text.map { "\(option.name)=\($0)" } ?? option.name
        }
    }

    /// The words that give `options` again on another command line, in the order of `options`:
    /// a switch if it was given, the last value of an option, every value of a repeatable one.
    func arguments(for options: [PartialKeyPath<OptionCatalog>]) -> [String] {
        Self.declarations(options).flatMap { declaration in
            let texts = given.filter { $0.name == declaration.name }.map(\.text)
            guard declaration.parse != nil else { return texts.isEmpty ? [] : [declaration.name] }
            let kept = declaration.repeatable ? texts : texts.suffix(1)
            return kept.flatMap { [declaration.name, $0 ?? ""] }
        }
    }

    /// The declarations `keys` lead to.
    private static func declarations(_ keys: [PartialKeyPath<OptionCatalog>]) -> [OptionDeclaration] {
        keys.compactMap { (OptionCatalog.declared[keyPath: $0] as? any DeclaresOption)?.declaration }
    }
}
