import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// No command deletes or overwrites anything it was not asked to produce (issue 19, data loss).
private let runner = CommandRunner()

private let tiny = """
    {"scene": "triangle", "width": 64, "height": 36, "fps": 20, "duration": 0.15, "background": "#202030"}
    """

/// A folder holding a sentinel file and a subfolder with one file in it.
private func populatedFolder() throws -> TemporaryDirectory {
    let folder = TemporaryDirectory()
    _ = try folder.write("precious", to: "sentinel.txt")
    try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
    _ = try folder.write("also precious", to: "sub/inner.txt")
    return folder
}

private func expectPopulated(_ folder: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation)
{
    #expect(
        (try? String(contentsOfFile: folder.path("sentinel.txt"), encoding: .utf8)) == "precious",
        sourceLocation: sourceLocation)
    #expect(
        (try? String(contentsOfFile: folder.path("sub/inner.txt"), encoding: .utf8)) == "also precious",
        sourceLocation: sourceLocation)
}

@Test func aSequenceIntoTheCurrentFolderIsRefusedAndDeletesNothing() throws {
    let folder = try populatedFolder()
    let presets = TemporaryDirectory()
    let preset = try presets.write(tiny, to: "p.json")
    let result = try runner.run(["render", preset, "-o", "./"], directory: folder.url)
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("holds files Flipbook did not write"))
    expectPopulated(folder)
    #expect(folder.contents() == ["sentinel.txt", "sub"])
}

@Test func aSequenceReplacesOnlyAnEmptyFolderOrItsOwnFrames() throws {
    let folder = try populatedFolder()
    let preset = try folder.write(tiny, to: "p.json")
    // A foreign folder with files: refused.
    let foreign = try runner.run(["render", preset, "-o", folder.url.path + "/"])
    #expect(foreign.status == 73)
    expectPopulated(folder)
    // An empty folder: filled, with a manifest.
    let frames = folder.url.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
    #expect(try runner.run(["render", preset, "-o", frames.path + "/", "-q"]).status == 0)
    var names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
    #expect(names == [".flipbook-sequence.json", "frames_00000.png", "frames_00001.png", "frames_00002.png"])
    // The user adds a file; a shorter render replaces only Flipbook's frames and keeps it.
    try "mine".write(to: frames.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    #expect(
        try runner.run(["render", preset, "-o", frames.path + "/", "-q", "--duration", "0.05"]).status == 0)
    names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
    #expect(names == [".flipbook-sequence.json", "frames_00000.png", "notes.txt"])
}

/// A pattern writes into a shared folder, but never over a file of a frame's name that it did not
/// write: `-o f_%03d.png` beside the user's own `f_001.png` is refused (73) and leaves no frame;
/// the frames it wrote itself it replaces on the next render.
@Test func aPatternNeverReplacesAFileItDidNotWrite() throws {
    let folder = try populatedFolder()
    let preset = try folder.write(tiny, to: "p.json")
    _ = try folder.write("mine", to: "f_001.png")
    let refused = try runner.run(["render", preset, "-o", "f_%03d.png"], directory: folder.url)
    #expect(refused.status == 73, "\(refused.standardError)")
    #expect(
        refused.standardError.contains("f_001.png: Flipbook did not write it"), "\(refused.standardError)")
    #expect(try String(contentsOfFile: folder.path("f_001.png"), encoding: .utf8) == "mine")
    #expect(folder.contents() == ["f_001.png", "p.json", "sentinel.txt", "sub"])
    expectPopulated(folder)
    let own = try runner.run(["render", preset, "-o", "g_%03d.png"], directory: folder.url)
    #expect(own.status == 0, "\(own.standardError)")
    let again = try runner.run(["render", preset, "-o", "g_%03d.png"], directory: folder.url)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(folder.contents().filter { $0.hasPrefix("g_") } == ["g_000.png", "g_001.png", "g_002.png"])
}

@Test func aFileNamedLikeTheManifestIsNeverOverwritten() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    let foreign = try folder.write("my own notes", to: ".flipbook-sequence.json")
    let result = try runner.run(["render", preset, "-o", folder.path("shot_%03d.png")])
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("not a Flipbook sequence manifest"))
    #expect(try String(contentsOfFile: foreign, encoding: .utf8) == "my own notes")
    #expect(folder.contents() == [".flipbook-sequence.json", "p.json"])
}

