import FlipbookFFmpeg
import Synchronization

/// Puts frames finished out of order back in order: holds each until every earlier frame has
/// arrived, then passes the run of consecutive frames on to the channel.
///
/// Thread-safe (one `Mutex`); sending happens under the lock, so frames enter the channel in
/// strict index order. It never holds more frames than the render window allows in flight.
/// Once stopped (its row was, `StageRow.stop()`), it takes no more frames.
final class ReorderBuffer: Sendable {
    private struct State {
        var nextIndex = 0
        var pending: [Int: (VideoFrame, FrameReport)] = [:]
        var stopped = false
    }

    private let state = Mutex(State())
    private let channel: FrameChannel

    init(channel: FrameChannel) {
        self.channel = channel
    }

    /// Takes frame `index`; `false` when the buffer is stopped and did not take it.
    @discardableResult
    func submit(index: Int, frame: VideoFrame, report: FrameReport) -> Bool {
        state.withLock { state in
            guard !state.stopped else { return false }
            state.pending[index] = (frame, report)
            while let ready = state.pending.removeValue(forKey: state.nextIndex) {
                channel.send(.frame(index: state.nextIndex, ready.0, ready.1))
                state.nextIndex += 1
            }
            return true
        }
    }

    /// Stops taking frames and drops those held; returns how many it held. Nothing is sent to
    /// the channel after it returns.
    func stop() -> Int {
        state.withLock { state in
            state.stopped = true
            defer { state.pending = [:] }
            return state.pending.count
        }
    }
}
