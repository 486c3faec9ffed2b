import FlipbookTestSupport
import Foundation
import Testing

/// `batch --skip-existing` leaves alone only outputs that are up to date with everything their
/// render reads: the preset, the files it shows, and for a row of a variables table the table its
/// values come from.
private let runner = CommandRunner()

private let preset = """
    {"width": 64, "height": 36, "fps": 10, "duration": 0.2, "variables": {"headline": "Hi"},
     "layers": [{"type": "image", "file": "logo.svg"}, {"type": "text", "text": "{headline}", "font": {"size": 20}}]}
    """

@Test func aRowWhoseVariablesChangedIsRenderedAgain() throws {
    let folder = TemporaryDirectory()
    let path = try folder.write(preset, to: "p.json")
    let logo = try String(
        contentsOfFile: RepositoryPaths.path("presets/assets/flipbook-logo.svg"), encoding: .utf8)
    _ = try folder.write(logo, to: "logo.svg")
    let table = try folder.write("name,headline\nr1,One\nr2,Two\n", to: "rows.csv")
    let arguments = ["batch", path, "--variables", table, "-o", folder.path("out"), "--skip-existing"]
    let first = try runner.run(arguments)
    #expect(first.status == 0, "\(first.standardError)")
    let before = FileManager.default.contents(atPath: folder.path("out/p-r1.mp4"))
    // Nothing changed: both rows are left alone.
    let unchanged = try runner.run(arguments)
    #expect(
        unchanged.standardOutput.components(separatedBy: "up to date").count == 3,
        "\(unchanged.standardOutput)")
    // The first row's headline changes: its video is rendered again, with the new headline.
    _ = try folder.write("name,headline\nr1,Changed\nr2,Two\n", to: "rows.csv")
    let changed = try runner.run(arguments)
    #expect(changed.status == 0, "\(changed.standardError)")
    let row = changed.standardOutput.split(separator: "\n").first { $0.contains("[r1]") } ?? ""
    #expect(row.contains("ok") && !row.contains("up to date"), "\(changed.standardOutput)")
    let after = FileManager.default.contents(atPath: folder.path("out/p-r1.mp4"))
    #expect(after != nil && after != before)
    // Now up to date again.
    let settled = try runner.run(arguments)
    #expect(
        settled.standardOutput.components(separatedBy: "up to date").count == 3, "\(settled.standardOutput)")
    // A picture the preset shows is saved again: every row shows it, and renders again.
    _ = try folder.write(logo, to: "logo.svg")
    let redrawn = try runner.run(arguments)
    #expect(redrawn.status == 0, "\(redrawn.standardError)")
    #expect(!redrawn.standardOutput.contains("up to date"), "\(redrawn.standardOutput)")
}
