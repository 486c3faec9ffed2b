import Flipbook

/// What the command line, `--help`, `docs/cli.md` and shell completion need of an option,
/// whatever its value's type: its spellings, which commands take it, what its value must be and
/// what it means. Each `Option` makes one; `OptionCatalog.all` lists them all.
struct OptionDeclaration: Sendable {
    /// Where an option is listed in `--help`.
    enum Group: String, Sendable {
        case output = "OUTPUT"
        case rendering = "RENDERING"
        case general = "GENERAL"
    }

    /// The full name, `--threads`.
    let name: String
    /// A one-letter alias, `-o`.
    let alias: String?
    /// The value's name in help (`N`, `PATH`); `nil` for a switch, which takes none.
    let valueName: String?
    /// Whether each value given is kept (`--set`, `--audio`), rather than the last.
    let repeatable: Bool
    /// The heading it is listed under in help and docs/cli.md.
    let group: Group
    /// The commands that take it; any other refuses it.
    let commands: Set<Subcommand>
    /// One line for `--help`, its range and default written in.
    let help: String
    /// The meaning in `docs/cli.md`'s table, its range and default written in.
    let doc: String
    /// The outputs it means something for; `nil` for every output.
    let use: OutputUse?
    /// The encoder setting it sets, so that an encoder's complaint about the setting names it.
    let setting: EncodingSetting?
    /// What a value must be, as the usage error says it.
    let expected: String
    /// What shell completion offers for its value.
    let completion: ValueCompletion
    /// The typed value `text` means, boxed (`Option.read` unboxes it); `nil` when it means none.
    /// A switch has no parser.
    let parse: (@Sendable (String) -> (any Sendable)?)?

    /// `-o, --output PATH`, as help and the docs show it.
    var label: String {
        (alias.map { "\($0), " } ?? "") + name + (valueName.map { " \($0)" } ?? "")
    }

    /// Whether `word` is one of its spellings (`--output` or `-o`).
    func isSpelled(_ word: String?) -> Bool {
        word == name || (alias != nil && word == alias)
    }

    /// The words that give it `value` on another command line (a farm's job script): the alias
    /// where there is one, as a person would write it (`-o out.mp4`, `-q`).
    func arguments(_ value: String? = nil) -> [String] {
        [alias ?? name] + (value.map { [$0] } ?? [])
    }
}

/// Anything that declares an option: how `OptionCatalog` finds its declarations by reflection,
/// whatever their value types.
protocol DeclaresOption {
    var declaration: OptionDeclaration { get }
}
