import FlipbookTestSupport
import Foundation
import Testing

/// Each option is one declaration (Sources/FlipbookCommandLine/Options/OptionCatalog.swift) from
/// which parsing, the usage error, `--help`, the docs and completion all come: these tests hold
/// what each says against what the command line does.
private let runner = CommandRunner()

/// The commands, as `flipbook --help` lists them.
let everyCommand = [
    "render", "still", "batch", "join", "farm", "validate", "inspect", "preview", "test", "scenes",
    "schema", "completion",
]

/// Every spelling of every option `command` takes, as its `--help` lists them (`-o`, `--output`).
func optionSpellings(of command: String) throws -> [String] {
    let help = try runner.run([command, "--help"]).standardOutput
    return help.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
        // The label ends where two spaces start the help (or with the line, for a long one).
        let label = line.dropFirst(2).components(separatedBy: "  ")[0]
        return label.components(separatedBy: ", ").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }
}

private func tinyPreset(in folder: TemporaryDirectory, fps: Int = 10) throws -> String {
    try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "fps": \#(fps), "duration": 0.5}"#, to: "p.json")
}

/// `A` and `B` of "from A to B" in a usage error.
private func statedRange(_ message: String) throws -> (lower: Double, upper: Double) {
    let match = try #require(message.firstMatch(of: /from (-?[0-9.]+) to (-?[0-9.]+)/), "\(message)")
    return (try #require(Double(match.output.1)), try #require(Double(match.output.2)))
}

/// The range a usage error states is the range the command line holds a value to: its ends pass
/// (as `--dry-run` checks them) and the numbers just beyond are refused, with the same message.
@Test(arguments: [
    (["-o", "x.mp4"], "--threads", 1.0),
    (["-o", "x.mp4"], "--cache-size", 1),
    (["-o", "x.mp4", "--motion-blur", "2"], "--shutter-angle", 1),
    (["-o", "x.mp4"], "--keyint", 1),
    (["-o", "x.gif"], "--loop", 1),
    (["-o", "x.mp4"], "--encoder-threads", 1),
    (["-o", "x.webp"], "--quality", 1),
    (["-o", "x.mp4"], "--loudness", 1),
])
func theRangeAUsageErrorStatesIsTheRangeHeld(output: [String], option: String, step: Double) throws {
    let folder = TemporaryDirectory()
    // A budget no value of the range can pass: the memory budget is a check of its own.
    let render =
        ["render", try tinyPreset(in: folder)] + output.map { $0.hasPrefix("x.") ? folder.path($0) : $0 }
        + ["--memory-limit", "999TB"]
    let refused = try runner.run(render + [option, "x", "--dry-run"])
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("\(option) expects "), "\(refused.standardError)")
    let range = try statedRange(refused.standardError)
    func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
    for value in [range.lower, range.upper] {
        let result = try runner.run(render + [option, text(value), "--dry-run"])
        #expect(result.status == 0, "\(option) \(text(value)): \(result.standardError)")
    }
    for value in [range.lower - step, range.upper + step] {
        let result = try runner.run(render + [option, text(value), "--dry-run"])
        #expect(result.status == 64, "\(option) \(text(value))")
        #expect(try statedRange(result.standardError) == range, "\(result.standardError)")
    }
}

/// `--fps`'s help says how fast GIF and WebP play, from the rule the encoder holds them to: a
/// preset's faster rate is brought down to it, and a faster `--fps` is refused.
@Test func theFrameRatesFpsHelpGivesAreTheRatesFormatsAreHeldTo() throws {
    let help = try runner.run(["render", "--help"]).standardOutput
    let line = try #require(help.split(separator: "\n").first { $0.hasPrefix("  --fps") })
    let folder = TemporaryDirectory()
    let preset = try tinyPreset(in: folder, fps: 100)
    var checked = 0
    for match in line.matches(of: /(\d+) for ([a-z]+)/) {
        let (rate, format) = (String(match.output.1), String(match.output.2))
        let output = folder.path("x.\(format)")
        let lowered = try runner.run(["render", preset, "-o", output, "--dry-run"])
        #expect(lowered.status == 0, "\(lowered.standardError)")
        #expect(
            lowered.standardError.contains("frames at \(rate) fps"), "\(format): \(lowered.standardError)")
        let faster = try runner.run([
            "render", preset, "-o", output, "--fps", "\(Int(rate)! + 1)", "--dry-run",
        ])
        #expect(faster.status == 65)
        #expect(
            faster.standardError.contains("plays at most \(rate) frames per second"),
            "\(faster.standardError)")
        checked += 1
    }
    #expect(checked == 2, "\(line)")
}

