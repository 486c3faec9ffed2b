import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A batch or farm runs blindly on tables somebody else wrote: it never writes over a file a
/// row reads, checks every row before the first renders, and its dry run fails where the real
/// run would (issue 51).
private let runner = CommandRunner()

/// A composition that shows the clip `c-clip.mp4` beside it, with a headline from a variable.
private func compositionShowingAClip(in folder: TemporaryDirectory) throws -> String {
    let clip = try runner.run([
        "render", RepositoryPaths.path("presets/triangle.json"), "-o", folder.path("c-clip.mp4"),
        "--size", "64x36", "--duration", "0.2",
    ])
    #expect(clip.status == 0, "\(clip.standardError)")
    return try folder.write(
        """
        {"width": 64, "height": 36, "fps": 10, "duration": 0.2, "variables": {"headline": "Hi"},
         "layers": [{"type": "video", "file": "c-clip.mp4"}, {"type": "text", "text": "{headline}"}]}
        """, to: "c.json")
}

private func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

@Test(arguments: [[], ["--dry-run"]])
func aBatchRowWhoseOutputIsTheClipItShowsIsRefused(extra: [String]) throws {
    let folder = TemporaryDirectory()
    let preset = try compositionShowingAClip(in: folder)
    let clip = contents(folder.path("c-clip.mp4"))
    _ = try folder.write("name,headline\nclip,Hello\n", to: "rows.csv")
    // The folder named three ways: as it is, through `..`, and through a link.
    try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
        atPath: folder.path("link"), withDestinationPath: folder.url.path)
    for out in [folder.url.path, folder.path("sub/.."), folder.path("link")] {
        let result = try runner.run(
            ["batch", preset, "--variables", folder.path("rows.csv"), "-o", out] + extra)
        #expect(result.status == 73, "\(result.standardError)")
        #expect(
            result.standardError.contains("it is the input") && result.standardError.contains("c-clip.mp4"),
            "\(result.standardError)")
        #expect(contents(folder.path("c-clip.mp4")) == clip)
    }
}

@Test func aFarmWhoseOutputIsAnInputIsRefusedAndItsJoinScriptChecksAgain() throws {
    let folder = TemporaryDirectory()
    let preset = try compositionShowingAClip(in: folder)
    let clip = contents(folder.path("c-clip.mp4"))
    _ = try folder.write("name,headline\nclip,Hello\n", to: "rows.csv")
    let refused = try runner.run([
        "farm", "slurm", preset, "--variables", folder.path("rows.csv"), "-o", folder.url.path, "--chunks",
        "2",
        "--work", folder.path("work"), "--dry-run",
    ])
    #expect(refused.status == 73, "\(refused.standardError)")
    #expect(refused.standardError.contains("it is the input"), "\(refused.standardError)")
    // Scripts written while the output was free; then the output becomes the clip (a hard
    // link), as files change between submission and the join: the join script refuses.
    let written = try runner.run([
        "farm", "slurm", preset, "-o", folder.path("final.mp4"), "--chunks", "2", "--work",
        folder.path("work"),
    ])
    #expect(written.status == 0, "\(written.standardError)")
    try FileManager.default.linkItem(atPath: folder.path("c-clip.mp4"), toPath: folder.path("final.mp4"))
    let join = try runner.shell("bash \(folder.path("work/join.sh"))")
    #expect(join.status == 73, "\(join.standardError)")
    #expect(join.standardError.contains("it is the input"), "\(join.standardError)")
    #expect(contents(folder.path("c-clip.mp4")) == clip)
}

@Test func aTableWhoseLastRowFailsRendersNoRow() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        """
        {"width": 64, "height": 36, "fps": 10, "duration": 0.2, "variables": {"headline": "Hi", "count": 1},
         "layers": [{"type": "text", "text": "{headline} {count:number}"}]}
        """, to: "p.json")
    var table = "name,headline,count\n"
    for row in 1...24 { table += "r\(row),Row \(row),\(row)\n" }
    table += "r25,Row 25,not a number\n"
    _ = try folder.write(table, to: "rows.csv")
    for extra in [[], ["--dry-run"], ["--progress", "json"]] {
        let result = try runner.run(
            ["batch", preset, "--variables", folder.path("rows.csv"), "-o", folder.path("out")] + extra)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains("p.json [r25]"), "\(result.standardError)")
        #expect(result.standardError.contains("1 of 25 row(s) cannot render, so none was rendered"))
        #expect(folder.contents("out").isEmpty, "\(folder.contents("out"))")
    }
}

/// A value of a row that is no variable's value is told as the table's, at its row — not as a
/// `--set` that was never given; a `--set` of the same key, which the row's value gives way
/// to, is still told as `--set`.
@Test func aRowsBadValueIsToldAsTheTablesRow() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        """
        {"width": 64, "height": 36, "fps": 10, "duration": 0.2, "variables": {"headline": "Hi"},
         "layers": [{"type": "text", "text": "{headline}"}]}
        """, to: "p.json")
    let table = try folder.write("name,headline\nr1,Fine\nr2,[1]\n", to: "rows.csv")
    let result = try runner.run([
        "batch", preset, "--variables", table, "-o", folder.path("out"), "--dry-run",
    ])
    #expect(result.status == 65, "\(result.standardError)")
    #expect(
        result.standardError.contains(
            "p.json (\(table), row r2): variables.headline: a variable must be text"),
        "\(result.standardError)")
    #expect(!result.standardError.contains("--set"), "\(result.standardError)")
    let set = try runner.run([
        "batch", preset, "--variables", table, "-o", folder.path("out"), "--dry-run", "--set",
        "variables.headline=[2]",
    ])
    #expect(set.status == 65, "\(set.standardError)")
    #expect(set.standardError.contains("p.json (--set): variables.headline: "), "\(set.standardError)")
    #expect(!set.standardError.contains("row r"), "\(set.standardError)")
}

