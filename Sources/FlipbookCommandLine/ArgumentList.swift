import FlipbookJSON

/// The command line after the subcommand, read flag by flag.
///
/// Flags take their value as the next argument or after `=` (`--fps 60`, `--fps=60`). Anything
/// not starting with `-` is a positional argument.
struct ArgumentList: Sendable {
    private var arguments: [String]
    private(set) var positionals: [String] = []
    private var flags: [(name: String, value: String?)] = []

    /// Splits `arguments` into flags and positionals. `valueFlags` take a value; `switches` do
    /// not. Unknown flags are usage errors with a suggestion.
    init(_ arguments: [String], valueFlags: [String], switches: [String]) throws(CommandError) {
        self.arguments = arguments
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
            if switches.contains(name) {
                guard value == nil else { throw .usage("\(name) does not take a value") }
                flags.append((name, nil))
            } else if valueFlags.contains(name) {
                if value == nil {
                    guard index < arguments.count else { throw .usage("\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                flags.append((name, value))
            } else {
                let hint = DidYouMean.closest(to: name, among: valueFlags + switches)
                throw .usage("unknown option \(name)" + (hint.map { "; did you mean \($0)?" } ?? ""))
            }
        }
    }

    /// The value of the last occurrence of `name`, if given.
    func value(_ name: String) -> String? {
        flags.last { $0.name == name }?.value
    }

    /// Every value given for `name`, in order (for repeatable flags).
    func values(_ name: String) -> [String] {
        flags.filter { $0.name == name }.compactMap(\.value)
    }

    func has(_ name: String) -> Bool {
        flags.contains { $0.name == name }
    }

    /// The value of `name` parsed by `parse`; a usage error naming the flag when it does not parse.
    func parsed<T>(_ name: String, expected: String, _ parse: (String) -> T?) throws(CommandError) -> T? {
        guard let text = value(name) else { return nil }
        guard let result = parse(text) else {
            throw .usage("\(name) expects \(expected) (got \"\(text)\")")
        }
        return result
    }
}
