import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Round two's examples (ParityExamples.swift), rendered against references in Snapshots/parity.
let parityExamples = [
    Example(name: "text-runs", scene: textRuns.scene, width: 420, height: 150, feature: "parity"),
    Example(name: "emoji", scene: emojiLine.scene, width: 320, height: 60, feature: "parity"),
    Example(
        name: "german-countdown", scene: germanCountdown, width: 240, height: 100, seconds: 30.5,
        feature: "parity"),
    Example(
        name: "pixel-art-linear-light", scene: pixelArtAndLinearLight.scene, width: 290, height: 100,
        feature: "parity"),
]

@Test func theCountdownChangesOncePerSecondOfItsSchedule() {
    let at = { (seconds: Double) in
        Example(name: "countdown", scene: germanCountdown, width: 240, height: 100, seconds: seconds).pixmap
    }
    #expect(at(30.9) == at(30))
    #expect(at(31) != at(30))
}

@Test func namedImagesComeFromAFolderAndSVGStaysSharp() throws {
    let folder = TemporaryDirectory()
    var dot = Pixmap(width: 2, height: 1)
    dot[0, 0] = Color(red: 1, green: 0, blue: 0).premultiplied
    dot[1, 0] = Color(red: 0, green: 0, blue: 1).premultiplied
    try StillImage.write(dot, format: .png, to: folder.path("dot.png"))
    try FileManager.default.copyItem(
        atPath: RepositoryPaths.path("presets/assets/flipbook-logo.svg"), toPath: folder.path("logo.svg"))
    // A WebP written by Pillow and a JPEG: found by name, decoded by FFmpeg.
    _ = try IndependentDecoder.json(
        """
        import sys
        from PIL import Image
        Image.new("RGBA", (4, 4), (0, 200, 0, 255)).save(sys.argv[1], lossless=True)
        print("[]")
        """, [folder.path("sticker.webp")])
    var gray = Pixmap(width: 4, height: 4)
    gray.clear(to: Color(white: 0.5).premultiplied)
    try StillImage.write(gray, format: .jpeg, to: folder.path("photo.jpg"))
    let catalog = ImageCatalog(folder: folder.url.path)
    let stickers = Canvas { context, _ in
        context.draw(Image("sticker"), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        context.draw(Image("photo.jpg"), in: CGRect(x: 8, y: 0, width: 8, height: 8))
    }
    let stickerRenderer = ImageRenderer(content: stickers.environment(\.imageCatalog, catalog))
    stickerRenderer.proposedSize = ProposedViewSize(width: 16, height: 8)
    let sticker = stickerRenderer.pixmap
    #expect(sticker[4, 4].green == 200 && sticker[4, 4].red == 0)
    #expect(abs(Int(sticker[12, 4].red) - 128) <= 3 && sticker[12, 4].alpha == 255)
    let canvas = Canvas { context, _ in
        context.draw(Image("dot").interpolation(.none), in: CGRect(x: 0, y: 0, width: 20, height: 10))
        context.draw(Image("logo"), in: CGRect(x: 0, y: 10, width: 300, height: 300))
    }
    let renderer = ImageRenderer(content: canvas.environment(\.imageCatalog, catalog))
    renderer.proposedSize = ProposedViewSize(width: 300, height: 310)
    let drawn = renderer.pixmap
    #expect(drawn[2, 5].red == 255 && drawn[17, 5].blue == 255)
    // The SVG is rasterised at the size it is drawn: exactly librsvg's 300 × 300 picture.
    let direct = try SVGDocument(contentsOfFile: folder.path("logo.svg")).rasterized(width: 300, height: 300)
    var differing = 0
    for y in 0..<300 {
        for x in 0..<300 where abs(Int(drawn[x, y + 10].alpha) - Int(direct[x, y].alpha)) > 2 {
            differing += 1
        }
    }
    #expect(differing < 300)
}

/// Draws different dots every time it draws, as `Double.random(in:)` does.
private struct UnseededSparkles: AnimatedScene {
    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        let x = Double.random(in: 0..<size.width)
        context.fill(Path(ellipseIn: CGRect(x: x, y: 10, width: 4, height: 4)), with: .color(.white))
    }
}

/// The same dots from a seeded generator: the same every time.
private struct SeededSparkles: AnimatedScene {
    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        var generator = SplitMix64(seed: 7)
        let x = Double.random(in: 0..<size.width, using: &generator)
        context.fill(Path(ellipseIn: CGRect(x: x, y: 10, width: 4, height: 4)), with: .color(.white))
    }
}

@Test func unseededRandomnessIsNamedInAWarning() throws {
    let folder = TemporaryDirectory()
    let sampler = try #require(TimelineSampler(frameRate: FrameRate(10)!, durationSeconds: 0.2))
    let sink = WarningSink.discarding()
    for scene in [UnseededSparkles() as any AnimatedScene, SeededSparkles()] {
        var export = VideoExport(
            scene: scene.accessibilityLabel("sparkles"), sampler: sampler, width: 64, height: 32)
        export.warnings = sink
        try export.renderStill(at: 0, to: URL(fileURLWithPath: folder.path("still.png")))
    }
    let warnings = sink.reported.map(\.message).filter { $0.contains("draws the same frame differently") }
    #expect(warnings.contains { $0.contains("UnseededSparkles") && $0.contains("SplitMix64(seed:") })
    #expect(!warnings.contains { $0.contains("SeededSparkles") && !$0.contains("Unseeded") })
}

