import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// What a preset reads is what the render will read, found where the security model allows
/// (issue 51): `validate` decodes sounds as far as the video plays them, an SVG draws the
/// files beside it and says which it will not, and a preset reads only inside its own folder,
/// the working folder and the folders `--allow-read` adds.
private let runner = CommandRunner()

/// A FLAC file cut off after `bytes` bytes: its header is whole, its sound stops part-way.
private func truncatedSound(in folder: TemporaryDirectory, bytes: Int) throws -> String {
    let whole = try Data(
        contentsOf: URL(fileURLWithPath: RepositoryPaths.path("presets/assets/fanfare.flac")))
    let path = folder.path("cut.flac")
    try whole.prefix(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

@Test func aSoundCutShortFailsValidateAtItsJSONPathNotTheRender() throws {
    let folder = TemporaryDirectory()
    _ = try truncatedSound(in: folder, bytes: 20_000)
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "duration": 5, "audio": {"tracks": [{"file": "cut.flac"}]}}"#,
        to: "p.json")
    for command in [["validate", preset], ["render", preset, "-o", folder.path("out.mp4")]] {
        let result = try runner.run(command)
        #expect(result.status == 65, "\(command): \(result.standardError)")
        #expect(
            result.standardError.contains("audio.tracks[0].file: cannot use")
                && result.standardError.contains("damaged near"), "\(result.standardError)")
    }
    // A video short enough to end before the damage plays what is whole.
    let short = try runner.run(["validate", preset, "--set", "duration=0.3"])
    #expect(short.status == 0, "\(short.standardError)")
    // The same file given on the command line.
    let given = try runner.run([
        "render", RepositoryPaths.path("presets/triangle.json"), "-o", folder.path("out.mp4"), "--duration",
        "3",
        "--audio", folder.path("cut.flac"),
    ])
    #expect(given.status == 65, "\(given.standardError)")
    #expect(given.standardError.contains("--audio \(folder.path("cut.flac"))"), "\(given.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
}

/// An opaque red square of `side` pixels, as a PNG at `path`.
private func redSquare(_ side: Int, at path: String) throws {
    var picture = Pixmap(width: side, height: side)
    for y in 0..<side {
        for x in 0..<side { picture[x, y] = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255) }
    }
    try StillImage.write(picture, format: .png, to: path)
}

@Test func anSVGDrawsTheImageBesideItAndWarnsOfOneOutsideItsFolder() throws {
    let folder = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
    try redSquare(4, at: folder.path("art/dot.png"))
    try redSquare(4, at: folder.path("outside.png"))
    _ = try folder.write(
        """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20">
          <image href="dot.png" x="0" y="0" width="10" height="20"/>
          <image xlink:href="../outside.png" x="10" y="0" width="10" height="20"/>
        </svg>
        """, to: "art/logo.svg")
    let preset = try folder.write(
        """
        {"width": 64, "height": 64, "duration": 0.1, "background": "#000000",
         "layers": [{"type": "image", "file": "art/logo.svg", "size": [64, 64]}]}
        """, to: "p.json")
    let still = try runner.run(["still", preset, "--at", "0", "-o", folder.path("still.png")])
    #expect(still.status == 0, "\(still.standardError)")
    #expect(
        still.standardError.contains(#"layers[0].file: "#)
            && still.standardError.contains(#"refers to "../outside.png", which is not drawn"#),
        "\(still.standardError)")
    let picture = try PNGFile.decode(try Data(contentsOf: URL(fileURLWithPath: folder.path("still.png"))))
    #expect(picture[16, 32].red > 200 && picture[16, 32].green < 40, "the sibling image is drawn")
    #expect(picture[48, 32].red < 40, "the image outside the SVG's folder is not")
    // The sibling is an input: a batch may not write over it.
    let batch = try runner.run(["render", preset, "-o", folder.path("art/dot.png"), "--at", "0"])
    #expect(batch.status == 73, "\(batch.standardError)")
}

@Test func aPresetReadsOnlyInsideItsFolderTheWorkingFolderAndAllowedFolders() throws {
    let root = TemporaryDirectory()
    for name in ["project", "secrets", "cwd"] {
        try FileManager.default.createDirectory(atPath: root.path(name), withIntermediateDirectories: true)
    }
    _ = try root.write("1\n00:00:00,000 --> 00:00:01,000\nthe secret\n", to: "secrets/notes.srt")
    _ = try root.write("1\n00:00:00,000 --> 00:00:01,000\nfrom here\n", to: "cwd/here.srt")
    try FileManager.default.createSymbolicLink(
        atPath: root.path("project/link.srt"), withDestinationPath: root.path("secrets/notes.srt"))
    func preset(_ captions: String) throws -> String {
        try root.write(
            """
            {"width": 64, "height": 36, "duration": 0.5, "layers": [{"type": "text", "text": "{caption}", "captions": "\(captions)"}]}
            """, to: "project/p.json")
    }
    for captions in ["../secrets/notes.srt", root.path("secrets/notes.srt"), "link.srt"] {
        let path = try preset(captions)
        let refused = try runner.run(["validate", path], directory: root.url.appendingPathComponent("cwd"))
        #expect(refused.status == 65, "\(captions): \(refused.standardError)")
        #expect(
            refused.standardError.contains("layers[0].captions: cannot read")
                && refused.standardError.contains("--allow-read \(root.path("secrets"))"),
            "\(refused.standardError)")
        let dryRun = try runner.run(
            ["render", path, "-o", root.path("out.mp4"), "--dry-run"],
            directory: root.url.appendingPathComponent("cwd"))
        #expect(dryRun.status == 65, "\(dryRun.standardError)")
        let allowed = try runner.run(
            ["validate", path, "--allow-read", root.path("secrets")],
            directory: root.url.appendingPathComponent("cwd"))
        #expect(allowed.status == 0, "\(allowed.standardError)")
    }
    // The working folder is readable without a flag.
    let fromHere = try runner.run(
        ["validate", try preset(root.path("cwd/here.srt"))], directory: root.url.appendingPathComponent("cwd")
    )
    #expect(fromHere.status == 0, "\(fromHere.standardError)")
}

