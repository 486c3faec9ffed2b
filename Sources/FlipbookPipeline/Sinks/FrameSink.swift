import FlipbookFFmpeg

/// Where rendered frames go, in index order: a `VideoEncoder`, a `PNGSequenceWriter`,
/// `DiscardingSink`, or your own. Frames arrive in the `FrameInput` form the export was asked for.
///
/// A sink lives on the pipeline's encoder thread: it is made there (by a factory), fed there and
/// finished there, so it need not be thread-safe or `Sendable` (FFmpeg contexts are neither).
public protocol FrameSink: AnyObject {
    /// Consumes the next frame.
    func write(_ frame: VideoFrame) throws
    /// Flushes and closes; called once after the last frame.
    func finish() throws
}

extension VideoEncoder: FrameSink {
    public func write(_ frame: VideoFrame) throws {
        try encode(frame)
    }
}

extension PNGSequenceWriter: FrameSink {
    /// Every file is complete once written; the folder is committed by the export.
    public func finish() throws {}
}
