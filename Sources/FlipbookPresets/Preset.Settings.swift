import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookTimeline

extension Preset {
    /// What a preset's own keys give, as they are read: its frame, timeline, seed, background
    /// and encoding, and its sound, which is read once the scene is made (it plays at the
    /// scene's events).
    struct Settings: Sendable {
        var width = 0
        var height = 0
        var frameRate: FrameRate?
        var duration = 0.0
        var seed: UInt64 = 0
        var background = Color.black
        var output = EncodingOptions()
        var audio: JSONField?
        /// `golden`, read once the scene is made (its times may name markers).
        var golden: JSONField?

        /// The frame rate: 60 when left out.
        var rate: FrameRate { frameRate ?? FrameRate(60)! }
    }
}
