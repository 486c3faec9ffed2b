/// What mixing needs from a library that decodes and encodes sound, which this module does not
/// link: the samples of each file a mix plays, and the true peak a lossy codec gives a mix back
/// with. `FlipbookFFmpeg`'s `FFmpegAudio` answers through FFmpeg.
package protocol AudioCodecs: Sendable {
    /// The samples of the sound file at `path`, from its start.
    /// - Throws: when the file cannot be read or decoded.
    func samples(of path: String) throws -> any AudioSamples

    /// The true peak, dBTP, of what `mixer` puts out from where it stands to its end, once
    /// encoded with `codec` at `bitrate` and decoded again: AAC and Opus rebuild a waveform near
    /// the original, not the original, so a ceiling met before encoding can be missed in the
    /// file (`LoudnessNormalization`'s trials).
    func encodedTruePeak(of mixer: AudioMixer, codec: AudioCodec, bitrate: Int) throws -> Double
}

/// A sound file's samples, streamed as the mixer asks for them: `AudioMix.sampleRate` stereo
/// floats, left and right interleaved. Read by one mixer, on its thread.
package protocol AudioSamples: AnyObject {
    /// Appends up to `frames` sample frames to `buffer`; fewer only at the end of the file.
    /// Returns how many it appended.
    @discardableResult
    func read(_ frames: Int, into buffer: inout [Float]) throws -> Int

    /// Skips up to `frames` sample frames; returns how many it skipped.
    @discardableResult
    func skip(_ frames: Int) throws -> Int
}
