import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookPresets
import FlipbookRaster
import FlipbookSnapshots
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// A video layer shows its clip's frame for the layer's time — in any order workers ask, from an
/// offset, holding the last frame or repeating — and a file that cannot be played is an error.
@Suite struct VideoLayerTests {
    /// 20 frames at 10 fps, key frames every 5: frame i is flat, red 12·i, green 200, blue 40.
    private func makeClip(in folder: TemporaryDirectory) throws -> String {
        var settings = VideoEncoderSettings(width: 64, height: 48, frameRate: FrameRate(10)!, crf: 10)
        settings.keyframeInterval = 5
        let path = folder.path("clip.mp4")
        let encoder = try VideoEncoder(path: path, settings: settings)
        for index in 0..<20 {
            var pixmap = Pixmap(width: 64, height: 48)
            pixmap.clear(to: PremultipliedColor(red: UInt8(12 * index), green: 200, blue: 40, alpha: 255))
            try encoder.encode(.rgba(pixmap))
        }
        try encoder.finish()
        return path
    }

    /// Which frame of the clip a picture shows, from its red.
    private func frameIndex(red: UInt8) -> Int { Int((Double(red) / 12).rounded()) }

    @Test func aClipGivesTheFrameForEachTimeInAnyOrder() throws {
        let folder = TemporaryDirectory()
        let clip = try VideoClip(path: try makeClip(in: folder))
        #expect(clip.width == 64 && clip.height == 48)
        #expect(abs(clip.duration - 2) < 1e-9)
        // Backwards, across key frames, and past the end (the last frame holds).
        for (seconds, expected) in [
            (1.95, 19), (0.05, 0), (1.05, 10), (0.45, 4), (0.5, 5), (0.7, 7), (5.0, 19),
        ] {
            let image = try #require(clip.image(at: seconds))
            let pixel = image.pixmap[32, 24]
            #expect(frameIndex(red: pixel.red) == expected, "at \(seconds) s: red \(pixel.red)")
            #expect(abs(Int(pixel.green) - 200) <= 4 && abs(Int(pixel.blue) - 40) <= 4)
        }
    }

