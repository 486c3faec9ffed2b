import FlipbookTestSupport
import Foundation
import Testing

/// Every `flipbook …` command the README and the docs show in a shell block runs as written
/// (issue 19: two of them once exited 65). Each runs from a copy of the repository's presets,
/// schema and Lottie fixtures, with the built tool on the `PATH`; renders get `--scale 0.1` (and a short
/// `--duration` where no time is asked for) so the whole set takes seconds — the documented
/// flags themselves, so nothing is run that a reader could not run.
private let documents = [
    "README.md", "docs/cli.md", "docs/formats.md", "docs/presets.md", "docs/progress.md",
    "docs/compositions.md", "docs/audio.md", "docs/scale-out.md", "docs/preview.md", "docs/ship.md",
    "docs/lottie.md",
]

/// The lines starting with `flipbook ` inside ```sh blocks, without trailing comments.
private func documentedCommands() throws -> [(document: String, command: String)] {
    var commands: [(String, String)] = []
    for document in documents {
        let text = try String(contentsOfFile: RepositoryPaths.path(document), encoding: .utf8)
        var inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell, line.hasPrefix("flipbook ") else { continue }
            let command = line.range(of: " # ").map { String(line[..<$0.lowerBound]) } ?? String(line)
            commands.append((document, command.trimmingCharacters(in: .whitespaces)))
        }
    }
    return commands
}

/// The command, made quick through documented flags (given to flipbook, before any pipe or
/// redirection).
private func quick(_ command: String) -> String {
    let words = command.split(separator: " ")
    guard ["render", "batch", "still"].contains(String(words[1])), !command.contains("--help") else {
        return command
    }
    var extra = " --scale 0.1"
    // (A platform's target has a shortest length: those keep the preset's.)
    if !command.contains("--at"), !command.contains("--contact-sheet"), !command.contains("--target") {
        extra += " --duration 0.3"
    }
    let end = [" | ", " > "].compactMap { command.range(of: $0)?.lowerBound }.min() ?? command.endIndex
    return command[..<end] + extra + command[end...]
}

@Test func theDocumentsShowCommandsToRun() throws {
    let commands = try documentedCommands()
    #expect(commands.count >= 15)
    #expect(commands.contains { $0.command.hasPrefix("flipbook validate presets/*.json") })
    #expect(commands.contains { $0.command.hasPrefix("flipbook batch presets/*.json") })
}

@Test func everyDocumentedCommandRunsAsWritten() throws {
    let folder = TemporaryDirectory()
    let manager = FileManager.default
    for part in ["presets", "schema", "Tests/Fixtures/lottie"] {
        try manager.createDirectory(
            atPath: (folder.path(part) as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try manager.copyItem(atPath: RepositoryPaths.path(part), toPath: folder.path(part))
    }
    for (document, command) in try documentedCommands() {
        if command.hasPrefix("flipbook preview ") {
            try expectServing(command, from: document, in: folder)
            continue
        }
        let result = try CommandRunner().shell(quick(command) + " >/dev/null", directory: folder.url)
        #expect(result.status == 0, "\(document): \(command) → \(result.status): \(result.standardError)")
    }
    #expect(manager.fileExists(atPath: folder.path("out/confetti.mp4")))
    #expect(manager.fileExists(atPath: folder.path("out/frames/.flipbook-sequence.json")))
}

/// A documented `flipbook preview` serves until Ctrl-C: it starts listening (on a free port, so
/// that runs beside each other do not collide; `--open` without a desktop only warns), and
/// Ctrl-C stops it with 130.
private func expectServing(_ command: String, from document: String, in folder: TemporaryDirectory) throws {
    let running = try RunningCommand(shell: "exec " + command + " --port 0", directory: folder.url)
    let listening = running.waitForOutputLine(containing: "flipbook preview: http://127.0.0.1:")
    running.interrupt()
    let result = running.wait()
    #expect(listening, "\(document): \(command) did not listen: \(result.standardError)")
    #expect(result.status == 130, "\(document): \(command) → \(result.status): \(result.standardError)")
}
