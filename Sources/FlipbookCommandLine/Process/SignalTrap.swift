import CSignals
import Dispatch
import FlipbookPipeline
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Turns every signal that would end the process — SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1,
/// SIGUSR2, SIGALRM and the rest of `signals` — into a clean stop: the first signal fires the
/// `Interruption` (which closes the `CommitGate` and cancels the work; the partial file is
/// removed, the old output is left as it was, and the tool exits with 130); a second signal
/// deletes every temporary file at once and exits with 130 without waiting. (SIGPIPE is
/// ignored from the start: a closed pipe is a write error, `StandardStreams`; SIGKILL cannot
/// be caught: its leftovers are removed by the next render into the same folder.)
///
/// A C handler, installed before `init` returns, writes each signal to a pipe, and the pipe is
/// read on a private serial queue. (A Dispatch signal source, which this used to be, is armed
/// some time after it is resumed, on another thread; a signal arriving in between was lost —
/// under load, an interrupt sent as soon as the render had started did nothing.) A signal
/// that comes before the queue reads the pipe waits in it.
///
/// Lives for the whole command; owned by the command's main task.
final class SignalTrap {
    private let queue = DispatchQueue(label: "flipbook.signals")
    private let source: DispatchSourceRead

    /// Fails only when the process cannot open a pipe (it is out of file descriptors).
    init(_ interruption: Interruption) throws(CommandError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw CommandError(
                code: .failure, message: "cannot trap Ctrl-C: no pipe (\(String(cString: strerror(errno))))")
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // The handler must never block the thread it interrupts.
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        // Installing a handler for these signals cannot fail: they are valid and catchable.
        for number in Self.signals { _ = flipbook_forward_signal(number, writeEnd) }
        var seen = 0  // touched only on `queue`
        source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        source.setEventHandler {
            var signals = [UInt8](repeating: 0, count: 16)
            let count = read(readEnd, &signals, signals.count)
            for _ in 0..<max(count, 0) {
                seen += 1
                if seen > 1 { interruption.exitAtOnce() }
                if interruption.fire() {
                    StandardStreams.err("\nflipbook: interrupted, stopping…\n")
                } else {
                    StandardStreams.err("\nflipbook: interrupted after the output was written; finishing…\n")
                }
            }
        }
        source.resume()
    }

    /// The signals whose default action ends the process, and which can be caught.
    static let signals = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
        SIGPOLL, SIGPWR, SIGSTKFLT,
    ]
}