@Test func aProgramRunWithFlipbookMainFailsAsTheToolDoes() throws {
    let folder = TemporaryDirectory()
    let example = CommandRunner.executable.deletingLastPathComponent().appendingPathComponent(
        "flipbook-example-countdown")
    let runner = CommandRunner()
    let good = try runner.run(
        [folder.path("countdown.mp4"), RepositoryPaths.path("presets/assets")], executable: example)
    #expect(good.status == 0, "\(good.standardError)")
    let frames =
        try IndependentDecoder.json(
            """
            import av, json, sys
            with av.open(sys.argv[1]) as c:
                s = c.streams.video[0]
                print(json.dumps([s.codec_context.name, s.width, s.height, sum(1 for _ in c.decode(s))]))
            """, [folder.path("countdown.mp4")]) as? [Any]
    #expect(frames?[0] as? String == "h264" && frames?[1] as? Int == 480 && frames?[3] as? Int == 150)
    let unwritable = try runner.run([folder.path("missing/countdown.mp4")], executable: example)
    #expect(unwritable.status == 73)
    #expect(
        unwritable.standardError.hasPrefix("flipbook: cannot write \(folder.path("missing/countdown.mp4"))"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
    let noImages = try runner.run(
        [folder.path("plain.mp4"), folder.path("no-such-folder")], executable: example)
    #expect(noImages.status == 0)
    #expect(noImages.standardError.contains("warning: no image named \"flipbook-logo\""))
}

/// Ctrl-C stops a program run with `FlipbookMain` and its export removes the partial file — also
/// when the program was started with the signal blocked, as a program started from Swift's
/// cooperative pool is.
///
/// Synchronous on purpose: an async test that sleeps between looks waits for a thread of the
/// cooperative pool to wake it, and in the full parallel run other tests hold those threads for
/// a minute — the program then finished before the test looked again and sent its Ctrl-C.
@Test func interruptingAProgramRunWithFlipbookMainLeavesNothing() throws {
    let folder = TemporaryDirectory()
    let example = CommandRunner.executable.deletingLastPathComponent().appendingPathComponent(
        "flipbook-example-countdown")
    // A minute of video: Ctrl-C arrives mid-render, once its partial file has appeared.
    let running = try CommandRunner().startWithSignalsBlocked(
        [folder.path("interrupted.mp4"), RepositoryPaths.path("presets/assets"), "60"], executable: example)
    let deadline = Date().addingTimeInterval(30)
    while !folder.contents().contains(where: { $0.hasPrefix(".interrupted.flipbook-partial-") }),
        Date() < deadline
    {
        Thread.sleep(forTimeInterval: 0.01)
    }
    running.interrupt()
    let stopped = running.wait()
    #expect(stopped.status == 130, "\(stopped.standardError)")
    #expect(stopped.standardError.hasSuffix("flipbook: interrupted; nothing was left behind\n"))
    #expect(folder.contents().isEmpty, "\(folder.contents())")
}

/// SwiftUI's way of setting up an `ImageRenderer` ports unchanged: made with `let`, given a
/// `ProposedViewSize` and a scale afterwards, each render taking the settings of its moment —
/// and, Sendable, it renders from another task too.
@Test func anImageRendererIsSetUpAsInSwiftUI() async {
    let renderer = ImageRenderer(
        content: Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.red))
        })
    renderer.proposedSize = ProposedViewSize(width: 8, height: 4)
    renderer.scale = 2
    #expect(renderer.pixmap.width == 16 && renderer.pixmap.height == 8)
    #expect(renderer.pixmap[15, 7] == Color.red.premultiplied)
    renderer.proposedSize = .init(width: 3, height: 3)
    let elsewhere = await Task.detached { renderer.pixmap }.value
    #expect(elsewhere.width == 6 && elsewhere.height == 6)
}

/// A proposal may leave a side open, as SwiftUI's: `nil` (or an infinite length) gives that
/// side a canvas's ideal 10 points, and `replacingUnspecifiedDimensions(by:)` fills it in.
@Test func aProposedSizeMayLeaveASideUnspecified() {
    let renderer = ImageRenderer(
        content: Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.blue))
        })
    renderer.proposedSize = ProposedViewSize(width: 30, height: nil)
    #expect(renderer.pixmap.width == 30 && renderer.pixmap.height == 10)
    #expect(renderer.pixmap[29, 9] == Color.blue.premultiplied)
    renderer.proposedSize = .infinity
    #expect(renderer.pixmap.width == 10 && renderer.pixmap.height == 10)
    renderer.proposedSize = ProposedViewSize(CGSize(width: 12, height: 5))
    #expect(renderer.pixmap.width == 12 && renderer.pixmap.height == 5)
    #expect(ProposedViewSize.unspecified.replacingUnspecifiedDimensions() == CGSize(width: 10, height: 10))
    #expect(
        ProposedViewSize(width: nil, height: 7).replacingUnspecifiedDimensions(
            by: CGSize(width: 4, height: 4))
            == CGSize(width: 4, height: 7))
}
