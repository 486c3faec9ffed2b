import Dispatch
import FlipbookFFmpeg
import Synchronization

/// A blocking first-in first-out queue from the render workers to the encoder thread.
///
/// Thread-safe by construction (a `Mutex` and a counting semaphore); any thread may send, one
/// thread (the encoder's) receives.
final class FrameChannel: Sendable {
    enum Message: Sendable {
        /// Frame `index`, ready to encode, with how it was made; messages of this kind arrive in
        /// index order.
        case frame(index: Int, VideoFrame, FrameReport)
        /// Stop: the export was cancelled.
        case cancelled
    }

    private let messages = Mutex<[Message]>([])
    private let available = DispatchSemaphore(value: 0)

    func send(_ message: Message) {
        messages.withLock { $0.append(message) }
        available.signal()
    }

    /// Waits for the next message.
    func receive() -> Message {
        available.wait()
        return messages.withLock { $0.removeFirst() }
    }

    /// Drops the frames sent and not yet received, returning how many there were: for a
    /// stopped row, whose encoder will receive no more.
    func dropFrames() -> Int {
        messages.withLock { messages in
            let frames = messages.filter { if case .frame = $0 { true } else { false } }.count
            messages.removeAll { if case .frame = $0 { true } else { false } }
            return frames
        }
    }
}
