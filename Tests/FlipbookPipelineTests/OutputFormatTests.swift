import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookPipeline
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// A half-transparent red left half and an opaque blue square that moves right 40 px/s.
private struct SwatchScene: AnimatedScene {
    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        context.fill(
            Path(CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)),
            with: .color(Color(red: 1, green: 0, blue: 0, opacity: 0.5)))
        let x = size.width / 2 + 8 + time.seconds * 40
        context.fill(
            Path(CGRect(x: x, y: 8, width: 16, height: 16)), with: .color(Color(red: 0, green: 0, blue: 1)))
    }

    var accessibilityLabel: String? { "A blue square slides right beside a pink panel." }
}

private func swatchExport(
    _ format: OutputFormat, background: Color = .clear, fps: Int = 20, seconds: Double = 0.5
) -> VideoExport {
    var export = VideoExport(
        scene: SwatchScene(), sampler: TimelineSampler(frameRate: FrameRate(fps)!, durationSeconds: seconds)!,
        width: 64, height: 48, background: background, output: EncodingOptions(format: format))
    if format.hasSpeedPresets { export.output.preset = "ultrafast" }
    export.renderThreads = 2
    return export
}

private func fileBytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The facts every video format must get right, read back through libavformat/libavcodec.
private func checkVideo(
    _ path: String, codec: String, pixelFormat: String, frames: Int, fps: Int = 20, decoder: String? = nil
) throws -> [VideoFileReader.Frame] {
    let reader = try VideoFileReader(path: path, decoder: decoder)
    #expect(reader.info.codecName == codec)
    #expect(reader.info.width == 64 && reader.info.height == 48)
    let decoded = try reader.readAllFrames()
    #expect(decoded.count == frames)
    #expect(decoded.first?.seconds == 0)
    if decoded.count > 1 {
        let step = decoded[1].seconds - decoded[0].seconds
        #expect(abs(step - 1 / Double(fps)) < 0.006)
    }
    if codec != "apng" {  // APNG has no container duration
        #expect(abs(reader.info.durationSeconds - Double(frames) / Double(fps)) < 0.011)
    }
    if decoder == nil { #expect(reader.info.pixelFormat == pixelFormat) }
    return decoded
}

@Test func h264AndHEVCAreWrittenAsAskedAndHEVCIsTaggedForApplePlayers() async throws {
    let folder = TemporaryDirectory()
    try await swatchExport(.h264, background: .black).run(to: folder.url.appendingPathComponent("a.mp4"))
    _ = try checkVideo(folder.path("a.mp4"), codec: "h264", pixelFormat: "yuv420p", frames: 10)
    try await swatchExport(.hevc, background: .black).run(to: folder.url.appendingPathComponent("b.mp4"))
    _ = try checkVideo(folder.path("b.mp4"), codec: "hevc", pixelFormat: "yuv420p", frames: 10)
    #expect(try VideoFileReader(path: folder.path("b.mp4")).info.codecTag == "hvc1")
    #expect(try VideoFileReader(path: folder.path("a.mp4")).info.colorSpace == "bt709")
}

/// AV1 in MP4, as browsers play it: `av01`, BT.709 in the sequence header and the container,
/// and the swatch's colours back through libdav1d.
@Test func av1IsWrittenInMP4AsBrowsersPlayIt() async throws {
    let folder = TemporaryDirectory()
    var export = swatchExport(.av1, background: .black)
    export.output.crf = 10
    try await export.run(to: folder.url.appendingPathComponent("av1.mp4"))
    let frames = try checkVideo(folder.path("av1.mp4"), codec: "av1", pixelFormat: "yuv420p", frames: 10)
    let info = try VideoFileReader(path: folder.path("av1.mp4")).info
    #expect(info.codecTag == "av01")
    #expect(
        [info.colorPrimaries, info.colorTransfer, info.colorSpace, info.colorRange]
            == ["bt709", "bt709", "bt709", "tv"])
    let frame = try #require(frames.first)
    let (luma, blue, red) = (frame.planes[0], frame.planes[1], frame.planes[2])
    // BT.709 at tv range: red at half opacity over black (128, 0, 0) has Y 39, Cb 115, Cr 184;
    // opaque blue (the square, x 40…55, y 8…23) Y 32, Cb 240, Cr 118; black Y 16.
    func near(_ value: UInt8, _ expected: Int) -> Bool { abs(Int(value) - expected) <= 3 }
    #expect(near(luma[20 * 64 + 10], 39) && near(blue[10 * 32 + 5], 115) && near(red[10 * 32 + 5], 184))
    #expect(near(luma[16 * 64 + 48], 32) && near(blue[8 * 32 + 24], 240) && near(red[8 * 32 + 24], 118))
    #expect(near(luma[40 * 64 + 60], 16))
}