    @Test func aVideoLayerPlaysFromItsOffsetAndRepeats() throws {
        let folder = TemporaryDirectory()
        _ = try makeClip(in: folder)
        func preset(_ extra: String) throws -> Preset {
            try CompositionFixture.preset(
                #"[{"type": "video", "file": "clip.mp4", "size": ["100%", "100%"], "fit": "fill"\#(extra)}]"#,
                width: 64, height: 48, duration: 4, file: folder.path("test.json"))
        }
        let repeating = try preset(#", "offset": 0.5, "repeat": true"#)
        let holding = try preset(#", "offset": 0.5"#)
        // Composition time → clip time: 0.5 + t, repeating every 1.5 s, or holding frame 19.
        for (time, repeated, held) in [(0.0, 5, 5), (1.0, 15, 15), (1.6, 6, 19), (3.2, 7, 19)] {
            let index = Int((time * 30).rounded())
            let frames = [repeating, holding].map { CompositionFixture.frame($0, index: index)[32, 24].red }
            #expect(frameIndex(red: frames[0]) == repeated, "repeating, at \(time) s")
            #expect(frameIndex(red: frames[1]) == held, "holding, at \(time) s")
        }
        // Twice as fast, repeating: 0.5 + 2t, every 0.75 s; at half speed, holding: 0.5 + t/2.
        let fast = try preset(#", "offset": 0.5, "repeat": true, "speed": 2"#)
        let slow = try preset(#", "offset": 0.5, "speed": 0.5"#)
        for (time, quick, slowly) in [(0.0, 5, 5), (0.5, 15, 7), (1.0, 10, 10), (3.2, 9, 19)] {
            let index = Int((time * 30).rounded())
            let frames = [fast, slow].map { CompositionFixture.frame($0, index: index)[32, 24].red }
            #expect(frameIndex(red: frames[0]) == quick, "twice as fast, at \(time) s")
            #expect(frameIndex(red: frames[1]) == slowly, "at half speed, at \(time) s")
        }
        // Out of order (as workers draw), the same pictures as in order.
        let indices = Array(stride(from: 0, to: 120, by: 7))
        let forward = indices.map { CompositionFixture.frame(repeating, index: $0).bytes }
        let backward = indices.reversed().map { CompositionFixture.frame(repeating, index: $0).bytes }
        #expect(forward == Array(backward.reversed()))
    }

    @Test func aPortraitVideoStoredOnItsSideIsShownUpright() throws {
        // Stored 64 × 48, red left and blue right, with the track's matrix turning it 90°
        // clockwise (as a phone writes a portrait video): shown 48 × 64, red above blue.
        let folder = TemporaryDirectory()
        let path = folder.path("portrait.mp4")
        let encoder = try VideoEncoder(
            path: path,
            settings: VideoEncoderSettings(width: 64, height: 48, frameRate: FrameRate(10)!, crf: 10))
        var pixmap = Pixmap(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                pixmap[x, y] =
                    x < 32
                    ? PremultipliedColor(red: 230, green: 20, blue: 20, alpha: 255)
                    : PremultipliedColor(red: 20, green: 20, blue: 230, alpha: 255)
            }
        }
        for _ in 0..<3 { try encoder.encode(.rgba(pixmap)) }
        try encoder.finish()
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tkhd = try #require(
            bytes.indices.dropLast(4).first { Array(bytes[$0..<$0 + 4]) == Array("tkhd".utf8) })
        // The box starts 4 bytes before its name; version 0 puts the matrix 48 bytes in.
        #expect(bytes[tkhd + 4] == 0)
        let matrix: [UInt32] = [0, 0x0001_0000, 0, 0xFFFF_0000, 0, 0, 0, 0, 0x4000_0000]
        for (index, value) in matrix.enumerated() {
            for byte in 0..<4 {
                bytes[tkhd - 4 + 48 + index * 4 + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte))
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let clip = try VideoClip(path: path)
        #expect(clip.rotation == 90 && clip.width == 48 && clip.height == 64)
        let image = try #require(clip.image(at: 0)).pixmap
        #expect(image.width == 48 && image.height == 64)
        let (top, bottom) = (image[24, 10], image[24, 54])
        #expect(top.red > 200 && top.blue < 60, "red above: \(top)")
        #expect(bottom.blue > 200 && bottom.red < 60, "blue below: \(bottom)")
    }

    @Test func aFileThatIsNotAPlayableVideoIsAnErrorNamingIt() throws {
        let folder = TemporaryDirectory()
        _ = try makeClip(in: folder)
        _ = try folder.write("not a video", to: "notes.mp4")
        try FileManager.default.copyItem(
            atPath: RepositoryPaths.path("presets/assets/pop.wav"), toPath: folder.path("pop.wav"))
        let cases = [
            (#""file": "missing.mp4""#, "layers[0].file", "no such file or not readable"),
            (#""file": "notes.mp4""#, "layers[0].file", "notes.mp4"),
            (#""file": "pop.wav""#, "layers[0].file", "it has no video stream"),
            (#""file": "clip.mp4", "offset": 2.5"#, "layers[0].offset", "is past the clip's end (2 s"),
            (#""file": "clip.mp4", "offset": -1"#, "layers[0].offset", "must be 0 or more (got -1)"),
        ]
        for (keys, path, reason) in cases {
            let error = try #require(throws: PresetError.self, "\(keys)") {
                try CompositionFixture.preset(
                    #"[{"type": "video", \#(keys)}]"#, file: folder.path("test.json"))
            }
            #expect("\(error)".contains(path) && "\(error)".contains(reason), "\(error)")
        }
    }
}
