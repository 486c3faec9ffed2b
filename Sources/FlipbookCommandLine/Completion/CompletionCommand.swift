import Flipbook

/// `flipbook completion bash|zsh|fish`: prints the shell's completion script for flipbook, made
/// from the same declarations as `--help` (`CompletionScript`), on stdout.
enum CompletionCommand {
    static func run(_ arguments: [String]) throws(CommandError) {
        let list = try ArgumentList(arguments, command: .completion)
        if list[\.help] {
            StandardStreams.out(Help.completion + "\n")
            return
        }
        let shells = CompletionScript.Shell.allCases.map(\.rawValue)
        guard list.positionals.count == 1, let name = list.positionals.first else {
            throw .usage(
                list.positionals.isEmpty
                    ? "completion needs a shell: \(shells.joined(separator: ", "))"
                    : "completion takes one shell (got \(list.positionals.count))")
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            let hint = DidYouMean.closest(to: name, among: shells).map { "did you mean \"\($0)\"?" }
            throw .usage(
                "unknown shell \"\(name)\"; " + (hint ?? "completion knows \(shells.joined(separator: ", "))")
            )
        }
        StandardStreams.out(CompletionScript.text(for: shell))
    }
}