/// Pillow's view of an animated WebP or GIF: frames, plays, each frame's milliseconds, and the
/// straight RGBA of pixel (x, y) of the first frame for each of `pixels`.
private func animationFrames(_ path: String, pixels: [[Int]]) throws -> [String: Any] {
    let script = """
        import sys, json
        from PIL import Image
        image, pixels = Image.open(sys.argv[1]), json.loads(sys.argv[2])
        durations = []
        for i in range(image.n_frames):
            image.seek(i); image.load(); durations.append(image.info.get("duration"))
        image.seek(0)
        first = image.convert("RGBA")
        print(json.dumps({"frames": image.n_frames, "loop": image.info.get("loop"), "durations": durations,
                          "pixels": [list(first.getpixel((x, y))) for x, y in pixels]}))
        """
    let list = String(decoding: try JSONSerialization.data(withJSONObject: pixels), as: UTF8.self)
    return try IndependentDecoder.json(script, [path, list]) as? [String: Any] ?? [:]
}

@Test func animatedWebPKeepsEveryLevelOfAlphaLosslessAndPlaysAsAsked() async throws {
    let folder = TemporaryDirectory()
    var export = swatchExport(.webp)
    export.output.loopCount = 3
    try await export.run(to: folder.url.appendingPathComponent("sticker.webp"))
    // The half-transparent red panel, the blue square (x 40…55, y 8…23) and clear background.
    let found = try animationFrames(folder.path("sticker.webp"), pixels: [[10, 20], [48, 16], [60, 40]])
    #expect(found["frames"] as? Int == 10)
    #expect(found["loop"] as? Int == 3)
    #expect(found["durations"] as? [Int] == Array(repeating: 50, count: 10), "20 fps: 50 ms each")
    let pixels = found["pixels"] as? [[Int]] ?? []
    // Lossless and straight: red at alpha 128 (0.5 · 255 rounded), opaque blue, clear.
    #expect(pixels.first == [255, 0, 0, 128])
    #expect(pixels.dropFirst().first == [0, 0, 255, 255])
    #expect(pixels.last?[3] == 0)
    // Lossy with alpha: near the same.
    var lossy = swatchExport(.webp)
    lossy.output.pixelFormat = "yuva420p"
    try await lossy.run(to: folder.url.appendingPathComponent("lossy.webp"))
    let near = try animationFrames(folder.path("lossy.webp"), pixels: [[10, 20]])
    let red = (near["pixels"] as? [[Int]])?.first ?? []
    #expect(red.count == 4 && red[0] > 230 && red[1] < 25 && abs(red[3] - 128) <= 8, "\(red)")
    // Lossy quality: 10 writes fewer bytes than 90.
    var sizes: [Int] = []
    for quality in [10.0, 90.0] {
        var export = swatchExport(.webp, background: .white)
        export.output.pixelFormat = "yuv420p"
        export.output.quality = quality
        let name = "q\(Int(quality)).webp"
        try await export.run(to: folder.url.appendingPathComponent(name))
        sizes.append(try fileBytes(folder.path(name)).count)
        let frames = try animationFrames(folder.path(name), pixels: [[10, 20]])
        #expect(frames["frames"] as? Int == 10, "\(name)")
    }
    #expect(sizes[0] < sizes[1], "\(sizes)")
}

