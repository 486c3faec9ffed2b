import FlipbookFFmpeg

/// A sink that drops every frame: for measuring the render stage without an encoder.
package final class DiscardingSink: FrameSink {
    package init() {}
    package func write(_ frame: VideoFrame) throws {}
    package func finish() throws {}
}
