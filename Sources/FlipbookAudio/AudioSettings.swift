/// How a video's sound is encoded: AAC-LC in MP4 and MOV (FFmpeg's native encoder), Opus in
/// WebM (libopus), or 16-bit PCM in MOV, always 48 kHz stereo. Which containers carry which
/// codec, and the encoder each is, are `FlipbookFFmpeg`'s (`AudioCodec+FFmpeg`).
public enum AudioCodec: String, CaseIterable, Hashable, Sendable {
    case aac
    case opus
    case pcm = "pcm_s16le"

    /// The default bitrate in bits per second (PCM's is fixed by its format).
    public static let defaultBitrate = 192_000
}

/// The sound of a video: what to mix, how long the video is, and how to encode it.
public struct AudioSettings: Hashable, Sendable {
    public var mix: AudioMix
    public var codec: AudioCodec
    /// Bits per second (ignored by PCM).
    public var bitrate: Int
    /// The video's length in 48 kHz sample frames: the sound is exactly as long.
    public var totalFrames: Int

    public init(mix: AudioMix, codec: AudioCodec, bitrate: Int = AudioCodec.defaultBitrate, totalFrames: Int)
    {
        (self.mix, self.codec, self.bitrate, self.totalFrames) = (mix, codec, bitrate, totalFrames)
    }
}