@Test func aPNGSequenceNeverWritesOverOrDeletesAnInput() throws {
    let folder = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: folder.path("frames"), withIntermediateDirectories: true)
    try redSquare(4, at: folder.path("frames/0000.png"))
    let before = FileManager.default.contents(atPath: folder.path("frames/0000.png"))
    let preset = try folder.write(
        #"{"width": 64, "height": 36, "fps": 10, "duration": 0.3, "layers": [{"type": "image", "file": "frames/0000.png"}]}"#,
        to: "p.json")
    // A frame of the pattern would land on the image.
    let over = try runner.run(["render", preset, "-o", folder.path("frames/%04d.png")])
    #expect(over.status == 73, "\(over.standardError)")
    #expect(over.standardError.contains("would replace or delete the input"), "\(over.standardError)")
    #expect(FileManager.default.contents(atPath: folder.path("frames/0000.png")) == before)
    // A frame an earlier render recorded, now an input, would be deleted as stale.
    let earlier = try runner.run([
        "render", RepositoryPaths.path("presets/triangle.json"), "-o", folder.path("seq/s_%04d.png"),
        "--size",
        "64x36", "--fps", "10", "--duration", "1",
    ])
    #expect(earlier.status == 0, "\(earlier.standardError)")
    let shows = try folder.write(
        #"{"width": 64, "height": 36, "fps": 10, "duration": 0.3, "layers": [{"type": "image", "file": "seq/s_0009.png"}]}"#,
        to: "q.json")
    let stale = try runner.run(["render", shows, "-o", folder.path("seq/s_%04d.png"), "--dry-run"])
    #expect(stale.status == 73, "\(stale.standardError)")
    #expect(FileManager.default.fileExists(atPath: folder.path("seq/s_0009.png")))
}

@Test func captionsAreReadAsSubRipOrWebVTTNeverAsAPlaylist() throws {
    let folder = TemporaryDirectory()
    _ = try folder.write("WEBVTT\n\n00:00.000 --> 00:00.500\nSECRET\n", to: "secret.vtt")
    _ = try folder.write(
        "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n\(folder.path("secret.vtt"))\n#EXT-X-ENDLIST\n",
        to: "sub.srt")
    let preset = try folder.write(
        #"{"width": 64, "height": 36, "duration": 0.5, "layers": [{"type": "text", "text": "{caption}", "captions": "sub.srt"}]}"#,
        to: "p.json")
    let result = try runner.run(["render", preset, "-o", folder.path("out.mp4"), "--captions"])
    #expect(result.status == 65, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: folder.path("out.vtt")))
}
