import FlipbookFFmpeg

/// A sink that drops every frame: for measuring the render stage without an encoder.
public final class DiscardingSink: FrameSink {
    public init() {}
    public func write(_ frame: VideoFrame) throws {}
    public func finish() throws {}
}