/// A looping GIF or WebP lasts exactly as long as the video, loop after loop: each frame's delay
/// is the difference of its rounded end and start (hundredths for GIF, rounded; milliseconds for
/// WebP, truncated as FFmpeg does), the last one included — which the muxer (GIF) and libwebp
/// (WebP) used to guess from the frames before it: 2 s at 30 fps played 2.01 s as a GIF and
/// 1.999 s as a WebP.
@Test func gifAndWebPFramesEndWhenTheVideoEnds() async throws {
    let folder = TemporaryDirectory()
    for (format, rate, unit) in [
        (OutputFormat.gif, FrameRate(30)!, 10), (.webp, FrameRate(30)!, 1),
        (.webp, FrameRate(30000, 1001)!, 1),
    ] {
        var export = swatchExport(format)
        export.sampler = TimelineSampler(frameRate: rate, frameCount: 30)
        let name = "loop-\(rate.numerator).\(format == .gif ? "gif" : "webp")"
        try await export.run(to: folder.url.appendingPathComponent(name))
        let durations = try animationFrames(folder.path(name), pixels: [])["durations"] as? [Int] ?? []
        // Frame i starts at i·den/num seconds, in the format's unit.
        func start(_ i: Int) -> Int {
            let ticks = Double(i * rate.denominator * 1000) / Double(rate.numerator * unit)
            return unit == 10 ? Int(ticks.rounded()) * unit : Int(ticks) * unit
        }
        // libwebp merges a frame equal to the one before into it (the swatch's square has left
        // the picture by the end), so each frame starts at some frame's start.
        let starts = durations.indices.map { durations[..<$0].reduce(0, +) }
        #expect(starts.allSatisfy(Set((0..<30).map(start)).contains), "\(name): \(durations)")
        #expect(durations.count >= 15 && durations.reduce(0, +) == start(30), "\(name): \(durations)")
    }
}

@Test func tenBitAndFullRangeAreWhatTheFileSays() async throws {
    let folder = TemporaryDirectory()
    var export = swatchExport(.hevc, background: .black)
    export.output.pixelFormat = "yuv420p10le"
    try await export.run(to: folder.url.appendingPathComponent("ten.mp4"))
    _ = try checkVideo(folder.path("ten.mp4"), codec: "hevc", pixelFormat: "yuv420p10le", frames: 10)
    var full = swatchExport(.h264, background: .black)
    full.output.colorRange = .full
    full.output.pixelFormat = "yuv444p"
    try await full.run(to: folder.url.appendingPathComponent("full.mp4"))
    let reader = try VideoFileReader(path: folder.path("full.mp4"))
    #expect(reader.info.colorRange == "pc")
    // FFmpeg's H.264 decoder names full-range 4:4:4 `yuvj444p`.
    #expect(["yuv444p", "yuvj444p"].contains(reader.info.pixelFormat))
    // Full-range black is Y = 0 (tv range would be 16); the right edge is background.
    let frame = try #require(reader.readAllFrames().first)
    #expect(frame.planes[0][63] <= 1)
}

@Test func vp9KeepsHalfTransparencyInItsAlphaPlane() async throws {
    let folder = TemporaryDirectory()
    try await swatchExport(.vp9).run(to: folder.url.appendingPathComponent("alpha.webm"))
    let reader = try VideoFileReader(path: folder.path("alpha.webm"))
    #expect(reader.info.metadata["alpha_mode"] == "1")
    let frames = try checkVideo(
        folder.path("alpha.webm"), codec: "vp9", pixelFormat: "yuva420p", frames: 10, decoder: "libvpx-vp9")
    let frame = try #require(frames.first)
    #expect(frame.planes.count == 4)
    let alpha = frame.planes[3]
    // Left half: red at opacity 0.5; right half: transparent background (bar the square).
    #expect(abs(Int(alpha[20 * 64 + 10]) - 128) <= 4)
    #expect(alpha[40 * 64 + 60] <= 4)
}

