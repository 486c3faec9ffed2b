import FlipbookAudio
import FlipbookFFmpeg
import FlipbookTestSupport
import Foundation
import Testing

/// The loudness meter against EBU Tech 3341's test signals (whose expected readings come with
/// them) and against FFmpeg's own `ebur128` filter, run through PyAV, on a real recording.
@Suite struct LoudnessMeterTests {
    /// Stereo: `seconds` of a sine of `frequency` Hz at `dBFS` in both channels, starting at
    /// `phase` radians.
    private func sine(_ seconds: Double, dBFS: Double, frequency: Double = 997, phase: Double = 0) -> [Float]
    {
        let amplitude = pow(10, dBFS / 20)
        let count = Int(seconds * 48_000)
        return (0..<count).flatMap { i -> [Float] in
            let value = Float(amplitude * sin(2 * .pi * frequency * Double(i) / 48_000 + phase))
            return [value, value]
        }
    }

    private func measure(_ parts: [[Float]]) -> LoudnessMeasurement {
        let meter = LoudnessMeter()
        for part in parts { meter.add(part) }
        return meter.measurement
    }

    @Test func aSineAtMinus23DecibelsReadsMinus23LUFS() throws {
        // EBU Tech 3341, cases 1 and 2: ±0.1 LU.
        for level in [-23.0, -33.0] {
            let integrated = try #require(measure([sine(20, dBFS: level)]).integrated)
            #expect(abs(integrated - level) < 0.1, "\(level) dBFS read \(integrated) LUFS")
        }
    }

    @Test func quietPartsAreGatedOut() throws {
        // Case 3: −36, −23, −36 dBFS for 10, 60, 10 s; case 4 adds −72 dBFS either side.
        let three = measure([sine(10, dBFS: -36), sine(60, dBFS: -23), sine(10, dBFS: -36)])
        #expect(abs(try #require(three.integrated) + 23) < 0.1)
        let four = measure([
            sine(10, dBFS: -72), sine(10, dBFS: -36), sine(60, dBFS: -23), sine(10, dBFS: -36),
            sine(10, dBFS: -72),
        ])
        #expect(abs(try #require(four.integrated) + 23) < 0.1)
    }

    @Test func theTruePeakSeesBetweenTheSamples() throws {
        // A sine at a quarter of the rate, sampled 45° off its crests: every sample is at
        // −3 dB, the wave itself at 0 dB (EBU Tech 3341 case 15 is this at −6 dBFS).
        let between = measure([sine(1, dBFS: -6, frequency: 12_000, phase: .pi / 4)])
        let samplePeak = 20 * log10(Double(sine(1, dBFS: -6, frequency: 12_000, phase: .pi / 4).max()!))
        #expect(abs(samplePeak + 9.01) < 0.05)
        #expect(abs(between.truePeak + 6) < 0.2, "true peak \(between.truePeak) dBTP")
        // On the crests, it is the sample peak.
        let on = measure([sine(1, dBFS: -6, frequency: 12_000, phase: .pi / 2)])
        #expect(abs(on.truePeak + 6) < 0.05)
    }

    @Test func silenceAndShortSoundsHaveNoLoudness() {
        #expect(measure([]).integrated == nil)
        let silence = measure([[Float](repeating: 0, count: 96_000)])
        #expect(silence.integrated == nil)
        #expect(silence.truePeak == -.infinity)
        // Under 0.4 s: not one whole block.
        #expect(measure([sine(0.35, dBFS: -20)]).integrated == nil)
        #expect(measure([sine(5, dBFS: -80)]).integrated == nil)
    }

    @Test func aRecordingReadsAsFFmpegsEbur128FilterReadsIt() throws {
        let file = RepositoryPaths.path("presets/assets/fanfare.flac")
        let reader = try AudioFileReader(path: file)
        var samples: [Float] = []
        while try reader.read(48_000, into: &samples) > 0 {}
        // As the mixer hears it: 48 kHz stereo (this mono file on both sides).
        let folder = TemporaryDirectory()
        try WAVFile.writeStereo(samples, to: folder.path("mixed.wav"))
        let ours = measure([samples])
        let theirs = try IndependentDecoder.ebur128(folder.path("mixed.wav"))
        #expect(abs(try #require(ours.integrated) - theirs.integrated) < 0.1)
        #expect(abs(ours.truePeak - theirs.truePeak) < 0.2)
    }
}
