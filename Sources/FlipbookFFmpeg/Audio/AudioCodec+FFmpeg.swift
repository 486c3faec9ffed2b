import FlipbookAudio

extension AudioCodec {
    /// libavcodec's encoder.
    var encoder: String {
        switch self {
        case .aac: "aac"
        case .opus: "libopus"
        case .pcm: "pcm_s16le"
        }
    }

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
