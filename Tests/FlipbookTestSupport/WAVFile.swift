import Foundation

/// WAV files the sound tests feed Flipbook: the RIFF header and little-endian samples.
public enum WAVFile {
    /// A mono 16-bit WAV at `rate` of `seconds`, silent before `onset`, then a sine of
    /// `frequency` Hz at `amplitude`, written to `path`.
    public static func writeSine(
        to path: String, seconds: Double, onset: Double = 0, frequency: Double = 1000,
        amplitude: Double = 0.5, rate: Int = 48_000
    ) throws {
        let count = Int(Double(rate) * seconds)
        var data = header(format: 1, channels: 1, rate: rate, bitsPerSample: 16, frames: count)
        for i in 0..<count {
            let t = Double(i) / Double(rate)
            let value = t < onset ? 0 : amplitude * sin(2 * .pi * frequency * (t - onset))
            append(Int16((value * 32767).rounded()), to: &data)
        }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// Interleaved stereo samples at 48 kHz as a 32-bit float WAV (format 3), exactly as given.
    public static func writeStereo(_ samples: [Float], to path: String) throws {
        var data = header(format: 3, channels: 2, rate: 48_000, bitsPerSample: 32, frames: samples.count / 2)
        for sample in samples { append(sample.bitPattern, to: &data) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    /// A silent 16-bit WAV of `channels` channels at 48 kHz, `seconds` long, without a
    /// channel mask: the file does not say which speaker each channel feeds.
    public static func writeSilence(to path: String, channels: Int, seconds: Double) throws {
        let frames = Int(48_000 * seconds)
        var data = header(format: 1, channels: channels, rate: 48_000, bitsPerSample: 16, frames: frames)
        data.append(Data(count: frames * channels * 2))
        try data.write(to: URL(fileURLWithPath: path))
    }

    private static func header(format: UInt16, channels: Int, rate: Int, bitsPerSample: Int, frames: Int)
        -> Data
    {
        let frameBytes = channels * bitsPerSample / 8
        var data = Data("RIFF".utf8)
        append(UInt32(36 + frames * frameBytes), to: &data)
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16), to: &data)
        append(format, to: &data)
        append(UInt16(channels), to: &data)
        append(UInt32(rate), to: &data)
        append(UInt32(rate * frameBytes), to: &data)
        append(UInt16(frameBytes), to: &data)
        append(UInt16(bitsPerSample), to: &data)
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(frames * frameBytes), to: &data)
        return data
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
}
