import FlipbookAudio
import FlipbookFFmpeg

extension AudioTrack {
    /// A track's volume: a constant gain, or keyframes.
    enum Volume: Sendable {
        case gain(Double)
        case envelope(VolumeEnvelope)
    }
}