/// A default help shows is the value used when the option is not given.
@Test func theContactSheetDefaultsHelpShowsAreTheOnesUsed() throws {
    let help = try runner.run(["render", "--help"]).standardOutput
    func shown(_ option: String) throws -> String {
        let line = try #require(help.split(separator: "\n").first { $0.hasPrefix("  \(option) ") })
        return String(try #require(line.firstMatch(of: /\(default (\d+)\)/)).output.1)
    }
    let folder = TemporaryDirectory()
    let result = try runner.run([
        "render", try tinyPreset(in: folder), "-o", folder.path("sheet.png"), "--contact-sheet", "3",
        "--dry-run",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let described = "\(try shown("--columns")) columns \(try shown("--cell-width")) pixels wide"
    #expect(result.standardError.contains(described), "\(result.standardError)")
}

/// A misspelt choice is answered with the nearest of the words the option takes.
@Test func aMisspeltChoiceSuggestsTheNearestWord() throws {
    let folder = TemporaryDirectory()
    let render = ["render", try tinyPreset(in: folder), "-o", folder.path("x.gif")]
    for (option, typed, meant) in [
        ("--dither", "bayr", "bayer"), ("--progress", "jsn", "json"), ("--audio-codec", "opsu", "opus"),
        ("--format", "gfi", "gif"), ("--background", "whte", "white"),
    ] {
        let result = try runner.run(render + [option, typed])
        #expect(result.status == 64)
        #expect(
            result.standardError.contains("\(option) expects ")
                && result.standardError.contains("did you mean \"\(meant)\"? (got \"\(typed)\")"),
            "\(result.standardError)")
    }
}

/// `--chunk` and `--frames` are read as the line is, like every other value: a malformed one is a
/// usage error before the preset is even opened.
@Test func aMalformedChunkIsRefusedBeforeThePresetIsRead() throws {
    for (option, value) in [("--chunk", "2/2"), ("--frames", "5..5")] {
        let result = try runner.run(["render", "missing.json", "-o", "x.mp4", option, value])
        #expect(result.status == 64)
        #expect(result.standardError.contains("\(option) expects "), "\(result.standardError)")
    }
}

/// Every option declared in the catalog is one the command line knows: declaring it (a property
/// of `OptionCatalog`) is all it takes, since the catalog is read by reflection.
@Test func everyDeclaredOptionIsTakenBySomeCommand() throws {
    let source = try String(
        contentsOfFile: RepositoryPaths.path("Sources/FlipbookCommandLine/Options/OptionCatalog.swift"),
        encoding: .utf8)
    let declared = source.matches(of: /Option(?:<[^=]*>)?\(\s*(?:repeatable: |flag: )?"(--[a-z-]+)"/).map {
        String($0.output.1)
    }
    #expect(declared.count >= 55)
    let known = Set(try everyCommand.flatMap(optionSpellings))
    #expect(Set(declared).subtracting(known).isEmpty, "declared but taken by no command")
    #expect(known.filter { $0.hasPrefix("--") }.subtracting(declared).isEmpty, "taken but not declared")
}

/// No source reads, compares or writes an option by a string literal: commands read options by
/// their declarations (`list[\.threads]`), so a misspelt name does not compile, and the job
/// scripts a farm writes spell options from the declarations too. Only the declarations hold
/// the names (messages, which hold more than a name, may quote them).
@Test func noSourceSpellsAnOptionInALiteralOfItsOwn() throws {
    let spellings = Set(try everyCommand.flatMap(optionSpellings))
    let folder = RepositoryPaths.path("Sources/FlipbookCommandLine")
    let files = try #require(FileManager.default.subpathsOfDirectory(atPath: folder) as [String]?)
    var found: [String] = []
    for file in files where file.hasSuffix(".swift") && file != "Options/OptionCatalog.swift" {
        let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for match in line.matches(of: /"(-{1,2}[a-z][a-z-]*)=?"/)
            where spellings.contains(String(match.output.1)) {
                found.append("\(file):\(number + 1): \(match.output.0)")
            }
        }
    }
    #expect(found.isEmpty, "option spelled by a literal: \(found)")
}
