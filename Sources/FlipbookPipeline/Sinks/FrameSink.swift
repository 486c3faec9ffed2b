import FlipbookFFmpeg

/// Where rendered frames go, in index order: a `VideoEncoder`, a `PNGSequenceWriter`,
/// `DiscardingSink`, or your own. Frames arrive in the `FrameInput` form the export was asked for.
///
/// A sink lives on the pipeline's encoder thread: it is made there (by a factory), fed there and
/// finished there, so it need not be thread-safe or `Sendable` (FFmpeg contexts are neither).
package protocol FrameSink: AnyObject {
    /// Consumes the next frame.
    func write(_ frame: VideoFrame) throws
    /// Flushes and closes; called once after the last frame.
    func finish() throws
}

extension VideoEncoder: FrameSink {
    package func write(_ frame: VideoFrame) throws {
        try encode(frame)
    }
}

extension PNGSequenceWriter: FrameSink {
    /// Every file is complete once written; the folder is committed by the export.
    package func finish() throws {}
}
