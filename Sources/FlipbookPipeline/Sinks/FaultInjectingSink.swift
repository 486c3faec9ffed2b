import FlipbookFFmpeg

/// A sink that fails like a broken encoder when it reaches a given frame, passing earlier frames
/// on to the real sink. It lets scripts (and our tests) exercise their handling of a mid-render
/// encoder failure: `VideoExport.failAtFrame`, or `FLIPBOOK_FAIL_AT_FRAME` for the CLI.
/// Lives on the encoder thread, like every sink.
final class FaultInjectingSink: FrameSink {
    private let sink: any FrameSink
    private let failAt: Int
    private var written = 0

    init(_ sink: any FrameSink, failAt: Int) {
        self.sink = sink
        self.failAt = failAt
    }

    func write(_ frame: VideoFrame) throws {
        guard written < failAt else {
            throw MediaError(
                operation: "encode frame \(written)",
                message: "failure injected at frame \(failAt) on request")
        }
        try sink.write(frame)
        written += 1
    }

    func finish() throws {
        try sink.finish()
    }
}
