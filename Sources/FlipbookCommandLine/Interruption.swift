import Synchronization

/// Connects a signal to the work it must stop, whichever comes first: a signal that arrives
/// before the work is attached still cancels it as soon as it is.
///
/// Thread-safe (one `Mutex`): the signal queue fires, the main task attaches.
final class Interruption: Sendable {
    private struct State {
        var fired = false
        var cancel: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// Records the signal and cancels the attached work, if any.
    func fire() {
        let cancel = state.withLock { state in
            state.fired = true
            return state.cancel
        }
        cancel?()
    }

    /// Whether the signal came.
    var hasFired: Bool { state.withLock { $0.fired } }

    /// Attaches the work to cancel; cancels it at once if the signal already came.
    func attach(_ cancel: @escaping @Sendable () -> Void) {
        let fired = state.withLock { state in
            state.cancel = cancel
            return state.fired
        }
        if fired { cancel() }
    }
}
