import CSignals
import Flipbook

/// The `flipbook` command: dispatches to a subcommand, prints one-line errors on stderr and
/// exits with a code from `ExitCode`. Nothing but requested data goes to stdout.
package enum FlipbookTool {
    /// Runs the command line of this process and exits.
    package static func main() async -> Never {
        StandardStreams.prepare()
        // A file-size limit must surface as a write error (EFBIG → "disk full"), not kill us.
        signal(SIGXFSZ, SIG_IGN)
        // Swift's runtime reports SIGQUIT as a crash with a thread dump; outside a render
        // (where `SignalTrap` makes it an interrupt) it keeps the system's default.
        signal(SIGQUIT, SIG_DFL)
        // Until a command traps them, the signals that would end it end it as an interrupt.
        for number in SignalTrap.signals where number != SIGQUIT {
            _ = flipbook_exit_on_signal(number, ExitCode.interrupted.rawValue)
        }
        AllocatorTuning.keepFreedMemory()
        let arguments = Array(CommandLine.arguments.dropFirst())
        var status = ExitCode.success.rawValue
        do {
            try await run(arguments)
        } catch {
            status = error.code.rawValue
            if StandardStreams.exitCode == nil { StandardStreams.err(error.printed) }
        }
        if let code = StandardStreams.exitCode {
            if let message = StandardStreams.failureMessage { StandardStreams.err("flipbook: \(message)\n") }
            status = code
        }
        exit(status)
    }

    /// Set while `check` runs a command line: commands stop after their checks, as with
    /// `--dry-run`, and nothing is printed.
    @TaskLocal static var checking = false

    /// Runs every check `arguments` would get — parsing, the preset, options against the
    /// format, limits, outputs — without writing anything or printing, and returns the exit code
    /// a real run would have ended with at that point (0 if it would go on to render). For the
    /// fuzzer: any argument vector must give a code, never a crash or a hang.
    package static func check(_ arguments: [String]) async -> Int32 {
        await $checking.withValue(true) {
            do throws(CommandError) {
                try await run(arguments)
                return ExitCode.success.rawValue
            } catch {
                return error.code.rawValue
            }
        }
    }

    /// `flipbook help [COMMAND]`: the help, as `--help` prints it.
    static let help = "help"
    /// `flipbook version` and `flipbook --version`: the version (`ToolVersion`), one line.
    static let version = ["version", "--version"]

    static func run(_ arguments: [String]) async throws(CommandError) {
        guard let command = arguments.first else {
            StandardStreams.out(Help.main + "\n")
            throw CommandError.usage("no command given")
        }
        let rest = Array(arguments.dropFirst())
        let options = OptionCatalog.declared
        if command == Self.help || options.help.declaration.isSpelled(command) {
            // `flipbook help --markdown`: docs/cli.md's option tables and its table of warnings.
            if options.markdown.declaration.isSpelled(rest.first) {
                StandardStreams.out(Help.optionTables + "\n" + Help.warningClassTable)
            } else {
                StandardStreams.out(Help.text(for: rest.first) + "\n")
            }
            return
        }
        if version.contains(command) {
            guard rest.isEmpty else { throw .usage("\(command) takes no arguments") }
            StandardStreams.out(ToolVersion.line + "\n")
            return
        }
        switch Subcommand(rawValue: command) {
        case .render:
            try await RenderCommand(arguments: rest).run()
        case .still:
            try await RenderCommand(arguments: rest, stillOnly: true).run()
        case .batch:
            try await BatchCommand(arguments: rest).run()
        case .join:
            try await JoinCommand(arguments: rest).run()
        case .farm:
            try await FarmCommand(arguments: rest).run()
        case .preview:
            try await PreviewCommand(arguments: rest).run()
        case .scenes:
            try CatalogCommands.scenes(rest)
        case .schema:
            try CatalogCommands.schema(rest)
        case .validate:
            try CatalogCommands.validate(rest)
        case .inspect:
            try InspectCommand.run(rest)
        case .test:
            try TestCommand.run(rest)
        case .check:
            try CheckCommand.run(rest)
        case .completion:
            try CompletionCommand.run(rest)
        case nil:
            let commands = Subcommand.allCases.map(\.rawValue) + [Self.help] + Self.version
            let hint = DidYouMean.closest(to: command, among: commands)
            throw .usage("unknown command \"\(command)\"" + (hint.map { "; did you mean \"\($0)\"?" } ?? ""))
        }
    }
}
