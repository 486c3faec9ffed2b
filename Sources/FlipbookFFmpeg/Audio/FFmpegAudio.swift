import FlipbookAudio

/// The sound decoding and encoding a mix needs (`AudioCodecs`), through FFmpeg: its files read
/// by `AudioFileReader`, a lossy codec's peaks found by `EncodedTruePeak`.
package struct FFmpegAudio: AudioCodecs {
    package init() {}

    package func samples(of path: String) throws -> any AudioSamples {
        try AudioFileReader(path: path)
    }

    package func encodedTruePeak(of mixer: AudioMixer, codec: AudioCodec, bitrate: Int) throws -> Double {
        try EncodedTruePeak.measure(mixer, codec: codec, bitrate: bitrate)
    }
}

extension AudioFileReader: AudioSamples {}
