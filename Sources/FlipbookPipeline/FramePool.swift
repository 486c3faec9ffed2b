import FlipbookMedia
import Synchronization

/// Recycled `yuv420p` frames, so that a long render allocates its frame buffers once.
///
/// Thread-safe (one `Mutex`). A frame taken out is owned by whoever holds it — a worker, then the
/// channel, then the encoder thread, which gives it back. Because the render window bounds the
/// frames in flight, the pool never holds more than that many.
package final class FramePool: Sendable {
    private let frames = Mutex<[YUVFrame]>([])
    package let width: Int
    package let height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package func take() -> YUVFrame {
        frames.withLock { $0.popLast() } ?? YUVFrame(width: width, height: height)
    }

    package func recycle(_ frame: YUVFrame) {
        frames.withLock { $0.append(frame) }
    }
}
