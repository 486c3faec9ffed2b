import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook completion bash|zsh|fish`: each script is one its shell reads, and completes every
/// option of every command and the values the options declare. zsh and fish come from Debian
/// (scripts/install-tools.sh, which `make test` runs).
private let runner = CommandRunner()

/// The script for `shell`, written to a file.
private func script(for shell: String, in folder: TemporaryDirectory) throws -> String {
    let result = try runner.run(["completion", shell])
    #expect(result.status == 0, "\(result.standardError)")
    return try folder.write(result.standardOutput, to: "flipbook.\(shell)")
}

/// Runs `command` in `shell` (found on the PATH), in `directory`.
private func run(_ shell: String, _ command: String, in directory: String) throws -> CommandRunner.Result {
    let path = try #require(
        ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.isExecutableFile),
        "\(shell) is missing: run scripts/install-tools.sh")
    // The folder is the script's first argument: `$1` after `$0`, for fish `$argv[1]`.
    let arguments =
        shell == "fish"
        ? ["-c", "cd $argv[1] && \(command)", directory]
        : ["-c", "cd \"$1\" && \(command)", shell, directory]
    return try runner.run(arguments, executable: URL(fileURLWithPath: path))
}

/// What bash's completion function offers for the words of a command line (the last one being
/// completed), as bash calls it on a Tab.
private func bashCompletions(_ words: [String], script: String, in directory: String) throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let result = try run(
        "bash",
        "source '\(script)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) && _flipbook && printf '%s\\n' \"${COMPREPLY[@]}\"",
        in: directory)
    #expect(result.status == 0, "\(words): \(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init)
}

/// The words of a choice as its usage error lists them ("expects one of a, b, c").
private func choices(of option: String) throws -> [String] {
    let result = try runner.run(["render", "p.json", "-o", "x.mp4", option, "?"])
    let match = try #require(
        result.standardError.firstMatch(of: /expects one of ([^;(]+)/), "\(result.standardError)")
    return match.output.1.trimmingCharacters(in: .whitespaces).components(separatedBy: ", ")
}

/// A folder holding a preset, another file and a subfolder, to complete paths in.
private func samples() throws -> TemporaryDirectory {
    let folder = TemporaryDirectory()
    _ = try folder.write("{}", to: "scene.json")
    _ = try folder.write("x", to: "notes.txt")
    try FileManager.default.createDirectory(atPath: folder.path("shots"), withIntermediateDirectories: true)
    return folder
}

@Test func everyScriptIsOneItsShellReads() throws {
    let folder = TemporaryDirectory()
    for (shell, check) in [("bash", "bash -n"), ("zsh", "zsh -n"), ("fish", "fish --no-execute")] {
        let file = try script(for: shell, in: folder)
        let result = try run(shell, "\(check) '\(file)'", in: folder.url.path)
        #expect(result.status == 0, "\(shell): \(result.standardError)")
    }
}

@Test func theBashScriptRegistersAndCompletesEveryOptionOfEveryCommand() throws {
    let (folder, scripts) = (try samples(), TemporaryDirectory())
    let file = try script(for: "bash", in: scripts)
    let registered = try run("bash", "source '\(file)' && complete -p flipbook", in: folder.url.path)
    #expect(
        registered.standardOutput.contains("complete -F _flipbook flipbook"), "\(registered.standardError)")
    let commands = try bashCompletions(["flipbook", ""], script: file, in: folder.url.path)
    #expect(Set(everyCommand + ["help"]).isSubset(of: commands), "\(commands)")
    for command in everyCommand {
        let options = try optionSpellings(of: command)
        let offered = try bashCompletions(["flipbook", command, "-"], script: file, in: folder.url.path)
        #expect(Set(options) == Set(offered), "\(command)")
    }
}

@Test func theBashScriptCompletesValuesAsTheOptionsDeclareThem() throws {
    let (folder, scripts) = (try samples(), TemporaryDirectory())
    let file = try script(for: "bash", in: scripts)
    let here = folder.url.path
    func offered(_ words: String...) throws -> [String] { try bashCompletions(words, script: file, in: here) }
    // A choice: the words its usage error lists, also after an `=` (bash splits `--format=g`).
    for option in ["--format", "--progress", "--dither", "--color-range", "--audio-codec"] {
        #expect(try offered("flipbook", "render", option, "") == choices(of: option), "\(option)")
    }
    #expect(try offered("flipbook", "render", "--format", "=", "g") == ["gif"])
    #expect(try offered("flipbook", "render", "--format", "=") == choices(of: "--format"))
    // Paths: files and folders for a file, folders for a folder, presets for the positionals.
    #expect(Set(try offered("flipbook", "render", "-o", "")) == ["scene.json", "notes.txt", "shots"])
    #expect(try offered("flipbook", "render", "--allow-read", "") == ["shots"])
    #expect(Set(try offered("flipbook", "render", "")) == ["scene.json", "shots"])
    #expect(Set(try offered("flipbook", "farm", "slurm", "")) == ["scene.json", "shots"])
    #expect(try offered("flipbook", "farm", "") == ["slurm"])
    #expect(try offered("flipbook", "completion", "") == ["bash", "zsh", "fish"])
    // A number cannot be guessed: nothing rather than file names.
    #expect(try offered("flipbook", "render", "--threads", "").isEmpty)
    #expect(try offered("flipbook", "render", "--fps", "=", "").isEmpty)
}

@Test func theFishScriptCompletesEveryOptionOfEveryCommandAndTheirValues() throws {
    let (folder, scripts) = (try samples(), TemporaryDirectory())
    let file = try script(for: "fish", in: scripts)
    func offered(_ line: String) throws -> [String] {
        let result = try run(
            "fish", "source '\(file)'; complete --do-complete='\(line)'", in: folder.url.path)
        #expect(result.status == 0, "\(line): \(result.standardError)")
        return result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }
    #expect(Set(everyCommand + ["help"]).isSubset(of: try offered("flipbook ")))
    for command in everyCommand {
        #expect(
            Set(try optionSpellings(of: command)) == Set(try offered("flipbook \(command) -")), "\(command)")
    }
    for option in ["--format", "--progress", "--dither", "--color-range", "--audio-codec"] {
        #expect(Set(try offered("flipbook render \(option) ")) == Set(try choices(of: option)), "\(option)")
    }
    #expect(Set(try offered("flipbook render -o ")).isSuperset(of: ["scene.json", "notes.txt", "shots/"]))
    #expect(try offered("flipbook render --allow-read ") == ["shots/"])
    #expect(try offered("flipbook render --threads ").isEmpty)
}

@Test func theZshScriptRegistersAndDeclaresEveryOptionOfEveryCommand() throws {
    let folder = TemporaryDirectory()
    let file = try script(for: "zsh", in: folder)
    let registered = try run(
        "zsh", "autoload -Uz compinit && compinit -u -D && source '\(file)' && print -r -- $_comps[flipbook]",
        in: folder.url.path)
    #expect(registered.standardOutput == "_flipbook\n", "\(registered.standardError)")
    // Each command's `_arguments` specs: between `        render)` and its `;;`.
    let text = try String(contentsOfFile: file, encoding: .utf8)
    for command in everyCommand {
        let after = text.components(separatedBy: "\n        \(command))\n").dropFirst().first
        let block = try #require(after?.components(separatedBy: ";;").first, "\(command)")
        for option in try optionSpellings(of: command) {
            #expect(
                block.contains("\(option)[") || block.contains("\(option),") || block.contains(",\(option)}"))
        }
    }
}

/// zsh, driven as a person would (a pseudo-terminal and a Tab), completes an option's name and a
/// choice's words from the script.
@Test func zshCompletesAnOptionAndAChoiceOnATab() throws {
    let folder = TemporaryDirectory()
    let file = try script(for: "zsh", in: folder)
    // Types `line` and a Tab into an interactive zsh and prints what came back, once `expected`
    // has (or nothing, after 20 seconds).
    let driver = """
        zmodload zsh/zpty
        zpty z 'TERM=dumb PS1="" zsh -f -i'
        zpty -w z "autoload -Uz compinit; compinit -u -D; source '\(file)'; setopt nobeep; print READY"
        zpty -r z out '*READY*'
        zpty -r z out '*READY*'
        zpty -wn z "$1"$'\\t'
        zpty -r z out "*$2*" && print -r -- "$out"
        zpty -d z
        """
    let driverFile = try folder.write(driver, to: "drive.zsh")
    for (line, expected) in [
        ("flipbook render --dit", "--dither"), ("flipbook render --dither ", "floyd-steinberg"),
    ] {
        let result = try run(
            "zsh", "timeout 20 zsh -f '\(driverFile)' '\(line)' '\(expected)'", in: folder.url.path)
        #expect(result.standardOutput.contains(expected), "\(line): \(result.standardOutput)")
    }
}

/// `flipbook completion` needs one shell it knows.
@Test func completionNamesTheShellsItKnows() throws {
    let none = try runner.run(["completion"])
    #expect(none.status == 64 && none.standardError.contains("completion needs a shell: bash, zsh, fish"))
    let typo = try runner.run(["completion", "bsh"])
    #expect(
        typo.status == 64 && typo.standardError.contains("did you mean \"bash\"?"), "\(typo.standardError)")
}
