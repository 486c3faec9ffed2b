import Dispatch
import Synchronization

/// A value one worker is producing and others wait for, so that equal work is done once.
/// Thread-safe: the value sits behind a `Mutex`, waiters block on a semaphore.
package final class PendingResult<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let value = Mutex<Value?>(nil)

    package func fulfil(_ result: Value) {
        value.withLock { $0 = result }
        done.signal()
    }

    /// Blocks until the value is there.
    package func wait() -> Value? {
        done.wait()
        done.signal()  // let every other waiter through too
        return value.withLock { $0 }
    }
}