@Test func aFolderOutputOverARegularFileIsRefused() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    let existing = try folder.write("not a folder", to: "existing.mp4")
    let result = try runner.run(["render", preset, "-o", existing + "/"])
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("it is a file, not a folder"))
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "not a folder")
    #expect(folder.contents() == ["existing.mp4", "p.json"])
}

@Test func aDeviceOrFIFOIsNeverReplacedByAnOutput() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    #expect(mkfifo(folder.path("pipe.mp4"), 0o644) == 0)
    for output in [folder.path("pipe.mp4"), "/dev/null"] {
        let result = try runner.run(["render", preset, "-o", output, "--format", "h264"])
        #expect(result.status == 73, "\(result.standardError)")
        #expect(result.standardError.contains("not a regular file"))
    }
    var status = stat()
    #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    #expect(folder.contents() == ["p.json", "pipe.mp4"])
}

@Test func anOutputThatIsALinkIsWrittenThroughAndTheLinkStays() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    let manager = FileManager.default
    try manager.createDirectory(atPath: folder.path("renders"), withIntermediateDirectories: true)
    _ = try folder.write("old", to: "renders/v1.mp4")
    func link(_ name: String, to target: String) throws {
        try manager.createSymbolicLink(atPath: folder.path(name), withDestinationPath: target)
    }
    try link("latest.mp4", to: "renders/v1.mp4")  // relative, to a file
    try link("next.mp4", to: "hop.mp4")  // a chain ending in nothing yet
    try link("hop.mp4", to: folder.path("renders/v2.mp4"))
    try link("pipe.mp4", to: "/dev/null")  // to a device
    try link("dir.mp4", to: "renders")
    try link("loop.mp4", to: "loop.mp4")
    try link("lost.mp4", to: "missing/x.mp4")
    for name in ["latest.mp4", "next.mp4"] {
        let result = try runner.run(["render", preset, "-o", name], directory: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        // The size said is the video's, not the link's (a few bytes).
        #expect(result.standardError.contains(" kB in "), "\(result.standardError)")
    }
    // The links are links still, and the files they lead to are the videos.
    for (name, target) in [
        ("latest.mp4", "renders/v1.mp4"), ("next.mp4", "hop.mp4"), ("hop.mp4", folder.path("renders/v2.mp4")),
    ] {
        #expect(try manager.destinationOfSymbolicLink(atPath: folder.path(name)) == target)
    }
    for video in ["renders/v1.mp4", "renders/v2.mp4"] {
        #expect(try VideoFileReader(path: folder.path(video)).info.codecName == "h264")
    }
    let refusals = [
        ("pipe.mp4", "it is a link to a device, FIFO or socket"), ("dir.mp4", "it is a link to a folder"),
        ("loop.mp4", "it is a link that leads nowhere"),
        (
            "lost.mp4",
            "lost.mp4 (a link to \(folder.url.standardizedFileURL.path)/missing/x.mp4): no such file"
        ),
    ]
    for (name, message) in refusals {
        let result = try runner.run(["render", preset, "-o", name], directory: folder.url)
        #expect(result.status == 73, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
    #expect(try manager.destinationOfSymbolicLink(atPath: folder.path("pipe.mp4")) == "/dev/null")
    #expect(
        folder.contents().sorted() == [
            "dir.mp4", "hop.mp4", "latest.mp4", "loop.mp4", "lost.mp4", "next.mp4", "p.json", "pipe.mp4",
            "renders",
        ])
    #expect(try manager.contentsOfDirectory(atPath: folder.path("renders")).sorted() == ["v1.mp4", "v2.mp4"])
}

