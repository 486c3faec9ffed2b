import FlipbookFFmpeg
import Synchronization

/// Puts frames finished out of order back in order: holds each until every earlier frame has
/// arrived, then passes the run of consecutive frames on to the channel.
///
/// Thread-safe (one `Mutex`); sending happens under the lock, so frames enter the channel in
/// strict index order. It never holds more frames than the render window allows in flight.
final class ReorderBuffer: Sendable {
    private struct State {
        var nextIndex = 0
        var pending: [Int: (VideoFrame, FrameReport)] = [:]
    }

    private let state = Mutex(State())
    private let channel: FrameChannel

    init(channel: FrameChannel) {
        self.channel = channel
    }

    func submit(index: Int, frame: VideoFrame, report: FrameReport) {
        state.withLock { state in
            state.pending[index] = (frame, report)
            while let ready = state.pending.removeValue(forKey: state.nextIndex) {
                channel.send(.frame(index: state.nextIndex, ready.0, ready.1))
                state.nextIndex += 1
            }
        }
    }
}
