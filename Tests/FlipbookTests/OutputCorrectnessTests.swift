import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// What we write is what independent readers (Pillow, PyAV) and scripts see: right colours,
/// stable GIF backgrounds, the metadata asked for, honest progress and summaries (issue 19).
private let runner = CommandRunner()

@Test(arguments: ["yuvj444p", "yuvj420p"])
func aFlatJPEGColourComesBackThroughPillow(pixelFormat: String) throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        ##"{"scene": "pulsing-dots", "width": 64, "height": 64, "duration": 1, "background": "#c03080", "parameters": {"radius": 0, "amplitude": 0}}"##,
        to: "p.json")
    let output = folder.path("flat.jpg")
    let result = try runner.run(["still", preset, "-o", output, "--pix-fmt", pixelFormat, "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    let pixels = try #require(IndependentDecoder.pillowFrames(output).first)
    for pixel in [pixels[0], pixels[33 * 64 + 17], pixels[64 * 64 - 1]] {
        #expect(
            abs(pixel[0] - 0xC0) <= 2 && abs(pixel[1] - 0x30) <= 2 && abs(pixel[2] - 0x80) <= 2, "\(pixel)")
    }
    // The pixel format asked for is the one written: 4:2:0 subsamples the chroma.
    let sampling = try IndependentDecoder.json(
        "import sys, json; from PIL import Image; print(json.dumps(Image.open(sys.argv[1]).layer))", [output])
    let layers = try #require(sampling as? [[Int]])
    #expect(layers[0][1] == (pixelFormat == "yuvj420p" ? 2 : 1))
}

/// `--quality N` on a JPEG still means what it means to libjpeg: the file's tables are the ones
/// Pillow (libjpeg) writes for quality N, but for the DC step (libavcodec keeps 8); lower
/// quality, fewer bytes. A PNG still and a video refuse it.
@Test func aJPEGStillsQualityIsLibjpegs() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        ##"{"scene": "gradient-circle", "width": 160, "height": 120, "duration": 1}"##, to: "p.json")
    let script = """
        import sys, io, json
        from PIL import Image
        ours = Image.open(sys.argv[1])
        saved = io.BytesIO()
        ours.convert("RGB").save(saved, "JPEG", quality=int(sys.argv[2]))
        theirs = Image.open(saved)
        print(json.dumps([[list(t[k])[1:] for k in sorted(t)] for t in (ours.quantization, theirs.quantization)]))
        """
    var sizes: [Int] = []
    for quality in [30, 85, 97] {
        let output = folder.path("q\(quality).jpg")
        let result = try runner.run([
            "still", preset, "--at", "0.5", "-o", output, "--quality", "\(quality)", "-q",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        sizes.append(try Data(contentsOf: URL(fileURLWithPath: output)).count)
        let tables = try #require(IndependentDecoder.json(script, [output, "\(quality)"]) as? [[[Int]]])
        #expect(tables.count == 2 && tables[0] == tables[1], "quality \(quality): \(tables)")
    }
    #expect(sizes[0] < sizes[1] && sizes[1] < sizes[2], "\(sizes)")
    for output in ["x.png", "x.mp4"] {
        let result = try runner.run(["render", preset, "-o", folder.path(output), "--quality", "80"])
        #expect(result.status == 65 && result.standardError.contains("WebP and JPEG stills"), "\(result)")
    }
}

@Test func aGIFsStaticBackgroundIsTheSameColourInEveryFrame() throws {
    let folder = TemporaryDirectory()
    // Slow confetti low on the right: the top-left quarter stays background throughout, while
    // the many-coloured pieces force a median-cut palette (and dithering) every frame.
    let preset = try folder.write(
        ##"{"scene": "confetti", "width": 320, "height": 180, "fps": 25, "duration": 3, "seed": 9, "background": "#101018", "parameters": {"count": 600, "bursts": [{"time": 0, "x": 270, "y": 150}], "speedMin": 0, "speedMax": 40, "upwardKick": 0, "gravity": 10, "colors": ["#ff2d55", "#34c759", "#0a84ff", "#ffd60a", "#bf5af2"]}}"##,
        to: "p.json")
    let output = folder.path("party.gif")
    #expect(try runner.run(["render", preset, "-o", output, "-q"]).status == 0)
    let script = """
        import sys, json
        from PIL import Image, ImageSequence
        frames = [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(sys.argv[1]))]
        corners = [[f.getpixel((x, y)) for y in range(90) for x in range(160)] for f in frames]
        colours = set(map(tuple, frames[3].getdata()))
        print(json.dumps({"frames": len(frames), "corner": sorted(set(corners[0])),
                          "changed": sum(1 for a, b in zip(corners, corners[1:]) if a != b),
                          "colours": len(colours)}))
        """
    let report = try #require(IndependentDecoder.json(script, [output]) as? [String: Any])
    #expect(report["frames"] as? Int == 75)
    #expect(report["colours"] as? Int ?? 0 > 64, "\(report): too few colours to need a quantized palette")
    // The flat background is in the palette exactly: not dithered, not drifting.
    #expect(report["corner"] as? [[Int]] == [[16, 16, 24]], "\(report)")
    #expect(report["changed"] as? Int == 0, "frame pairs that change the static corner: \(report)")
}

@Test func aMOVKeepsItsDescriptionAsPyAVReadsIt() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "duration": 0.1}"#, to: "p.json")
    for (name, description) in [("asked.mov", "A triangle, for a test"), ("default.mov", nil)] {
        let output = folder.path(name)
        let flags = description.map { ["--description", $0] } ?? []
        #expect(try runner.run(["render", preset, "-o", output, "-q"] + flags).status == 0)
        let tags = try IndependentDecoder.pyavMetadata(output)
        let expected = try description ?? #require(Preset.load(path: preset).scene.accessibilityLabel)
        #expect(tags["description"] == expected, "\(tags)")
    }
}

