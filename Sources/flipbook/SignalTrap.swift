import Dispatch
import FlipbookPipeline
import Foundation
import Synchronization

/// Turns SIGINT and SIGTERM into a clean stop: the first signal calls `onInterrupt` (which
/// cancels the render; the partial file is removed and the tool exits with 130); a second
/// signal deletes every temporary file at once and exits with 130 without waiting.
///
/// The handlers run on a private serial queue; the default actions are disabled while the trap
/// lives (it lives for the whole command). Owned by the command's main task.
final class SignalTrap {
    private let queue = DispatchQueue(label: "flipbook.signals")
    private let sources: [DispatchSourceSignal]

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let queue = self.queue
        let seen = SignalCount()
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if seen.increment() > 1 {
                    TemporaryFiles.removeAll()
                    _exit(ExitCode.interrupted.rawValue)
                }
                FileHandle.standardError.write(Data("\nflipbook: interrupted, stopping…\n".utf8))
                onInterrupt()
            }
            source.resume()
            return source
        }
    }
}

/// How many signals arrived; touched only on the trap's queue, counted atomically anyway so the
/// type is `Sendable` by construction.
private final class SignalCount: Sendable {
    private let count = Mutex(0)

    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