@Test func proResIs4444WithItsAlpha() async throws {
    let folder = TemporaryDirectory()
    try await swatchExport(.prores).run(to: folder.url.appendingPathComponent("alpha.mov"))
    let reader = try VideoFileReader(path: folder.path("alpha.mov"))
    #expect(reader.info.codecTag == "ap4h")
    let frames = try checkVideo(
        folder.path("alpha.mov"), codec: "prores", pixelFormat: "yuva444p12le", frames: 10)
    let alpha = try #require(frames.first).planes[3]
    // 12-bit samples in 16-bit little-endian words.
    func sample(_ x: Int, _ y: Int) -> Int {
        Int(alpha[(y * 64 + x) * 2]) | Int(alpha[(y * 64 + x) * 2 + 1]) << 8
    }
    #expect(abs(sample(10, 20) - 2048) <= 40)
    #expect(sample(60, 40) <= 16)
}

@Test func gifFramesUseTheSourceColoursAndTheLoopCount() async throws {
    let folder = TemporaryDirectory()
    var export = swatchExport(.gif, background: .white)
    export.output.loopCount = 3
    try await export.run(to: folder.url.appendingPathComponent("a.gif"))
    let frames = try checkVideo(folder.path("a.gif"), codec: "gif", pixelFormat: "bgra", frames: 10)
    // FFmpeg's GIF decoder gives BGRA. Red at alpha 128/255 over white is (255, 127, 127); blue
    // is (0, 0, 255).
    let first = try #require(frames.first).planes[0]
    func bgr(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(first[(y * 64 + x) * 4 + $0]) } }
    #expect(bgr(10, 20) == [127, 127, 255])
    #expect(bgr(42, 12) == [255, 0, 0])
    #expect(bgr(60, 40) == [255, 255, 255])
    // The NETSCAPE2.0 block stores repeats after the first play: 3 plays → 2.
    let bytes = [UInt8](try fileBytes(folder.path("a.gif")))
    let marker = Array("NETSCAPE2.0".utf8)
    let at = try #require(
        (0..<(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker })
    #expect(Int(bytes[at + 13]) | Int(bytes[at + 14]) << 8 == 2)
}

