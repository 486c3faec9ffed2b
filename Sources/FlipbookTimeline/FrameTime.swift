/// The time of one output frame: its index and the exact moment it shows.
///
/// A frame is a pure function of its `FrameTime`; nothing carries over from the previous frame.
public struct FrameTime: Hashable, Sendable {
    /// Position in the output, from 0.
    public let index: Int
    /// Seconds since the start of the animation: `index / frameRate`, computed exactly.
    public let seconds: Double

    public init(index: Int, seconds: Double) {
        self.index = index
        self.seconds = seconds
    }
}
