import FlipbookMedia

/// Where rendered frames go, in index order: the H.264 encoder, `DiscardingSink`, or your own.
///
/// A sink lives on the pipeline's encoder thread: it is made there (by a factory), fed there and
/// finished there, so it need not be thread-safe or `Sendable` (FFmpeg contexts are neither).
public protocol FrameSink: AnyObject {
    /// Consumes the next frame.
    func write(_ frame: YUVFrame) throws
    /// Flushes and closes; called once after the last frame.
    func finish() throws
}

extension VideoEncoder: FrameSink {
    public func write(_ frame: YUVFrame) throws {
        try encode(frame)
    }
}