@Test func gifOnAClearBackgroundKeepsOneBitOfAlpha() async throws {
    let folder = TemporaryDirectory()
    try await swatchExport(.gif).run(to: folder.url.appendingPathComponent("clear.gif"))
    let frames = try checkVideo(folder.path("clear.gif"), codec: "gif", pixelFormat: "bgra", frames: 10)
    // BGRA. The red half at alpha 128 is at least half opaque: drawn, in its straight colour.
    func pixel(_ frame: Int, _ x: Int, _ y: Int) -> [UInt8] {
        Array(frames[frame].planes[0][(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4])
    }
    for frame in [0, 9] {
        #expect(pixel(frame, 10, 20) == [0, 0, 255, 255])
        #expect(pixel(frame, 60, 40)[3] == 0)
    }
    // The square starts at x 40 and moves 2 px a frame: frame 9 shows it from x 58, and the
    // pixels it left are clear again (each frame is disposed of, not drawn over the last).
    #expect(pixel(0, 41, 10) == [255, 0, 0, 255])
    #expect(pixel(9, 41, 10)[3] == 0)
    #expect(pixel(9, 59, 10) == [255, 0, 0, 255])
    // The graphic control extensions say so: a transparent index, disposal to the background.
    let bytes = [UInt8](try fileBytes(folder.path("clear.gif")))
    let controls = (0..<(bytes.count - 3)).filter {
        bytes[$0] == 0x21 && bytes[$0 + 1] == 0xF9 && bytes[$0 + 2] == 4
    }
    #expect(controls.count == 10)
    #expect(controls.allSatisfy { bytes[$0 + 3] & 1 == 1 && bytes[$0 + 3] >> 2 & 7 == 2 })
}

@Test func aTransparentGifOverAMatteBlendsItsEdgesIntoIt() async throws {
    let folder = TemporaryDirectory()
    var export = swatchExport(.gif)
    export.output.matte = PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)
    try await export.run(to: folder.url.appendingPathComponent("matte.gif"))
    let frame = try #require(
        checkVideo(folder.path("matte.gif"), codec: "gif", pixelFormat: "bgra", frames: 10).first)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        Array(frame.planes[0][(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4])
    }
    // Red at alpha 128 over white is (255, 127, 127), drawn; opaque blue stays blue; clear stays clear.
    #expect(pixel(10, 20) == [127, 127, 255, 255])
    #expect(pixel(41, 10) == [255, 0, 0, 255])
    #expect(pixel(60, 40)[3] == 0)
    // A matte means nothing without transparency, or when it is not opaque itself.
    for (background, alpha) in [(Color.white, UInt8(255)), (.clear, 128)] {
        var refused = swatchExport(.gif, background: background)
        refused.output.matte = PremultipliedColor(red: alpha, green: 0, blue: 0, alpha: alpha)
        await #expect(throws: ExportError.self) {
            try await refused.run(to: folder.url.appendingPathComponent("refused.gif"))
        }
    }
    #expect(folder.contents() == ["matte.gif"])
}

@Test func gifRefusesRatesBrowsersCannotPlay() async throws {
    let folder = TemporaryDirectory()
    await #expect(throws: ExportError.self) {
        try await swatchExport(.gif, fps: 60).run(to: folder.url.appendingPathComponent("fast.gif"))
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("fast.gif")))
}

@Test func apngKeepsStraightAlpha() async throws {
    let folder = TemporaryDirectory()
    try await swatchExport(.apng).run(to: folder.url.appendingPathComponent("a.apng"))
    let frames = try checkVideo(folder.path("a.apng"), codec: "apng", pixelFormat: "rgba", frames: 10)
    let pixels = try #require(frames.first).planes[0]
    let (red, alpha) = (pixels[(20 * 64 + 10) * 4], pixels[(20 * 64 + 10) * 4 + 3])
    #expect(red == 255)
    #expect(abs(Int(alpha) - 128) <= 1)
}

@Test func pngSequenceFolderIsCompleteNumberedAndReplacedAsAWhole() async throws {
    let folder = TemporaryDirectory()
    let destination = folder.url.appendingPathComponent("frames")
    try await swatchExport(.pngSequence, seconds: 0.6).run(to: destination)
    let names = try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted()
    #expect(names == [".flipbook-sequence.json"] + (0..<12).map { String(format: "frames_%05d.png", $0) })
    // Frame 11 (0.55 s) shows the square 22 px further right than frame 0.
    let last = try PNGFile.read(destination.appendingPathComponent("frames_00011.png").path)
    #expect(last[62, 16].blue == 255)
    #expect(last[10, 20].alpha == 128)
    // A shorter render replaces its own frames: no stale frames are left.
    try await swatchExport(.pngSequence, seconds: 0.2).run(to: destination)
    #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path).count == 5)
    #expect(folder.contents().filter { $0.hasPrefix(".") }.isEmpty)
}

