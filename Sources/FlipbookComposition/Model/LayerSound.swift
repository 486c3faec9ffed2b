import FlipbookAudio
import FlipbookFFmpeg

/// A sound a layer plays as it appears — a whoosh as a title slides in, a click with each item
/// of a sequence — placed by the layer's own timing, so it moves with the layer when the layer
/// moves in time (in a sequence, after a change of an earlier item's length, on every loop).
public struct LayerSound: Sendable {
    /// The file and its volume; where it starts comes from the layer.
    public var track: AudioTrack
    /// Seconds after the layer appears that the sound starts; negative leads the layer.
    public var delay: Double

    public init(track: AudioTrack, delay: Double = 0) {
        (self.track, self.delay) = (track, delay)
    }
}
