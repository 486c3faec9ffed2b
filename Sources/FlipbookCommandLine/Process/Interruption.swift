import FlipbookPipeline
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Connects a signal to the work it must stop, whichever comes first: a signal that arrives
/// before the work is attached still cancels it as soon as it is.
///
/// Every signal first closes the `CommitGate`, so that no output takes its name after it: an
/// interrupted command leaves the old file untouched and exits 130. A command that writes one
/// output (render, still, join) whose output already took its name is past that point: the
/// signal is ignored and the command finishes, exiting 0 with the new file in place. A batch
/// writes many: its signal always closes the gate, keeping the outputs done so far.
///
/// Thread-safe (one `Mutex`): the signal queue fires, the main task attaches.
final class Interruption: Sendable {
    private struct State {
        var fired = false
        var cancel: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())
    /// Whether the command writes a single output (see the type's description).
    private let writesOneOutput: Bool

    init(writesOneOutput: Bool = true) {
        self.writesOneOutput = writesOneOutput
    }

    /// Closes the gate and cancels the attached work, if any; returns `false` (doing nothing)
    /// when the command's one output is already in place.
    @discardableResult
    func fire() -> Bool {
        guard CommitGate.close(unlessAdmitted: writesOneOutput) else { return false }
        let cancel = state.withLock { state in
            state.fired = true
            return state.cancel
        }
        cancel?()
        return true
    }

    /// Whether the signal came (and stopped the work).
    var hasFired: Bool { state.withLock { $0.fired } }

    /// Attaches the work to cancel; cancels it at once if the signal already came.
    func attach(_ cancel: @escaping @Sendable () -> Void) {
        let fired = state.withLock { state in
            state.cancel = cancel
            return state.fired
        }
        if fired { cancel() }
    }

    /// Closes the gate, deletes every temporary file and exits without waiting for anything:
    /// with 130, or 0 for a command whose one output took its name before the gate closed, or
    /// the code of a failed standard stream (`StandardStreams`). The second signal's answer, and
    /// the first's for work that cannot stop part-way (a still, a join).
    func exitAtOnce() -> Never {
        let finished = !CommitGate.close(unlessAdmitted: writesOneOutput)
        CommitGate.close()
        TemporaryFiles.removeAll()
        _exit(StandardStreams.exitCode ?? (finished ? ExitCode.success : ExitCode.interrupted).rawValue)
    }
}