@Test func pngSequencePatternSharesItsFolderAndRemovesOnlyItsStaleFrames() async throws {
    let folder = TemporaryDirectory()
    let keep = try folder.write("mine", to: "notes.txt")
    let pattern = folder.url.appendingPathComponent("shot_%03d.png")
    // A file of the user's that happens to match the pattern, beyond the frames written, stays:
    // only frames the manifest says Flipbook wrote are ever deleted.
    let lookalike = try folder.write("user's", to: "shot_900.png")
    try await swatchExport(.pngSequence, seconds: 0.3).run(to: pattern)
    #expect(
        folder.contents() == [
            ".flipbook-sequence.json", "notes.txt", "shot_000.png", "shot_001.png", "shot_002.png",
            "shot_003.png", "shot_004.png", "shot_005.png", "shot_900.png",
        ])
    try await swatchExport(.pngSequence, seconds: 0.1).run(to: pattern)
    #expect(
        folder.contents() == [
            ".flipbook-sequence.json", "notes.txt", "shot_000.png", "shot_001.png", "shot_900.png",
        ])
    #expect(try String(contentsOfFile: lookalike, encoding: .utf8) == "user's")
    #expect(try String(contentsOfFile: keep, encoding: .utf8) == "mine")
}

@Test func stillsArePNGAndJPEGOfTheAskedTime() throws {
    let folder = TemporaryDirectory()
    try swatchExport(.png).renderStill(at: 0.5, to: folder.url.appendingPathComponent("s.png"))
    let still = try PNGFile.read(folder.path("s.png"))
    #expect(still.width == 64 && still.height == 48)
    #expect(still[61, 16].blue == 255)  // the square at 0.5 s: x = 40 + 20 … 56 + 20
    #expect(still[45, 16].alpha == 0)
    try swatchExport(.jpeg, background: .white).renderStill(
        at: 0, to: folder.url.appendingPathComponent("s.jpg"))
    let reader = try VideoFileReader(path: folder.path("s.jpg"))
    #expect(reader.info.codecName == "mjpeg")
    #expect(reader.info.pixelFormat == "yuvj444p")
    let frame = try #require(reader.readAllFrames().first)
    // JFIF: full-range BT.601 luma of (255, 128, 128): 0.299·255 + 0.587·128 + 0.114·128 ≈ 166.
    #expect(abs(Int(frame.planes[0][20 * 64 + 10]) - 166) <= 2)
}

@Test func metadataIsWrittenAndNoWallClockTimeUnlessAsked() async throws {
    let folder = TemporaryDirectory()
    var export = swatchExport(.h264, background: .black)
    export.output.metadata.title = "Swatch"
    export.output.metadata.comment = "made by a test"
    try await export.run(to: folder.url.appendingPathComponent("m.mp4"))
    let tags = try VideoFileReader(path: folder.path("m.mp4")).info.metadata
    #expect(tags["title"] == "Swatch")
    #expect(tags["comment"] == "made by a test")
    #expect(tags["description"] == SwatchScene().accessibilityLabel)
    #expect(tags["creation_time"] == nil)
    try await swatchExport(.vp9).run(to: folder.url.appendingPathComponent("m.webm"))
    let webm = try VideoFileReader(path: folder.path("m.webm")).info.metadata
    #expect((webm["DESCRIPTION"] ?? webm["description"]) == SwatchScene().accessibilityLabel)
    export.output.metadata.creationTime = Date(timeIntervalSince1970: 1_800_000_000)
    try await export.run(to: folder.url.appendingPathComponent("dated.mp4"))
    #expect(
        try VideoFileReader(path: folder.path("dated.mp4")).info.metadata["creation_time"]?.hasPrefix(
            "2027-01-15") == true)
}

@Test func captionsSidecarIsWebVTTWithTheScenesDescription() throws {
    let folder = TemporaryDirectory()
    try swatchExport(.h264).writeCaptions(to: folder.url.appendingPathComponent("c.vtt"))
    let text = try String(contentsOfFile: folder.path("c.vtt"), encoding: .utf8)
    #expect(text.hasPrefix("WEBVTT"))
    #expect(text.contains("00:00.000 --> 00:00.500"))
    #expect(text.contains("A blue square slides right beside a pink panel."))
}

