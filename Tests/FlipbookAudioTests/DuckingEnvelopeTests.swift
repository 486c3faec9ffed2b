import FlipbookAudio
import FlipbookFFmpeg
import FlipbookTestSupport
import Foundation
import Testing

/// A ducking track's envelope, found once per process for the same sounds: a mixer made again
/// for the same mix ducks the same, and one made after a key file changed on disk follows the
/// new file.
@Suite struct DuckingEnvelopeTests {
    /// The level, in dBFS of a sine's amplitude, of 1 kHz in the left channel of `samples`
    /// (interleaved stereo at 48 kHz) over the 20 ms from `time` seconds.
    private static func level(_ samples: [Float], at time: Double) -> Double {
        let start = Int(time * 48_000)
        var (real, imaginary) = (0.0, 0.0)
        for n in 0..<960 {
            let value = Double(samples[(start + n) * 2])
            let phase = 2 * Double.pi * 1000 * Double(n) / 48_000
            (real, imaginary) = (real + value * cos(phase), imaginary - value * sin(phase))
        }
        return 20 * log10(2 * (real * real + imaginary * imaginary).squareRoot() / 960 + 1e-12)
    }

    /// Music (1 kHz) ducking by 12 dB under a 3 kHz voice, the voice in `folder` as it is now,
    /// mixed over 3 s.
    private static func mix(_ folder: TemporaryDirectory) throws -> [Float] {
        var music = AudioTrack(file: folder.path("music.wav"))
        var ducking = Ducking(under: ["voice"])
        ducking.gain = AudioTrack.gain(decibels: -12)
        music.duck = ducking
        var voice = AudioTrack(file: folder.path("voice.wav"))
        voice.name = "voice"
        let mixer = try AudioMixer(
            AudioSettings(mix: AudioMix(tracks: [music, voice]), codec: .pcm, totalFrames: 3 * 48_000),
            codecs: FFmpegAudio())
        return try mixer.next(3 * 48_000)
    }

    @Test func aKeyFileChangedOnDiskIsMeasuredAgain() throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("music.wav"), seconds: 3, frequency: 1000, amplitude: 0.3)
        // The voice speaks from 0.5 s to 1 s.
        try WAVFile.writeSine(
            to: folder.path("voice.wav"), seconds: 1, onset: 0.5, frequency: 3000, amplitude: 0.3)
        let full = 20 * log10(0.3)
        let first = try Self.mix(folder)
        #expect(abs(Self.level(first, at: 0.7) - (full - 12)) < 0.8)
        #expect(abs(Self.level(first, at: 2.5) - full) < 0.3)
        // The same mix again ducks the same.
        #expect(try Self.mix(folder) == first)
        // Now it speaks from 2 s to 2.8 s: the music is full at 0.7 s and down at 2.5 s.
        try WAVFile.writeSine(
            to: folder.path("voice.wav"), seconds: 2.8, onset: 2, frequency: 3000, amplitude: 0.3)
        let second = try Self.mix(folder)
        #expect(abs(Self.level(second, at: 0.7) - full) < 0.3)
        #expect(abs(Self.level(second, at: 2.5) - (full - 12)) < 0.8)
    }
}
