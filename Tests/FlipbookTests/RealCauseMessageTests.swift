import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Refusals that name what is really wrong with the input, not what FFmpeg or a check further
/// along made of it ("Invalid argument", "neither a width and height nor a viewBox",
/// "content X, not X").
@Suite struct RealCauseMessageTests {
    private let runner = CommandRunner()

    /// Runs `arguments` in `folder`; expects exit `status` and a message holding every one of
    /// `mentions`.
    private func expectRefused(
        _ arguments: [String], status: Int32 = 65, mentions: [String], in folder: TemporaryDirectory,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try runner.run(arguments, directory: folder.url)
        #expect(result.status == status, "\(result.standardError)", sourceLocation: sourceLocation)
        for mention in mentions {
            #expect(
                result.standardError.contains(mention), "\(mention): \(result.standardError)",
                sourceLocation: sourceLocation)
        }
    }

    /// The CRC-32 a PNG chunk ends with (ISO 3309, the polynomial 0xEDB88320 bit by bit).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A PNG whose IHDR says 0×0 (with correct checksums), an SVG 0 wide and high, an SVG whose
    /// viewBox is empty: each says that its size is empty and what a picture needs, in `render`
    /// and in `validate`. A frame size of 0 (`--size`, a preset's width) says the sizes allowed.
    @Test func emptyPicturesSayTheirSizeIsEmpty() throws {
        let folder = TemporaryDirectory()
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            png.append(contentsOf: withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init))
            png.append(contentsOf: typed)
            png.append(contentsOf: withUnsafeBytes(of: Self.crc32(typed).bigEndian, Array.init))
        }
        chunk("IHDR", [0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0])
        chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        chunk("IEND", [])
        try png.write(to: URL(fileURLWithPath: folder.path("zero.png")))
        _ = try folder.write(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>"#, to: "zero.svg")
        _ = try folder.write(
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 0"/>"#, to: "empty-view.svg")
        for (file, mention) in [
            ("zero.png", "its size is 0×0 pixels"), ("zero.svg", "its width and height are 0×0"),
            ("empty-view.svg", "its viewBox is 0×0"),
        ] {
            let preset = try folder.write(
                #"{"width": 64, "height": 64, "duration": 0.1, "layers": [{"type": "image", "file": "\#(file)"}]}"#,
                to: "c.json")
            for command in [["render", preset, "-o", "c.mp4"], ["validate", preset]] {
                try expectRefused(command, mentions: [file, mention, "on each side"], in: folder)
            }
        }
        let scene = try folder.write(
            #"{"scene": "triangle", "width": 0, "height": 0, "duration": 0.1}"#, to: "s.json")
        try expectRefused(
            ["render", scene, "-o", "s.mp4"], mentions: ["width: must be between 16 and 8192 (got 0)"],
            in: folder)
        let valid = try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "duration": 0.1}"#, to: "v.json")
        try expectRefused(
            ["render", valid, "-o", "s.mp4", "--size", "0x0"], status: 64,
            mentions: ["--size expects WIDTHxHEIGHT", "each side 16…8192", "0x0"], in: folder)
    }

    /// A WAV of 64 channels that does not say which speaker each feeds: named, its channel count
    /// and the counts that can be mixed given, exit 65 — as `--audio` of `render` and `join`, in
    /// a preset's `audio` (found by `validate` too). FFmpeg alone said "Invalid argument".
    @Test func aSoundOfSixtyFourChannelsSaysHowManyCanBeMixed() throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSilence(to: folder.path("many.wav"), channels: 64, seconds: 0.1)
        let mentions = ["many.wav", "64 channels", "1 to 8, 16 or 24 channels"]
        let silent = try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "fps": 10, "duration": 0.5}"#, to: "p.json")
        try expectRefused(
            ["render", silent, "-o", "v.mp4", "--audio", "many.wav"], mentions: mentions, in: folder)
        let loud = try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "duration": 0.5, "audio": {"tracks": [{"file": "many.wav"}]}}"#,
            to: "a.json")
        for command in [["render", loud, "-o", "v.mp4"], ["validate", loud]] {
            try expectRefused(command, mentions: mentions, in: folder)
        }
        let chunk = folder.path("part.mp4")
        #expect(try runner.run(["render", silent, "-o", chunk, "--chunk", "0/1", "-q"]).status == 0)
        try expectRefused(
            ["join", chunk, "-o", "joined.mp4", "--audio", "many.wav"], mentions: mentions, in: folder)
        // Eight channels have a usual layout: mixed.
        try WAVFile.writeSilence(to: folder.path("eight.wav"), channels: 8, seconds: 0.1)
        let eight = try runner.run(
            ["render", silent, "-o", "v.mp4", "--audio", "eight.wav", "-q"], directory: folder.url)
        #expect(eight.status == 0, "\(eight.standardError)")
    }

    /// Two chunks whose stamps once printed the same content ("content af63…, not af63…"):
    /// presets read from standard input were all hashed as empty, so two presets of different
    /// lengths differed only in their frame counts. Now the join says it is the preset's text;
    /// and of chunks rendered with other options, which option.
    @Test func joinSaysWhichPartOfTheChunksStampsDiffers() throws {
        let folder = TemporaryDirectory()
        let short = try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "fps": 10, "duration": 2}"#, to: "short.json")
        let long = try folder.write(
            #"{"scene": "triangle", "width": 64, "height": 64, "fps": 10, "duration": 3}"#, to: "long.json")
        let first = try runner.shell(
            "\"$FLIPBOOK\" render - -o a.mp4 --frames 0..10 -q < \(short)", directory: folder.url)
        let second = try runner.shell(
            "\"$FLIPBOOK\" render - -o b.mp4 --frames 10..20 -q < \(long)", directory: folder.url)
        #expect(first.status == 0 && second.status == 0, "\(first.standardError) \(second.standardError)")
        try expectRefused(
            ["join", "a.mp4", "b.mp4", "-o", "j.mp4"],
            mentions: ["b.mp4 is not a chunk of the same video as a.mp4: its preset's text differs"],
            in: folder)
        // The same preset from standard input twice is one video.
        let again = try runner.shell(
            "\"$FLIPBOOK\" render - -o c.mp4 --frames 10..20 -q < \(short)", directory: folder.url)
        #expect(again.status == 0)
        let joined = try runner.run(["join", "a.mp4", "c.mp4", "-o", "j.mp4", "-q"], directory: folder.url)
        #expect(joined.status == 0, "\(joined.standardError)")
        let other = try runner.run(
            ["render", short, "-o", "d.mp4", "--frames", "10..20", "--crf", "30", "-q"], directory: folder.url
        )
        #expect(other.status == 0, "\(other.standardError)")
        try expectRefused(
            ["join", "a.mp4", "d.mp4", "-o", "k.mp4"],
            mentions: ["d.mp4 is not a chunk of the same video as a.mp4: it was rendered with --crf=30"],
            in: folder)
    }
}
