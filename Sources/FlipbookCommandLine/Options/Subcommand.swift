/// The commands of `flipbook`, as the command line spells them. Each option declares which of
/// them take it (`Option.commands`); from the two come parsing, `--help`, the option tables of
/// `docs/cli.md` and the shell completion scripts (`flipbook completion`).
enum Subcommand: String, CaseIterable, Sendable {
    case render, still, batch, join, farm, validate, inspect, preview, test, check, scenes, schema, completion

    /// The commands whose option tables `docs/cli.md` holds (`flipbook help --markdown`).
    static let tabulated: [Subcommand] = [
        .render, .still, .batch, .validate, .inspect, .join, .farm, .preview, .test, .check,
    ]

    /// The commands that make videos.
    static let video: Set<Subcommand> = [.render, .batch, .farm]
    /// The commands that make any output.
    static let producing: Set<Subcommand> = [.render, .still, .batch, .farm]
    /// The commands that put sound in a video.
    static let sound: Set<Subcommand> = [.render, .batch, .farm, .join]
    /// The commands that read presets.
    static let presetReading: Set<Subcommand> = [.render, .still, .batch, .validate, .farm]
    /// The commands that read presets with `--set`, `--limit` and `--allow-read`: those that
    /// read presets, `inspect`, which lays one out, and the preview, `test` and `check`, which
    /// render frames of them.
    static let presetOverriding: Set<Subcommand> = presetReading.union([.inspect, .preview, .test, .check])
    /// Every command.
    static let every = Set(allCases)

    /// What the command does, in one line: for `flipbook --help` and shell completion.
    var summary: String {
        switch self {
        case .render:
            "Render a preset to a video (MP4, WebM, MOV, GIF, APNG), a PNG sequence, a still (PNG, JPEG) or a contact sheet"
        case .still: "Render one frame of a preset as a PNG or JPEG"
        case .batch:
            "Render many presets into a folder, N at a time; keeps going after a failure, prints a summary table, exits non-zero if any failed"
        case .join: "Join the chunks of a render into one file, without re-encoding"
        case .farm: "Write (and submit) Slurm jobs that render chunks on a cluster and join them"
        case .validate: "Check presets without rendering"
        case .inspect: "Print each layer's box, visibility, text lines and fonts at a time, and the warnings"
        case .preview:
            "Serve a live studio for a preset on http://127.0.0.1:PORT/: scrub, play with sound, edit, export"
        case .test:
            "Compare frames of presets with their reference pictures (golden frames); --update records them"
        case .check:
            "Check presets for flashes, text contrast, size, title-safe and reading time, and loudness"
        case .scenes: "List the built-in scenes and their parameters with defaults"
        case .schema: "Print the presets' JSON Schema (schema/preset.schema.json)"
        case .completion: "Print a shell's completion script for flipbook (bash, zsh or fish)"
        }
    }

    /// What the command's arguments other than options are, for shell completion.
    var positionals: Positionals {
        switch self {
        case .render, .still, .batch, .validate, .inspect, .preview, .test, .check: .presets
        case .join, .schema: .files
        case .farm: .scheduler
        case .scenes: .none
        case .completion: .shell
        }
    }

    /// The kinds of a command's positional arguments.
    enum Positionals: Sendable {
        /// Preset files (`.json`).
        case presets
        /// Any files or folders (the chunks `join` reads, the documents `schema --markdown`
        /// updates).
        case files
        /// A scheduler (`slurm`), then presets.
        case scheduler
        /// A shell's name.
        case shell
        /// Nothing.
        case none
    }
}
