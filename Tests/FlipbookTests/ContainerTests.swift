import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// The output's name says the container: every video codec but ProRes goes into Matroska, AV1
/// into WebM too, each read back by PyAV (its own FFmpeg) and by libavformat; chunks join into
/// whichever container carries their codec.
@Suite struct ContainerTests {
    private let runner = CommandRunner()

    private func preset(_ folder: TemporaryDirectory) throws -> String {
        try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "fps": 30, "duration": 1, "output": {"preset": "ultrafast"}}"#,
            to: "p.json")
    }

    /// PyAV's view: the container's format name, its title tag, each stream's codec, and the
    /// video frames decoded.
    private func probe(_ path: String) throws -> [String: Any] {
        let script = """
            import sys, json, av
            with av.open(sys.argv[1]) as c:
                codecs = [s.codec_context.name for s in c.streams]
                frames = sum(1 for _ in c.decode(video=0))
                print(json.dumps({"format": c.format.name, "title": c.metadata.get("title", c.metadata.get("TITLE")),
                                  "codecs": codecs, "frames": frames}))
            """
        return try IndependentDecoder.json(script, [path]) as? [String: Any] ?? [:]
    }

    @Test(arguments: [
        ("a.mkv", nil, "h264"), ("b.mkv", "hevc", "hevc"), ("c.mkv", "av1", "libdav1d"),
        ("d.mkv", "vp9", "vp9"),
        ("e.webm", "av1", "libdav1d"), ("f.MKV", nil, "h264"),
    ])
    func eachCodecGoesInTheContainerTheNameSays(name: String, format: String?, decoder: String) throws {
        let folder = TemporaryDirectory()
        let output = folder.path(name)
        let result = try runner.run(
            ["render", try preset(folder), "-o", output, "--title", "Launch"]
                + (format.map { ["--format", $0] } ?? []))
        #expect(result.status == 0, "\(result.standardError)")
        let found = try probe(output)
        #expect((found["format"] as? String)?.contains(name.hasSuffix(".webm") ? "webm" : "matroska") == true)
        #expect(found["title"] as? String == "Launch")
        #expect(found["codecs"] as? [String] == [decoder])
        #expect(found["frames"] as? Int == 30)
        let info = try VideoFileReader(path: output).info
        #expect([info.colorPrimaries, info.colorTransfer, info.colorSpace] == ["bt709", "bt709", "bt709"])
        #expect(info.codecTag != "hvc1", "Matroska names its codecs itself")
    }

    @Test func vp9InMatroskaKeepsItsAlpha() throws {
        let folder = TemporaryDirectory()
        let output = folder.path("overlay.mkv")
        let result = try runner.run([
            "render", try preset(folder), "-o", output, "--format", "vp9", "--background", "clear",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let reader = try VideoFileReader(path: output, decoder: "libvpx-vp9")
        #expect(reader.info.metadata["alpha_mode"] == "1")
        let frame = try #require(try reader.readAllFrames().first)
        #expect(frame.planes.count == 4)
        // The corner is clear, the triangle's middle opaque.
        #expect(frame.planes[3][0] <= 4 && frame.planes[3][40 * 64 + 32] >= 250)
    }

    @Test func namesThatCannotCarryTheCodecAreRefused() throws {
        let folder = TemporaryDirectory()
        let input = try preset(folder)
        for (arguments, status, message) in [
            (["-o", "x.mkv", "--format", "prores"], 64, "--format prores contradicts x.mkv"),
            (["-o", "x.webm", "--format", "h264"], 64, "--format h264 contradicts x.webm"),
            (["-o", "x.mkv", "--format", "gif"], 64, "--format gif contradicts x.mkv"),
        ] as [([String], Int32, String)] {
            let result = try runner.run(["render", input] + arguments, directory: folder.url)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        #expect(folder.contents().sorted() == ["p.json"], "nothing written")
    }

    @Test func chunksJoinIntoAnyContainerThatCarriesTheirCodec() throws {
        let folder = TemporaryDirectory()
        let input = try preset(folder)
        var parts: [String] = []
        for index in 0..<2 {
            let part = folder.path("part-\(index).mp4")
            let result = try runner.run([
                "render", input, "-o", part, "--chunk", "\(index)/2", "--format", "av1",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            parts.append(part)
        }
        for name in ["all.mkv", "all.webm", "all.mp4"] {
            let result = try runner.run(["join"] + parts + ["-o", folder.path(name), "--verify"])
            #expect(result.status == 0, "\(name): \(result.standardError)")
            #expect(try probe(folder.path(name))["frames"] as? Int == 30, "\(name)")
        }
        let refused = try runner.run(["join"] + parts + ["-o", folder.path("all.mov")])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("the chunks hold av1 video, which this file cannot carry"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("all.mov")))
    }
}
