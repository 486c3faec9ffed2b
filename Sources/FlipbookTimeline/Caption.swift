/// One timed text cue: what the video shows from `start` to `end` (seconds), for a WebVTT
/// sidecar read by people who cannot see the video.
public struct Caption: Hashable, Sendable {
    public var start: Double
    public var end: Double
    public var text: String

    public init(start: Double, end: Double, text: String) {
        (self.start, self.end, self.text) = (start, end, text)
    }
}