/// `missing/../p.json` is the preset once `missing` is made, though `stat` cannot follow it before.
@Test(arguments: [
    "p.json", "./p.json", "link.json", "missing/../p.json", "a/b/../../p.json", "a/../link.json",
])
func anOutputThatIsTheInputIsRefused(output: String) throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    try FileManager.default.createSymbolicLink(atPath: folder.path("link.json"), withDestinationPath: preset)
    let result = try runner.run(
        ["render", "p.json", "-o", output, "--format", "h264"], directory: folder.url)
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("it is the input p.json"))
    #expect(try String(contentsOfFile: preset, encoding: .utf8) == tiny)
    #expect(folder.contents().sorted() == ["link.json", "p.json"])
    // `--captions` writing over the preset (`c.vtt` here) is refused the same way.
    let vtt = try folder.write(tiny, to: "c.vtt")
    let captions = try runner.run(["render", "c.vtt", "-o", "c.mp4", "--captions"], directory: folder.url)
    #expect(captions.status == 73, "\(captions.standardError)")
    #expect(try String(contentsOfFile: vtt, encoding: .utf8) == tiny)
    #expect(!FileManager.default.fileExists(atPath: folder.path("c.mp4")))
}

@Test func batchOutputsThatCollideAreRefusedBeforeAnythingRenders() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "x.json")
    try FileManager.default.createDirectory(
        at: folder.url.appendingPathComponent("b"), withIntermediateDirectories: true)
    let other = try folder.write(tiny, to: "b/x.json")
    let out = folder.url.appendingPathComponent("out").path
    for presets in [[preset, preset], [preset, other]] {
        let result = try runner.run(["batch"] + presets + ["-o", out, "--jobs", "2"])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains("\(presets[0]) and \(presets[1]) would both write"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
    // An output that is one of the presets is refused too: `v.mp4` (a preset, oddly named)
    // would become `v.mp4` in its own folder.
    let named = try folder.write(tiny, to: "v.mp4")
    let clash = try runner.run(["batch", named, "-o", folder.url.path])
    #expect(clash.status == 73, "\(clash.standardError)")
    #expect(try String(contentsOfFile: named, encoding: .utf8) == tiny)
}

@Test func missingOutputFoldersAreCreatedAndSaidSoOnce() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    let render = try runner.run(["render", preset, "-o", folder.path("a/b/c/out.mp4")])
    #expect(render.status == 0, "\(render.standardError)")
    #expect(render.standardError.components(separatedBy: "created the folder").count == 2)
    #expect(render.standardError.contains("a/b/c"))
    #expect(try VideoFileReader(path: folder.path("a/b/c/out.mp4")).readAllFrames().count == 3)
    let batch = try runner.run(["batch", preset, "-o", folder.path("d/e")])
    #expect(batch.status == 0, "\(batch.standardError)")
    #expect(batch.standardError.components(separatedBy: "created the folder").count == 2)
    #expect(FileManager.default.fileExists(atPath: folder.path("d/e/p.mp4")))
    #expect(batch.standardOutput.contains("p.json  ok"), "the summary table")
    // Paths are said as they were written: relative ones stay relative, in the notes, the table
    // and the JSON events alike (`out/p.mp4`, as docs/progress.md shows them).
    let relative = try runner.run(["batch", "p.json", "-o", "h/i"], directory: folder.url)
    #expect(relative.standardError == "flipbook: created the folder h/i\n", "\(relative.standardError)")
    #expect(relative.standardOutput.hasSuffix("  h/i/p.mp4\n"), "\(relative.standardOutput)")
    let events = try runner.run(["batch", "p.json", "-o", "j", "--progress", "json"], directory: folder.url)
    #expect(events.standardOutput.contains(#""message":"created the folder j""#), "\(events.standardOutput)")
    #expect(events.standardOutput.contains(#""output":"j/p.mp4""#), "\(events.standardOutput)")
    let single = try runner.run(["render", "p.json", "-o", "k/l/out.mp4"], directory: folder.url)
    #expect(single.standardError.hasPrefix("flipbook: created the folder k/l\n"), "\(single.standardError)")
    // --quiet prints nothing but errors: no table either, and a failure still names its preset.
    let broken = try folder.write("{}", to: "broken.json")
    let quiet = try runner.run(["batch", preset, broken, "-o", folder.path("d/e"), "--quiet"])
    #expect(quiet.status == 65, "\(quiet.standardError)")
    #expect(quiet.standardOutput.isEmpty)
    #expect(quiet.standardError.contains("broken.json"))
    // A render that fails removes the folders it created.
    let failed = try runner.run(
        ["render", preset, "-o", folder.path("f/g/out.mp4")], environment: ["FLIPBOOK_FAIL_AT_FRAME": "1"])
    #expect(failed.status == 70)
    #expect(!FileManager.default.fileExists(atPath: folder.path("f")))
}