@Test func progressAndSummarySayWhatWasWritten() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 1280, "height": 720, "fps": 10, "duration": 0.1}"#, to: "p.json")
    let json = try runner.run([
        "render", preset, "-o", folder.path("a.mp4"), "--progress", "json", "--scale", "0.25",
    ])
    let start = try #require(
        json.standardOutput.split(separator: "\n").first.flatMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        })
    #expect(start["event"] as? String == "start")
    #expect(start["width"] as? Int == 320 && start["height"] as? Int == 180, "\(start)")
    let still = try runner.run(["render", preset, "-o", folder.path("s.png"), "--progress", "none"])
    #expect(still.standardError.contains(": 1 frame, "), "\(still.standardError)")
    #expect(!still.standardError.contains("0.0 MB"))
    #expect(still.standardError.range(of: #"[0-9.]+ (B|kB)"#, options: .regularExpression) != nil)
    // Square pixels, stated as 1:1 (a 0:1 pHYs chunk is invalid).
    let bytes = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("s.png")))
    let tag = Array("pHYs".utf8)
    let offset = try #require((0..<(bytes.count - 13)).first { Array(bytes[$0..<($0 + 4)]) == tag })
    #expect(Array(bytes[(offset + 4)..<(offset + 13)]) == [0, 0, 0, 1, 0, 0, 0, 1, 0])
}

@Test func aFullDiskUnderAContactSheetIs73AndNamesTheOutput() throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "confetti", "width": 640, "height": 360, "duration": 2}"#, to: "p.json")
    let result = try runner.run(
        ["render", preset, "-o", folder.path("sheet.png"), "--contact-sheet", "12"], fileSizeLimitKilobytes: 8
    )
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains(folder.path("sheet.png")))
    #expect(!result.standardError.contains("partial"), "\(result.standardError)")
    #expect(folder.contents() == ["p.json"])
}

/// The test support's own PNG codec (reference images without FFmpeg) round-trips every
/// premultiplied pixel, and what it writes is a PNG an independent reader (Pillow) agrees with.
@Test func theSnapshotPNGCodecRoundTripsAndPillowReadsIt() throws {
    var pixmap = Pixmap(width: 37, height: 11)
    var state: UInt32 = 12_345
    for y in 0..<11 {
        for x in 0..<37 {
            state = state &* 1_664_525 &+ 1_013_904_223
            let alpha = UInt8(truncatingIfNeeded: state >> 24)
            func channel(_ shift: UInt32) -> UInt8 { UInt8((Int(state >> shift & 0xFF) * Int(alpha)) / 255) }
            pixmap[x, y] = PremultipliedColor(
                red: channel(0), green: channel(8), blue: channel(16), alpha: alpha)
        }
    }
    let bytes = SnapshotPNG.write(pixmap)
    #expect(try SnapshotPNG.read(bytes).bytes == pixmap.bytes)
    let folder = TemporaryDirectory()
    let path = folder.path("p.png")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let decoded = try PNGFile.read(path)
    #expect(decoded.bytes == pixmap.bytes)
    let size = try IndependentDecoder.json(
        "import sys, json; from PIL import Image; im = Image.open(sys.argv[1]); print(json.dumps([im.size, im.mode]))",
        [path])
    #expect("\(size)".contains("37") && "\(size)".contains("RGBA"))
}