@Test func aJSONTableNamesItsRowsWithoutQuotes() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        """
        {"width": 64, "height": 36, "fps": 10, "duration": 0.2, "variables": {"headline": "Hi"},
         "layers": [{"type": "text", "text": "{headline}"}]}
        """, to: "rows.json")
    _ = try folder.write(
        #"[{"name": "en", "headline": "Hello"}, {"name": 7, "headline": "Sieben"}]"#, to: "t.json")
    let result = try runner.run([
        "batch", preset, "--variables", folder.path("t.json"), "-o", folder.path("out"),
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(folder.contents("out").sorted() == ["rows-7.mp4", "rows-en.mp4"])
}

@Test func aBatchOfStillsFailsItsDryRunAsItsRealRun() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "duration": 0.2}"#, to: "p.json")
    var messages: [String] = []
    for extra in [["--dry-run"], []] {
        let result = try runner.run(["batch", preset, "-o", folder.path("out"), "--format", "png"] + extra)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(!result.standardError.contains("renderStill"), "\(result.standardError)")
        messages.append(result.standardError.split(separator: "\n").first.map(String.init) ?? "")
    }
    #expect(messages[0] == messages[1])
    #expect(messages[0].contains("--format png-sequence"), "\(messages[0])")
}

@Test(arguments: [
    ("name,headline\n..,Hi\n", #"row 1 is named "..", which leaves no file name"#),
    (
        "name,\(String(repeating: "v", count: 300))\nen,Hi\n",
        "is 300 characters long; a variable name may have at most 256"
    ),
    ("name,head line\nen,Hi\n", #""head line" is not a variable name: " " is not a letter"#),
])
func aTableThatCannotBeUsedSaysWhy(table: String, message: String) throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"width": 64, "height": 36, "duration": 0.2, "variables": {"headline": "Hi"}, "layers": [{"type": "text", "text": "{headline}"}]}"#,
        to: "p.json")
    _ = try folder.write(table, to: "t.csv")
    let result = try runner.run([
        "batch", preset, "--variables", folder.path("t.csv"), "-o", folder.path("out"),
    ])
    #expect(result.status == 65)
    #expect(result.standardError.contains(message), "\(result.standardError)")
}

@Test func aVariableTooLongIsToldAsTooLongOnly() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"width": 64, "height": 36, "duration": 0.2, "variables": {"h": "Hi"}, "layers": [{"type": "text", "text": "{h}"}]}"#,
        to: "p.json")
    let result = try runner.run([
        "validate", preset, "--set", "variables.h=" + String(repeating: "x", count: 20_000),
    ])
    #expect(result.status == 65)
    #expect(result.standardError.contains("exceeds the limit of 10000 characters"), "\(result.standardError)")
    #expect(!result.standardError.contains("names no variable"), "\(result.standardError)")
}

@Test func rowsWhoseNamesMakeTheSameFileNameAreToldApart() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"width": 64, "height": 36, "duration": 0.2, "variables": {"h": "Hi"}, "layers": [{"type": "text", "text": "{h}"}]}"#,
        to: "p.json")
    _ = try folder.write("name,h\na/b,x\na_b,y\n", to: "t.csv")
    let result = try runner.run([
        "batch", preset, "--variables", folder.path("t.csv"), "-o", folder.path("out"),
    ])
    #expect(result.status == 65)
    #expect(
        result.standardError.contains(#"rows named "a/b" and "a_b" would both write files named …-a_b"#),
        "\(result.standardError)")
}

@Test func aTableForAScenePresetSaysItIsNotAComposition() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "duration": 0.2}"#, to: "p.json")
    _ = try folder.write("name\nx\n", to: "t.csv")
    let result = try runner.run([
        "batch", preset, "--variables", folder.path("t.csv"), "-o", folder.path("out"),
    ])
    #expect(result.status == 65)
    #expect(
        result.standardError.contains(
            "--variables sets a composition's variables, and this is a scene preset"))
    #expect(!result.standardError.contains("(--set)"), "\(result.standardError)")
}

@Test(arguments: [
    (["--set", "variables.count=[1]"], "a variable must be text or a number"),
    (["--set", "variables=5"], "must be an object of names to text or numbers"),
    (["--set", "layers[3].start=1"], "layers has 1 item, so there is no [3]"),
    (["--set", "layers[0].enter[2].duration=1"], "the preset has no layers[0].enter, so there is no [2]"),
])
func aBadOverrideIsToldOnceAndAsItIs(arguments: [String], message: String) throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"width": 64, "height": 36, "duration": 0.2, "variables": {"count": 3}, "layers": [{"type": "text", "text": "{count:number}"}]}"#,
        to: "p.json")
    let result = try runner.run(["validate", preset] + arguments)
    #expect(result.status == 65)
    let errors = result.standardError.split(separator: "\n").filter { !$0.contains("preset(s) are invalid") }
    #expect(errors.count == 1, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
}
