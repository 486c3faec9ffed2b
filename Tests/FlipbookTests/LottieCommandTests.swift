import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// A Lottie file through the commands (issue 55 §1): detected by its keys, rendered, stilled,
/// validated and inspected like a preset; its unsupported features are errors under `--strict`.
@Suite struct LottieCommandTests {
    private let runner = CommandRunner()
    private let checkmark = RepositoryPaths.path("Tests/Fixtures/lottie/rlottie/done.json")

    @Test func rendersAVideoOfTheRequestedLength() throws {
        let folder = TemporaryDirectory()
        let output = folder.path("done.mp4")
        let result = try runner.run(["render", checkmark, "-o", output, "--duration", "0.5", "--fps", "10"])
        #expect(result.status == 0, "\(result.standardError)")
        let script =
            "import av, sys, json; print(json.dumps([sum(1 for _ in av.open(sys.argv[1]).decode(video=0))]))"
        #expect(try IndependentDecoder.json(script, [output]) as? [Int] == [5])
    }

    /// A Lottie file wider than the 8192 pixels an encoder takes a side is refused naming the
    /// file and the scale that fits — not blaming `--size`, which was not given — and renders
    /// at that scale.
    @Test func aFrameWiderThanAnEncoderTakesNamesTheFileAndTheScaleThatFits() throws {
        let folder = TemporaryDirectory()
        var animation = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: checkmark)))
                as? [String: Any])
        animation["w"] = 20_000
        animation["h"] = 100
        let wide = folder.path("wide.json")
        try JSONSerialization.data(withJSONObject: animation).write(to: URL(fileURLWithPath: wide))
        for output in ["wide.mp4", "wide.gif", "wide.png"] {
            let result = try runner.run(["render", wide, "-o", folder.path(output), "--dry-run"])
            #expect(result.status == 65, "\(output): \(result.standardError)")
            #expect(
                result.standardError.contains(
                    "wide.json: a frame of 20000×100 pixels is over the 8192 pixels a side an encoder "
                        + "takes; render it at --scale 0.4 or less"), "\(result.standardError)")
            #expect(!result.standardError.contains("--size"), "\(result.standardError)")
        }
        let fitting = try runner.run([
            "render", wide, "-o", folder.path("wide.mp4"), "--scale", "0.4", "--dry-run",
        ])
        #expect(fitting.status == 0, "\(fitting.standardError)")
    }

    @Test func oneAndFourThreadsDecodeToTheSameFrames() throws {
        let folder = TemporaryDirectory()
        let matted = RepositoryPaths.path("Tests/Fixtures/lottie/rlottie/matte_two_item_with_lowerlayer.json")
        var hashes: [[UInt64]] = []
        for threads in ["1", "4"] {
            let output = folder.path("t\(threads).mp4")
            let result = try runner.run([
                "render", matted, "-o", output, "--threads", threads, "--duration", "1",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            hashes.append(try VideoFileReader(path: output).readAllFrames().map(\.contentHash))
        }
        #expect(hashes[0].count == 30)
        #expect(hashes[0] == hashes[1])
    }

    @Test func stillWritesAPictureOfTheRequestedSize() throws {
        let folder = TemporaryDirectory()
        let output = folder.path("done.png")
        let result = try runner.run(["still", checkmark, "--at", "0.5", "--size", "64x48", "-o", output])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("wrote"))
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test func validateAndInspectTakeALottieFile() throws {
        let validated = try runner.run(["validate", checkmark])
        #expect(validated.status == 0, "\(validated.standardError)")
        let inspected = try runner.run(["inspect", checkmark])
        #expect(inspected.status == 0, "\(inspected.standardError)")
        #expect(inspected.standardOutput.contains("lottie"))
    }

    @Test func strictRefusesWhatIsNotDrawn() throws {
        let folder = TemporaryDirectory()
        let file = try folder.write(
            """
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 64, "h": 64, "layers": [
              {"ty": 4, "nm": "Spinner", "ip": 0, "op": 10, "st": 0, "shapes": [],
               "ks": {"r": {"a": 0, "k": 0, "x": "time * 360"}}}]}
            """, to: "spin.json")
        let lenient = try runner.run(["validate", file])
        #expect(lenient.status == 0)
        #expect(
            lenient.standardError.contains(
                "layer \"Spinner\": expressions are not evaluated [lottie-unsupported]"))
        let strict = try runner.run(["render", file, "-o", folder.path("spin.mp4"), "--strict"])
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("layers[0].ks.r"))
    }

    @Test func aMalformedFileNamesThePlace() throws {
        let folder = TemporaryDirectory()
        let file = try folder.write(
            """
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 64, "h": 64, "layers": [
              {"ty": 4, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [{"ty": "fl", "c": {"a": 0, "k": "red"}}]}]}
            """, to: "bad.json")
        let result = try runner.run(["validate", file])
        #expect(result.status == 65)
        #expect(result.standardError.contains("bad.json:2:"))
        #expect(result.standardError.contains("layers[0].shapes[0].c.k: must be an array (got \"red\")"))
    }

    /// A square filling a 40 × 40 animation in `color`, or showing image asset `picture`.
    private func square(_ color: String, picture: String? = nil) -> String {
        let layer =
            picture.map { _ in #"{"ty": 2, "refId": "pic", "ip": 0, "op": 10, "st": 0, "ks": {}}"# }
            ?? #"{"ty": 1, "sc": "\#(color)", "sw": 40, "sh": 40, "ip": 0, "op": 10, "st": 0, "ks": {}}"#
        let assets =
            picture.map { #"[{"id": "pic", "w": 40, "h": 40, "u": "/images/", "p": "\#($0)"}]"# } ?? "[]"
        return
            #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 40, "h": 40, "assets": \#(assets), "layers": [\#(layer)]}"#
    }

    /// Pillow's RGB of the middle of the PNG at `path`.
    private func middle(_ path: String) throws -> [Int] {
        let script = """
            import sys, json
            from PIL import Image
            image = Image.open(sys.argv[1]).convert("RGB")
            print(json.dumps(image.getpixel((image.size[0] // 2, image.size[1] // 2))))
            """
        return try IndependentDecoder.json(script, [path]) as? [Int] ?? []
    }

    @Test func aDotLottieArchiveRendersItsActiveAnimationWithItsPictures() throws {
        let folder = TemporaryDirectory()
        let bluePNG = try #require(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEklEQVR4nGNkYPjPAANMDEgAABc3AQOCzBp3AAAAAElFTkSuQmCC"
            ))
        let archive = try LottieArchiveFixture.dotLottie(
            animations: [("red", square("#ff0000")), ("photo", square("", picture: "blue.png"))],
            active: "photo",
            images: [("blue.png", bluePNG)])
        let path = folder.path("anim.lottie")
        try Data(archive).write(to: URL(fileURLWithPath: path))
        let still = folder.path("still.png")
        let result = try runner.run(["still", path, "--at", "0", "-o", still])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try middle(still) == [0, 0, 255], "the active animation, its picture from images/")
        // Detected by its content, whatever its name; a composition's layer picks an animation.
        let renamed = folder.path("anim.json")
        try Data(archive).write(to: URL(fileURLWithPath: renamed))
        #expect(try runner.run(["validate", renamed]).status == 0)
        let preset = try folder.write(
            #"{"width": 40, "height": 40, "duration": 1, "layers": [{"type": "lottie", "file": "anim.lottie", "animation": "red"}]}"#,
            to: "p.json")
        #expect(try runner.run(["still", preset, "--at", "0", "-o", still]).status == 0)
        #expect(try middle(still) == [255, 0, 0])
        let misnamed = try folder.write(
            #"{"width": 40, "height": 40, "duration": 1, "layers": [{"type": "lottie", "file": "anim.lottie", "animation": "rde"}]}"#,
            to: "q.json")
        let refused = try runner.run(["validate", misnamed])
        #expect(refused.status == 65)
        #expect(
            refused.standardError.contains(#"layers[0].animation: cannot use"#), "\(refused.standardError)")
        #expect(
            refused.standardError.contains(#"has no animation "rde"; did you mean "red"?"#),
            "\(refused.standardError)")
    }

    @Test func aBrokenDotLottieArchiveIsRefusedNamingWhy() throws {
        let folder = TemporaryDirectory()
        let archive = folder.path("anim.lottie")
        // A zip's local file header signature and a few bytes after it.
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]).write(to: URL(fileURLWithPath: archive))
        let result = try runner.run(["render", archive, "-o", folder.path("anim.mp4")])
        #expect(result.status == 65)
        #expect(
            result.standardError.contains("anim.lottie: a .lottie archive that too short to be a zip archive")
                || result.standardError.contains("anim.lottie: a .lottie archive"), "\(result.standardError)")
        let escaping = folder.path("escaping.lottie")
        try Data(try LottieArchiveFixture.zip([("../../evil.json", Data(square("#ff0000").utf8))]))
            .write(to: URL(fileURLWithPath: escaping))
        let refused = try runner.run(["validate", escaping])
        #expect(refused.status == 65)
        #expect(
            refused.standardError.contains(
                #"member "../../evil.json" has a name that leads out of the archive"#))
    }
}
