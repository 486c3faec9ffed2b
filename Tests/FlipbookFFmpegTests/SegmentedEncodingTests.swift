import FlipbookAudio
import FlipbookFFmpeg
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// Closed segments (`VideoEncoderSettings.segmentStarts`) and the openings a batch's files copy
/// (`EncodedOpening`): a segment starts with a key frame, its packets depend on its own frames
/// alone, and a file that copies them is byte for byte the file that encodes them itself.
@Suite struct SegmentedEncodingTests {
    private static let (width, height) = (128, 96)

    /// Frame `index` of a moving picture: a diagonal ramp sliding right, with a bright square
    /// whose place `variant` changes (so two variants differ in every frame they are given).
    private func picture(_ index: Int, variant: Int) -> YUVFrame {
        var pixmap = Pixmap(width: Self.width, height: Self.height)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let level = UInt8((x * 2 + y + index * 3) % 256)
                let inSquare = abs(x - 20 - variant * 60) < 12 && abs(y - 30 - index % 20) < 12
                let value = inSquare ? 255 : level
                pixmap[x, y] = PremultipliedColor(red: value, green: level, blue: 90, alpha: 255)
            }
        }
        var frame = YUVFrame(width: Self.width, height: Self.height)
        YUVConverter.convert(pixmap, into: &frame)
        return frame
    }

    private func settings(_ format: OutputFormat, starts: Set<Int64>) -> VideoEncoderSettings {
        var settings = VideoEncoderSettings(width: Self.width, height: Self.height, frameRate: FrameRate(30)!)
        settings.format = format
        settings.segmentStarts = starts
        return settings
    }

    @Test(arguments: [(OutputFormat.h264, "mp4"), (.hevc, "mp4"), (.vp9, "webm")])
    func aSegmentStartsWithAKeyFrameAndItsPacketsDependOnItsOwnFramesAlone(
        format: OutputFormat, name: String
    ) throws {
        let folder = TemporaryDirectory()
        // Two videos alike in frames 10…19 only; encoded whole, and cut at 10 and 20.
        func encode(_ file: String, starts: Set<Int64>, variant: Int) throws -> String {
            let path = folder.path("\(file).\(name)")
            let encoder = try VideoEncoder(path: path, settings: settings(format, starts: starts))
            for index in 0..<30 {
                try encoder.encode(.yuv420(picture(index, variant: (10..<20).contains(index) ? 0 : variant)))
            }
            try encoder.finish()
            return path
        }
        let cut = try [0, 1].map {
            try IndependentDecoder.videoPackets(encode("cut\($0)", starts: [10, 20], variant: $0))
        }
        let whole = try [0, 1].map {
            try IndependentDecoder.videoPackets(encode("whole\($0)", starts: [], variant: $0))
        }
        #expect(cut[0].filter(\.isKeyFrame).map(\.frame) == [0, 10, 20])
        #expect(whole[0].filter(\.isKeyFrame).map(\.frame) == [0])
        #expect(cut[0].count == 30 && cut[1].count == 30)
        func middle(_ packets: [IndependentDecoder.Packet]) -> [String] {
            packets.filter { (10..<20).contains($0.frame) }.map(\.digest)
        }
        // Cut, the frames alike are encoded alike; whole, what comes before and after them
        // changes their packets (look-ahead, rate control), which is why a batch cuts.
        #expect(middle(cut[0]) == middle(cut[1]))
        #expect(middle(whole[0]) != middle(whole[1]))
        #expect(cut[0].map(\.digest) != cut[1].map(\.digest))
        // And it decodes to the pictures it was given, every frame.
        let frames = try VideoFileReader(path: folder.path("cut1.\(name)")).readAllFrames()
        #expect(frames.count == 30)
        for (index, frame) in frames.enumerated() {
            let source = picture(index, variant: (10..<20).contains(index) ? 0 : 1).luma
            let error = zip(frame.planes[0], source).map { abs(Int($0) - Int($1)) }.reduce(0, +)
            #expect(Double(error) / Double(source.count) < 3, "frame \(index)")
        }
    }

    @Test(arguments: [(OutputFormat.h264, Container.mp4), (.vp9, .webm)])
    func filesCopyingAnOpeningAreTheFilesEncodingItThemselves(format: OutputFormat, container: Container)
        throws
    {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("tone.wav"), seconds: 1, amplitude: 0.2)
        var settings = settings(format, starts: [8, 16])
        settings.container = container
        settings.audio = AudioSettings(
            mix: AudioMix(tracks: [AudioTrack(file: folder.path("tone.wav"))]),
            codec: container == .webm ? .opus : .aac, totalFrames: 48_000)
        let name = container == .webm ? "webm" : "mp4"
        let opening = try EncodedOpening(settings: settings, frameCount: 16)
        // a and b draw all 16 frames of the opening alike and differ after; c draws only its
        // first segment (8 frames) alike.
        let files: [(name: String, copies: Int, variant: (Int) -> Int)] = [
            ("a", 16, { $0 < 16 ? 0 : 1 }), ("b", 16, { $0 < 16 ? 0 : 2 }), ("c", 8, { $0 < 8 ? 0 : 3 }),
        ]
        var encoders: [VideoEncoder] = []
        for file in files {
            encoders.append(
                try VideoEncoder(
                    path: folder.path("\(file.name).\(name)"), settings: settings,
                    opening: EncodedOpening.Share(opening, frames: file.copies)))
            encoders.append(
                try VideoEncoder(path: folder.path("\(file.name)-alone.\(name)"), settings: settings))
        }
        for index in 0..<30 {
            for (number, file) in files.enumerated() {
                let frame = VideoFrame.yuv420(picture(index, variant: file.variant(index)))
                try encoders[2 * number].encode(frame)
                try encoders[2 * number + 1].encode(frame)
            }
        }
        for encoder in encoders { try encoder.finish() }
        for file in files {
            let copied = try Data(contentsOf: URL(fileURLWithPath: folder.path("\(file.name).\(name)")))
            let alone = try Data(contentsOf: URL(fileURLWithPath: folder.path("\(file.name)-alone.\(name)")))
            #expect(copied == alone, "\(file.name): \(copied.count) bytes, alone \(alone.count)")
        }
        // The opening's frames were encoded once for the three files.
        #expect(opening.framesEncoded == 16)
    }
}
