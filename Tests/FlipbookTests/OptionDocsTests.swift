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
    #expect(tables.count == 6)
    for table in tables {
        let block =
            "<!-- options: " + table.components(separatedBy: "<!-- /options -->")[0] + "<!-- /options -->"
        let command = table.prefix { $0 != " " }
        #expect(
            doc.contains(block),
            "docs/cli.md's table for \(command) is stale; paste it from flipbook help --markdown")
    }
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
