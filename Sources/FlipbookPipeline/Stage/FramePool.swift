import FlipbookFFmpeg
import Synchronization

/// Recycled `yuv420p` frames, so that a long render allocates its frame buffers once.
///
/// Thread-safe (one `Mutex`). A frame taken out is owned by whoever holds it — a worker, then the
/// channel, then the encoder thread — and by the frame cache, which keeps finished frames to hand
/// them out again. A frame comes back only when nothing else will read it: from the encoder
/// when no cache holds it, and from the cache's evictions only once the encoder has written
/// the last frame that used it. Taking back a frame still queued for the encoder would not be
/// wrong — its planes are copy-on-write — but the worker writing into it would copy it whole,
/// allocating a frame per eviction. Because the render window bounds the frames in flight and
/// the cache its own, the pool never holds more than those.
package final class FramePool: Sendable {
    private struct State {
        var free: [YUVFrame] = []
        /// Frames let go of by the cache, each with the frame index after whose encoding it
        /// is free.
        var waiting: [(frame: YUVFrame, freeAfter: Int)] = []
        /// Every frame up to this index has been written (`-1`: none yet).
        var written = -1
    }

    private let state = Mutex(State())
    package let width: Int
    package let height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package func take() -> YUVFrame {
        state.withLock { $0.free.popLast() } ?? YUVFrame(width: width, height: height)
    }

    /// Takes back a frame that nothing else reads.
    package func recycle(_ frame: YUVFrame) {
        state.withLock { $0.free.append(frame) }
    }

    /// Takes back `frame` once the frame at `index` is written (at once if it is already).
    package func recycle(_ frame: YUVFrame, afterWriting index: Int) {
        state.withLock { state in
            if index <= state.written {
                state.free.append(frame)
            } else {
                state.waiting.append((frame, index))
            }
        }
    }

    /// Notes that every frame up to `index` has been written, freeing the frames that waited
    /// for it.
    package func didWrite(through index: Int) {
        state.withLock { state in
            state.written = max(state.written, index)
            guard state.waiting.contains(where: { $0.freeAfter <= index }) else { return }
            state.free += state.waiting.lazy.filter { $0.freeAfter <= index }.map(\.frame)
            state.waiting.removeAll { $0.freeAfter <= index }
        }
    }
}
