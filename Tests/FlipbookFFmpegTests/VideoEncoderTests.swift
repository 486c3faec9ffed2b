import FlipbookFFmpeg
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// Encodes `count` frames of a flat grey whose level encodes the frame index, losslessly
/// (CRF 0) so the index can be read back exactly.
private func encodeRamp(
    to path: String, width: Int = 64, height: Int = 48, rate: FrameRate, count: Int
) throws {
    let encoder = try VideoEncoder(
        path: path,
        settings: VideoEncoderSettings(
            width: width, height: height, frameRate: rate, crf: 0, preset: "ultrafast"))
    var pixmap = Pixmap(width: width, height: height)
    var frame = YUVFrame(width: width, height: height)
    for index in 0..<count {
        let level = UInt8(index * 2 % 256)
        pixmap.clear(to: PremultipliedColor(red: level, green: level, blue: level, alpha: 255))
        YUVConverter.convert(pixmap, into: &frame)
        try encoder.encode(.yuv420(frame))
    }
    try encoder.finish()
}

@Test func ntscRateWritesNinetyFramesLastingExactlyThreePointZeroZeroThreeSeconds() throws {
    let folder = TemporaryDirectory()
    let path = folder.path("ntsc.mp4")
    try encodeRamp(to: path, rate: FrameRate(30_000, 1001)!, count: 90)

    let reader = try VideoFileReader(path: path)
    #expect(reader.info.codecName == "h264")
    #expect(reader.info.codecTag == "avc1")
    #expect(reader.info.width == 64 && reader.info.height == 48)
    #expect(reader.info.pixelFormat == "yuv420p")
    #expect(reader.info.colorPrimaries == "bt709")
    #expect(reader.info.colorTransfer == "bt709")
    #expect(reader.info.colorSpace == "bt709")
    #expect(reader.info.colorRange == "tv")
    #expect(reader.info.durationSeconds == 3.003)

    let frames = try reader.readAllFrames()
    #expect(frames.count == 90)
    let times = frames.map(\.seconds)
    for (index, seconds) in times.enumerated() {
        #expect(abs(seconds - Double(index) * 1001 / 30_000) < 1e-9)
    }
    // Frame order survives B-frame reordering: the grey ramp rises frame by frame.
    let reds = frames.map { $0.rgb(x: 32, y: 24).red }
    #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 < $1 })
}

@Test func moovAtomComesBeforeMdat() throws {
    let folder = TemporaryDirectory()
    let path = folder.path("faststart.mp4")
    try encodeRamp(to: path, rate: FrameRate(60)!, count: 10)
    let atoms = try MP4Atoms.topLevel(path: path)
    let moov = try #require(atoms.firstIndex(of: "moov"))
    let mdat = try #require(atoms.firstIndex(of: "mdat"))
    #expect(moov < mdat)
}

@Test func decodedColoursMatchTheSourceThroughBT709() throws {
    let folder = TemporaryDirectory()
    let path = folder.path("colour.mp4")
    let encoder = try VideoEncoder(
        path: path, settings: VideoEncoderSettings(width: 64, height: 64, frameRate: FrameRate(30)!, crf: 0))
    var pixmap = Pixmap(width: 64, height: 64)
    pixmap.clear(to: PremultipliedColor(red: 255, green: 149, blue: 0, alpha: 255))
    var frame = YUVFrame(width: 64, height: 64)
    YUVConverter.convert(pixmap, into: &frame)
    try encoder.encode(.yuv420(frame))
    try encoder.finish()
    let decoded = try #require(try VideoFileReader(path: path).readAllFrames().first)
    let (red, green, blue) = decoded.rgb(x: 20, y: 20)
    #expect(abs(red - 255) < 2.5 && abs(green - 149) < 2.5 && abs(blue - 0) < 2.5)
}

@Test func sameInputGivesTheSameBytes() throws {
    let folder = TemporaryDirectory()
    try encodeRamp(to: folder.path("a.mp4"), rate: FrameRate(25)!, count: 20)
    try encodeRamp(to: folder.path("b.mp4"), rate: FrameRate(25)!, count: 20)
    let a = try Data(contentsOf: URL(fileURLWithPath: folder.path("a.mp4")))
    let b = try Data(contentsOf: URL(fileURLWithPath: folder.path("b.mp4")))
    #expect(a == b)
}

@Test func oddSizesAreRefusedWithTheReason() throws {
    let folder = TemporaryDirectory()
    let error = #expect(throws: MediaError.self) {
        _ = try VideoEncoder(
            path: folder.path("odd.mp4"),
            settings: VideoEncoderSettings(width: 1919, height: 1080, frameRate: FrameRate(60)!))
    }
    #expect(error?.description.contains("even width and height") == true)
    #expect(error?.description.contains("1920×1080") == true)
    #expect(folder.contents().isEmpty)
}

@Test func unknownPresetIsRefused() {
    let error = #expect(throws: MediaError.self) {
        try VideoEncoderSettings(width: 64, height: 64, frameRate: FrameRate(60)!, preset: "turbo").validate()
    }
    #expect(error?.description.contains("unknown preset \"turbo\"") == true)
}

@Test func ffmpegFailuresCarryFFmpegsOwnMessage() {
    let error = #expect(throws: MediaError.self) {
        _ = try VideoEncoder(
            path: "/nonexistent-folder/x.mp4",
            settings: VideoEncoderSettings(width: 64, height: 64, frameRate: FrameRate(60)!))
    }
    #expect(error?.description.contains("No such file or directory") == true)
    #expect(error?.description.contains("/nonexistent-folder/x.mp4") == true)
}

@Test func framesAbove1080pShareX264sThreadsAsSlices() throws {
    // x264 writes its settings into the stream (an SEI message): above 1080p its four threads
    // encode slices of one frame (less memory), at 1080p a frame each. Both decode, in order.
    let folder = TemporaryDirectory()
    for (width, height, sliced) in [(2560, 1440, true), (1920, 1080, false)] {
        let path = folder.path("\(width).mp4")
        try encodeRamp(to: path, width: width, height: height, rate: FrameRate(30)!, count: 4)
        let stream = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(
            stream.contains(
                sliced ? "threads=4 lookahead_threads=4 sliced_threads=1 slices=4" : "sliced_threads=0"))
        let reds = try VideoFileReader(path: path).readAllFrames().map {
            $0.rgb(x: width / 2, y: height / 2).red
        }
        #expect(reds.count == 4 && zip(reds, reds.dropFirst()).allSatisfy { $0 < $1 })
    }
}
