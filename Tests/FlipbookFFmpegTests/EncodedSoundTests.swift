import FlipbookAudio
import FlipbookFFmpeg
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// `EncodedSound`: a soundtrack mixed and encoded once for several files writes each of them
/// byte for byte as its own encoding of the sound would.
@Suite struct EncodedSoundTests {
    /// 1 s of 64 × 48 pictures at 30 fps with a 440 Hz tone, in `container`.
    private func settings(sound file: String, container: Container) -> VideoEncoderSettings {
        var settings = VideoEncoderSettings(
            width: 64, height: 48, frameRate: FrameRate(30)!, preset: "ultrafast")
        settings.container = container
        settings.audio = AudioSettings(
            mix: AudioMix(tracks: [AudioTrack(file: file)]), codec: container == .webm ? .opus : .aac,
            totalFrames: 48_000)
        return settings
    }

    @Test(arguments: [Container.mp4, .webm])
    func filesSharingASoundAreTheFilesEncodingItThemselvesWrite(container: Container) throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("tone.wav"), seconds: 1, amplitude: 0.2)
        var settings = settings(sound: folder.path("tone.wav"), container: container)
        if container == .webm { settings.format = .vp9 }
        let name = container == .webm ? "webm" : "mp4"
        let shared = try #require(try EncodedSound(of: settings, readers: 2))
        let encoders = try [
            VideoEncoder(path: folder.path("a.\(name)"), settings: settings, sound: shared),
            VideoEncoder(path: folder.path("b.\(name)"), settings: settings, sound: shared),
            VideoEncoder(path: folder.path("alone.\(name)"), settings: settings),
        ]
        var pixmap = Pixmap(width: 64, height: 48)
        var frame = YUVFrame(width: 64, height: 48)
        for index in 0..<30 {
            let level = UInt8(index * 8)
            pixmap.clear(to: PremultipliedColor(red: level, green: level, blue: level, alpha: 255))
            YUVConverter.convert(pixmap, into: &frame)
            for encoder in encoders { try encoder.encode(.yuv420(frame)) }
        }
        for encoder in encoders { try encoder.finish() }
        let alone = try Data(contentsOf: URL(fileURLWithPath: folder.path("alone.\(name)")))
        for shared in ["a", "b"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("\(shared).\(name)"))) == alone)
        }
        // Mixed and encoded once: a step per frame and the last, not one per file.
        #expect(shared.stepsEncoded == 31)
        let seconds = try VideoFileReader(path: folder.path("a.\(name)")).info.durationSeconds
        #expect(abs(seconds - 1) < 0.05, "\(seconds) s")
    }
}
