/// One command-line option, declared once: from its declaration come parsing (which commands
/// take it, whether it takes a value), validation of its value (`Check`), the `--help` texts and
/// the option tables in `docs/cli.md` (`OptionCatalog`).
struct Option: Sendable {
    /// The commands that take options.
    enum Command: String, CaseIterable, Sendable {
        case render, still, batch, validate, join, farm
    }

    /// Where an option is listed in `--help`.
    enum Group: String, Sendable {
        case output = "OUTPUT"
        case rendering = "RENDERING"
        case general = "GENERAL"
    }

    /// What a value must be; checked when the command line is read, so a bad value is a usage
    /// error naming the flag before any work starts.
    enum Check: Sendable {
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// A finite number in the range.
        case number(ClosedRange<Double>)
        /// Any text (checked where it is used: a key path, a limit, a path).
        case text
        /// Text that `valid` accepts.
        case custom(@Sendable (String) -> Bool)
    }

    let name: String
    /// A one-letter alias (`-o`).
    var alias: String?
    /// The value's name in help (`N`, `PATH`); `nil` for a switch.
    var value: String?
    /// What a value must be, as told in the usage error (`a whole number from 1 to 256`).
    var expected = ""
    var check = Check.text
    /// Whether it may be given more than once (`--set`, `--limit`).
    var repeatable = false
    var group = Group.rendering
    var commands: Set<Command>
    /// One line for `--help`.
    var help: String
    /// The meaning in `docs/cli.md`'s table; the help line when `nil`.
    var doc: String?
    /// The outputs it means something for; `nil` for every output.
    var use: OutputUse?

    /// Whether `text` is a valid value.
    func accepts(_ text: String) -> Bool {
        switch check {
        case .integer(let range): Int(text).map(range.contains) ?? false
        case .number(let range): Double(text).map { $0.isFinite && range.contains($0) } ?? false
        case .text: true
        case .custom(let valid): valid(text)
        }
    }

    /// `-o`, `--output PATH` as help and docs show it.
    var label: String {
        (alias.map { "\($0), " } ?? "") + name + (value.map { " \($0)" } ?? "")
    }
}