@Test func partialFilesOfKilledProcessesAreRemovedByTheNextRender() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    // A process that no longer exists (a finished child), and one that does (pid 1).
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let abandoned = try folder.write("half", to: ".out.flipbook-partial-\(gone.processIdentifier)-1.mp4")
    try FileManager.default.createDirectory(
        atPath: folder.path(".frames.flipbook-partial-\(gone.processIdentifier)-2"),
        withIntermediateDirectories: true)
    let live = try folder.write("busy", to: ".other.flipbook-partial-1-1.mp4")
    let lookalike = try folder.write("user's", to: ".notes.partial-1.txt")
    #expect(try runner.run(["render", preset, "-o", folder.path("new.mp4"), "-q"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: abandoned))
    #expect(
        folder.contents() == [".notes.partial-1.txt", ".other.flipbook-partial-1-1.mp4", "new.mp4", "p.json"])
    #expect(FileManager.default.fileExists(atPath: live) && FileManager.default.fileExists(atPath: lookalike))
}

@Test func aLongOutputNameIsWrittenUnderAShortenedTemporaryName() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    let name = String(repeating: "n", count: 250) + ".mp4"
    #expect(name.utf8.count == 254)
    let result = try runner.run(["render", preset, "-o", folder.path(name), "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(folder.contents() == [name, "p.json"])
}

/// Every documented output form, from `render`, `still` and `batch`, into a folder that holds
/// a sentinel file: the sentinel survives each, unchanged.
@Test func aSentinelFileSurvivesEveryDocumentedOutputForm() throws {
    let folder = try populatedFolder()
    let preset = try folder.write(tiny, to: "p.json")
    // Each form with the status it must end with: the refusals prove nothing was touched, the
    // successes that writing beside the sentinel leaves it alone.
    // The refusals come first, while the folder holds nothing of Flipbook's (a pattern render
    // below leaves its manifest here, after which `-o ./` may add its own frames beside the
    // sentinel, still touching nothing else).
    let commands: [([String], Int32)] = [
        (["render", preset, "-o", "./"], 73), (["render", preset, "-o", "sub/"], 73),
        (["render", preset, "-o", "sentinel.txt"], 64),
        (["render", preset, "-o", "v.mp4"], 0), (["render", preset, "-o", "v.webm"], 0),
        (["render", preset, "-o", "v.mov"], 0), (["render", preset, "-o", "v.gif"], 0),
        (["render", preset, "-o", "v.apng"], 0), (["render", preset, "-o", "frames/"], 0),
        (["render", preset, "-o", "shot_%03d.png"], 0),
        (["render", preset, "-o", "s.png", "--at", "0.1"], 0),
        (["render", preset, "-o", "s.jpg"], 0),
        (["render", preset, "-o", "sheet.png", "--contact-sheet", "3"], 0),
        (["render", preset, "-o", "v.mp4", "--captions"], 0), (["still", preset, "-o", "still.png"], 0),
        (["batch", preset, "-o", "."], 0), (["batch", preset, "-o", "batch", "--format", "png-sequence"], 0),
        (["render", preset, "-o", "./"], 0), (["render", preset, "-o", "sub/"], 73),
    ]
    for (command, status) in commands {
        let result = try runner.run(command + ["-q"], directory: folder.url)
        #expect(result.status == status, "\(command): \(result.standardError)")
        expectPopulated(folder)
    }
    #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path("sub")) == ["inner.txt"])
}

/// A folder where a file would go is told as what it is — the output is a folder (73) — not as a
/// name for a PNG sequence that contradicts the format (65): by `render`, and by a row of a
/// `batch`, which fails alone while the others land.
@Test func aFolderWhereAFileWouldGoIsRefusedAsAFolder() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        """
        {"width": 64, "height": 36, "fps": 10, "duration": 0.2, "variables": {"headline": "Hi"},
         "layers": [{"type": "text", "text": "{headline}"}]}
        """, to: "p.json")
    try FileManager.default.createDirectory(
        atPath: folder.path("taken.mp4/inside"), withIntermediateDirectories: true)
    for extra in [[], ["--format", "h264"], ["--dry-run"]] {
        let render = try runner.run(["render", preset, "-o", folder.path("taken.mp4")] + extra)
        #expect(render.status == 73, "\(extra): \(render.standardError)")
        #expect(render.standardError.contains("taken.mp4: it is a folder"), "\(render.standardError)")
        #expect(!render.standardError.contains("png-sequence"), "\(render.standardError)")
    }
    #expect(folder.contents("taken.mp4") == ["inside"])
    let table = try folder.write("name,headline\nr1,One\nr2,Two\n", to: "rows.csv")
    try FileManager.default.createDirectory(
        atPath: folder.path("out/p-r1.mp4"), withIntermediateDirectories: true)
    // A dry run finds it too, and fails that row alone (the other is checked), with the code
    // the batch would end with.
    let dryRun = try runner.run([
        "batch", preset, "--variables", table, "-o", folder.path("out"), "--dry-run",
    ])
    #expect(dryRun.status == 73, "\(dryRun.standardError)")
    #expect(dryRun.standardError.contains("p-r1.mp4: it is a folder"), "\(dryRun.standardError)")
    #expect(dryRun.standardError.contains("checked: \(preset) [r2]"), "\(dryRun.standardError)")
    let batch = try runner.run(["batch", preset, "--variables", table, "-o", folder.path("out")])
    #expect(batch.status == 73, "\(batch.standardError)")
    #expect(batch.standardError.contains("p-r1.mp4: it is a folder"), "\(batch.standardError)")
    #expect(folder.contents("out") == ["p-r1.mp4", "p-r2.mp4"])
    #expect(folder.contents("out/p-r1.mp4").isEmpty)
}

