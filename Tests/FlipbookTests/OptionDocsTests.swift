import FlipbookTestSupport
import Foundation
import Testing

/// docs/cli.md's option tables are the ones the options' declarations produce
/// (`flipbook help --markdown`): a flag added, changed or removed without the doc fails here.
@Test func theOptionTablesInTheDocsAreCurrent() throws {
    let result = try CommandRunner().run(["help", "--markdown"])
    #expect(result.status == 0)
    let doc = try String(contentsOfFile: RepositoryPaths.path("docs/cli.md"), encoding: .utf8)
    let tables = result.standardOutput.components(separatedBy: "<!-- options: ").dropFirst()
    #expect(tables.count == 10)
    for table in tables {
        let block =
            "<!-- options: " + table.components(separatedBy: "<!-- /options -->")[0] + "<!-- /options -->"
        let command = table.prefix { $0 != " " }
        #expect(
            doc.contains(block),
            "docs/cli.md's table for \(command) is stale; paste it from flipbook help --markdown")
    }
}

/// docs/cli.md's table of the classes of warnings is the one `WarningClass.allCases` gives (after
/// the option tables in `flipbook help --markdown`): a class added without the doc fails here.
@Test func theWarningClassTableInTheDocsIsCurrent() throws {
    let result = try CommandRunner().run(["help", "--markdown"])
    let table = try #require(result.standardOutput.range(of: "<!-- warnings -->"))
    let block = String(result.standardOutput[table.lowerBound...])
    #expect(block.contains("| `text-cut-off` |") && block.contains("| `never-visible` |"))
    let doc = try String(contentsOfFile: RepositoryPaths.path("docs/cli.md"), encoding: .utf8)
    #expect(
        doc.contains(block),
        "docs/cli.md's table of warnings is stale; paste it from flipbook help --markdown")
}

/// Each command takes its own options and refuses the others by name.
@Test func aCommandRefusesOptionsItDoesNotUse() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "duration": 0.1}"#, to: "p.json")
    let runner = CommandRunner()
    for (command, flag) in [
        (["batch", preset, "-o", folder.path("out")], ["--at", "1"]),
        (["still", preset, "-o", folder.path("s.png")], ["--loop", "2"]),
        (["validate", preset], ["--fps", "30"]),
    ] {
        let result = try runner.run(command + flag)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(
            result.standardError.contains("\(command[0]) does not take \(flag[0])"), "\(result.standardError)"
        )
    }
    // batch shares render's size, rate and length options.
    let batch = try runner.run([
        "batch", preset, "-o", folder.path("out"), "--size", "32x18", "--fps", "10", "--duration", "0.2",
        "-q",
    ])
    #expect(batch.status == 0, "\(batch.standardError)")
}

/// Every flag a usage line shows (`flipbook --help`, and each command's own `--help`) is one
/// that command takes: `join`'s usage showed `--audio` while the option declarations gave it to
/// render, batch and farm only, so a farm's join job with sound failed.
@Test func everyFlagInAUsageLineIsTakenByItsCommand() throws {
    let runner = CommandRunner()
    var usages = try runner.run(["--help"]).standardOutput.split(separator: "\n").map(String.init)
    for command in ["render", "still", "batch", "join", "farm", "validate", "scenes"] {
        usages += try runner.run([command, "--help"]).standardOutput.split(separator: "\n").map(String.init)
    }
    // A usage line, and the continuation lines of the farm's.
    var lines: [(command: [String], text: String)] = []
    for line in usages {
        let words = line.split(separator: " ").map(String.init)
        if words.first == "flipbook", words.count > 1 {
            let command = words[1] == "farm" ? ["farm", "slurm"] : [words[1]]
            lines.append((command, line))
        } else if let last = lines.last, line.hasPrefix("          "), line.contains("[--") {
            lines.append((last.command, line))
        }
    }
    #expect(lines.count >= 16, "\(lines.map(\.text))")
    var checked = 0
    for (command, text) in lines where !command[0].hasPrefix("-") && command[0] != "COMMAND" {
        for match in text.matches(of: /--[a-z][a-z-]*/) {
            let flag = String(match.output)
            let result = try runner.run(command + [flag, "x"])
            #expect(
                !result.standardError.contains("does not take \(flag)")
                    && !result.standardError.contains("unknown option \(flag)"),
                "\(command.joined(separator: " ")) \(flag): \(result.standardError)")
            checked += 1
        }
    }
    #expect(checked >= 10)
}
