/// How a video's sound is encoded: AAC-LC in MP4 and MOV (FFmpeg's native encoder), Opus in
/// WebM (libopus), or 16-bit PCM in MOV, always 48 kHz stereo.
public enum AudioCodec: String, CaseIterable, Hashable, Sendable {
    case aac
    case opus
    case pcm = "pcm_s16le"

    /// libavcodec's encoder.
    var encoder: String {
        switch self {
        case .aac: "aac"
        case .opus: "libopus"
        case .pcm: "pcm_s16le"
        }
    }

    /// The default bitrate in bits per second (PCM's is fixed by its format).
    public static let defaultBitrate = 192_000

    /// The codec a video of `format` in `container` (the format's own when `nil`) gets unless
    /// told otherwise: AAC in MP4 and MOV, whose edit lists hide its encoder delay; Opus in WebM
    /// and Matroska, whose `CodecDelay` does (AAC there starts 1 024 samples, 21 ms, late: they
    /// have no place to say so); `nil` for formats without sound.
    public static func `default`(for format: OutputFormat, in container: Container? = nil) -> AudioCodec? {
        switch format.container(named: container) {
        case .mp4, .mov: .aac
        case .webm, .matroska: .opus
        case nil: nil
        }
    }

    /// Whether a video of `format` in `container` (the format's own when `nil`) carries this
    /// codec.
    public func fits(_ format: OutputFormat, in container: Container? = nil) -> Bool {
        switch (self, format.container(named: container)) {
        case (.aac, .mp4), (.aac, .mov), (.aac, .matroska), (.opus, .webm), (.opus, .matroska),
            (.pcm, .mov), (.pcm, .matroska):
            true
        default: false
        }
    }
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
