import FlipbookJSON

/// The command line after the subcommand, read flag by flag against the command's declared
/// options (`OptionCatalog`).
///
/// Flags take their value as the next argument or after `=` (`--fps 60`, `--fps=60`); anything
/// not starting with `-` is a positional argument. Each value is checked as its declaration says
/// while the line is read, so a bad value is a usage error naming the flag before any work
/// starts. An option the command does not take is a usage error too, whether Flipbook knows it
/// for another command ("batch does not take --at") or not at all (with a suggestion).
struct ArgumentList: Sendable {
    private(set) var positionals: [String] = []
    /// The flags given, by their full names (`-o` is recorded as `--output`).
    private var flags: [(name: String, value: String?)] = []

    /// Reads `arguments` for `command`.
    init(_ arguments: [String], command: Option.Command) throws(CommandError) {
        try self.init(arguments, options: OptionCatalog.options(for: command), command: command.rawValue)
    }

    /// Reads `arguments` against `options`; `command` names the command in messages.
    init(_ arguments: [String], options: [Option], command: String) throws(CommandError) {
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
            guard let option = options.first(where: { $0.name == name || $0.alias == name }) else {
                if OptionCatalog.option(named: name) != nil {
                    throw .usage("\(command) does not take \(name)")
                }
                let names = options.flatMap { [$0.name] + ($0.alias.map { [$0] } ?? []) }
                let hint = DidYouMean.closest(to: name, among: names)
                throw .usage("unknown option \(name)" + (hint.map { "; did you mean \($0)?" } ?? ""))
            }
            guard option.value != nil else {
                guard value == nil else { throw .usage("\(name) does not take a value") }
                flags.append((option.name, nil))
                continue
            }
            if value == nil {
                guard index < arguments.count else { throw .usage("\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            guard let value, option.accepts(value) else {
                throw .usage("\(option.name) expects \(option.expected) (got \"\(value ?? "")\")")
            }
            flags.append((option.name, value))
        }
    }

    /// The full name of the flag `name` (an alias such as `-o` becomes `--output`).
    private func canonical(_ name: String) -> String {
        OptionCatalog.option(named: name)?.name ?? name
    }

    /// The value of the last occurrence of `name`, if given.
    func value(_ name: String) -> String? {
        let name = canonical(name)
        return flags.last { $0.name == name }?.value
    }

    /// Every value given for `name`, in order (for repeatable flags).
    func values(_ name: String) -> [String] {
        let name = canonical(name)
        return flags.filter { $0.name == name }.compactMap(\.value)
    }

    /// Every flag given but those in `names`, as `--name=value` in order: what a render was
    /// asked for, for a chunk's content hash.
    func flags(except names: Set<String>) -> [String] {
        flags.filter { !names.contains($0.name) }.map { flag in
            flag.value.map { "\(flag.name)=\($0)" } ?? flag.name
        }
    }

    func has(_ name: String) -> Bool {
        let name = canonical(name)
        return flags.contains { $0.name == name }
    }

    /// The value of `name` (already checked against its declaration) made into a `T`.
    func parsed<T>(_ name: String, _ parse: (String) -> T?) throws(CommandError) -> T? {
        guard let text = value(name) else { return nil }
        guard let result = parse(text) else {
            let expected = OptionCatalog.option(named: name)?.expected ?? "a valid value"
            throw .usage("\(canonical(name)) expects \(expected) (got \"\(text)\")")
        }
        return result
    }
}
