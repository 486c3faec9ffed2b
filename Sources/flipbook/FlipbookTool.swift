import Flipbook

/// The `flipbook` command: dispatches to a subcommand, prints one-line errors on stderr and
/// exits with a code from `ExitCode`. Nothing but requested data goes to stdout.
@main
enum FlipbookTool {
    static func main() async {
        // A file-size limit must surface as a write error (EFBIG → "disk full"), not kill us.
        signal(SIGXFSZ, SIG_IGN)
        AllocatorTuning.keepFreedMemory()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            try await run(arguments)
            exit(ExitCode.success.rawValue)
        } catch {
            FileHandle.standardError.write(Data("flipbook: \(error.message)\n".utf8))
            exit(error.code.rawValue)
        }
    }

    static func run(_ arguments: [String]) async throws(CommandError) {
        guard let command = arguments.first else {
            print(Help.main)
            throw CommandError(code: .usage, message: "no command given")
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            if rest.first == "render" { print(Help.render) } else { print(Help.main) }
        case "render":
            try await RenderCommand(arguments: rest).run()
        case "still":
            try await RenderCommand(arguments: rest, stillOnly: true).run()
        case "batch":
            try await BatchCommand(arguments: rest).run()
        case "scenes":
            try CatalogCommands.scenes(rest)
        case "schema":
            try CatalogCommands.schema(rest)
        case "validate":
            try CatalogCommands.validate(rest)
        default:
            let hint = DidYouMean.closest(
                to: command, among: ["render", "still", "batch", "scenes", "schema", "validate", "help"])
            throw .usage("unknown command \"\(command)\"" + (hint.map { "; did you mean \"\($0)\"?" } ?? ""))
        }
    }
}
