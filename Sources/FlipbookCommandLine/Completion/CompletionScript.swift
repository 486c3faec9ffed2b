/// A shell's completion script for `flipbook`, generated from the commands (`Subcommand`) and
/// their options' declarations (`OptionCatalog`), as `--help` and `docs/cli.md` are: the
/// commands, the options each takes, and what an option's value completes to (files for a path,
/// folders for a folder, the words of a choice such as `--format`; nothing for a number).
///
/// ```
/// OptionCatalog.all ──┬── bash: one function; `case $prev` for values, `case $command` for options
///   (+ Subcommand)    ├── zsh:  `_arguments` specs, one set per command
///                     └── fish: one `complete` line per option, conditioned on its commands
/// ```
enum CompletionScript {
    /// The shells there are scripts for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The script for `shell`.
    static func text(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// The first lines of every script: what wrote it, and how to load it.
    static func header(loading: String) -> String {
        """
        # Completion for flipbook, written by `flipbook completion` from the declarations of its
        # commands and options: write it again after an upgrade.
        # \(loading)

        """
    }

    /// What `flipbook help` completes to: every command, and `--markdown`.
    static var helpWords: [String] {
        Subcommand.allCases.map(\.rawValue) + spellings(OptionCatalog.declared.markdown.declaration)
    }

    /// The commands and the help, as the first word completes to.
    static var commandWords: [String] {
        Subcommand.allCases.map(\.rawValue) + [FlipbookTool.help]
            + spellings(OptionCatalog.declared.help.declaration)
    }

    /// What `flipbook help` does.
    static let helpSummary = "Show the help of flipbook or of a command"
    /// What `flipbook help --markdown` prints.
    static let markdownHelp = "docs/cli.md's option tables"

    /// The options `command` takes.
    static func options(for command: Subcommand) -> [OptionDeclaration] {
        OptionCatalog.options(for: command)
    }

    /// An option's spellings, alias first (`-o`, `--output`).
    static func spellings(_ option: OptionDeclaration) -> [String] {
        (option.alias.map { [$0] } ?? []) + [option.name]
    }

    /// `text` in single quotes for a POSIX shell (bash and zsh): literal, each `'` closed, escaped
    /// and reopened.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