/// A file where a folder on the output's way must be is found by `--dry-run` as by the render
/// (exit 73), for `render` and for `batch`, whose folder it is or leads to, and nothing is made.
@Test func aFileOnTheOutputsWayIsFoundByADryRun() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    _ = try folder.write("precious", to: "notes.txt")
    for command in [
        ["render", preset, "-o", folder.path("notes.txt/x.mp4")],
        ["render", preset, "-o", folder.path("notes.txt/deeper/x.mp4")],
        ["batch", preset, "-o", folder.path("notes.txt")],
        ["batch", preset, "-o", folder.path("notes.txt/deeper")],
    ] {
        for extra in [["--dry-run"], []] {
            let result = try runner.run(command + extra)
            #expect(result.status == 73, "\(command + extra): \(result.standardError)")
            #expect(result.standardError.contains("notes.txt"), "\(result.standardError)")
            #expect(folder.contents() == ["notes.txt", "p.json"])
        }
    }
    #expect(try String(contentsOfFile: folder.path("notes.txt"), encoding: .utf8) == "precious")
}

/// A batch that writes nothing removes the output folders it created, as a render does, and
/// only those: a folder that was there stays.
@Test func aBatchThatWritesNothingRemovesTheFoldersItCreated() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(tiny, to: "p.json")
    let failing = ["FLIPBOOK_FAIL_AT_FRAME": "1"]
    let failed = try runner.run(["batch", preset, "-o", folder.path("made/deeper")], environment: failing)
    #expect(failed.status == 70, "\(failed.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("made")))
    try FileManager.default.createDirectory(atPath: folder.path("kept"), withIntermediateDirectories: true)
    let again = try runner.run(["batch", preset, "-o", folder.path("kept/new")], environment: failing)
    #expect(again.status == 70, "\(again.standardError)")
    #expect(folder.contents("kept").isEmpty)
    #expect(FileManager.default.fileExists(atPath: folder.path("kept")))
    // A batch that wrote something keeps its folder.
    let written = try runner.run(["batch", preset, "-o", folder.path("made/deeper"), "-q"])
    #expect(written.status == 0, "\(written.standardError)")
    #expect(folder.contents("made/deeper") == ["p.mp4"])
}