@Test(arguments: [OutputFormat.h264, .hevc, .av1, .vp9, .prores, .gif, .apng, .webp, .pngSequence])
func sameSettingsGiveTheSameBytes(format: OutputFormat) async throws {
    let folder = TemporaryDirectory()
    var outputs: [[String: Data]] = []
    for run in 0..<2 {
        var export = swatchExport(format, background: format.supportsAlpha ? .clear : .white)
        export.renderThreads = run + 1
        let name = format == .pngSequence ? "run\(run)" : "run\(run).\(format)"
        try await export.run(to: folder.url.appendingPathComponent(name))
        let path = folder.path(name)
        var files: [String: Data] = [:]
        if format == .pngSequence {
            for file in try FileManager.default.contentsOfDirectory(atPath: path) {
                let bytes = try fileBytes(path + "/" + file)
                files[file.replacingOccurrences(of: "run\(run)", with: "run")] =
                    file.hasSuffix(".json")
                    ? Data(
                        String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                            of: "run\(run)", with: "run"
                        ).utf8)
                    : bytes
            }
        } else {
            files[""] = try fileBytes(path)
        }
        outputs.append(files)
    }
    #expect(outputs[0] == outputs[1])
}

@Test func oddSizesArePaddedAndScaleDrawsSharper() async throws {
    let folder = TemporaryDirectory()
    var odd = swatchExport(.h264, background: .black)
    odd.width = 63
    odd.height = 47
    #expect(odd.pixelSize == (64, 48))
    try await odd.run(to: folder.url.appendingPathComponent("odd.mp4"))
    #expect(try VideoFileReader(path: folder.path("odd.mp4")).info.width == 64)
    var double = swatchExport(.png)
    double.scale = 2
    try double.renderStill(at: 0, to: folder.url.appendingPathComponent("double.png"))
    let still = try PNGFile.read(folder.path("double.png"))
    #expect(still.width == 128 && still.height == 96)
    // The 16-point square at (40, 8) covers pixels 80…111 × 16…47 at scale 2.
    #expect(still[81, 17].blue == 255 && still[111, 47].blue == 255 && still[112, 47].alpha == 0)
}

@Test func contactSheetShowsEvenlySpacedFramesAtCellSize() throws {
    var export = swatchExport(.png, background: .black, seconds: 1)
    export.background = .black
    let sheet = ContactSheet(export: export, frames: 5, columns: 3, cellWidth: 32)
    #expect(sheet.frameIndices == [0, 5, 10, 14, 19])
    let pixmap = try sheet.render()
    let pitch = (x: 32 + ContactSheet.margin, y: 24 + ContactSheet.labelHeight + ContactSheet.margin)
    #expect(pixmap.width == ContactSheet.margin + 3 * pitch.x)
    #expect(pixmap.height == ContactSheet.margin + 2 * pitch.y)
    // Each cell equals the frame rendered at half scale.
    var half = export
    half.scale = 0.5
    for (position, index) in sheet.frameIndices.enumerated() {
        let (x0, y0) = (
            ContactSheet.margin + position % 3 * pitch.x, ContactSheet.margin + position / 3 * pitch.y
        )
        let expected = try renderStill(half, at: export.sampler.frame(index).seconds)
        for (x, y) in [(5, 5), (24, 8), (30, 20)] {
            #expect(pixmap[x0 + x, y0 + y] == expected[x, y])
        }
        // The time stamp below the cell has ink.
        let label = (0..<60).contains { dx in
            (0..<12).contains { dy in
                pixmap[min(pixmap.width - 1, x0 + dx), y0 + 24 + 4 + dy].green > 150
            }
        }
        #expect(label)
    }
    #expect(ContactSheet.timestamp(75.5) == "1:15.50")
}

private func renderStill(_ export: VideoExport, at seconds: Double) throws -> Pixmap {
    let folder = TemporaryDirectory()
    try export.renderStill(at: seconds, to: folder.url.appendingPathComponent("f.png"))
    return try PNGFile.read(folder.path("f.png"))
}
