import Foundation
import Synchronization

/// The last signal `FlipbookMain` received, 0 for none: set by its signal handler.
private let receivedSignal = Atomic<Int32>(0)

/// Runs a program's Flipbook work as the `flipbook` tool runs its own, so a script needs no
/// `do`/`catch` of its own to fail cleanly:
///
/// ```swift
/// import Flipbook
///
/// await FlipbookMain.run {
///     let export = VideoExport(scene: scene, sampler: sampler, width: 1280, height: 720)
///     try await export.run(to: URL(fileURLWithPath: "out/launch.mp4"))
/// }
/// ```
///
/// When the work throws, the error is printed on standard error as the tool prints it
/// (`flipbook: cannot write out/launch.mp4: …`) and the process exits with the tool's code
/// for it (`ExitStatus`: 65 bad input, 70 failure, 73 output not writable, 130 interrupted).
/// Ctrl-C, SIGTERM and SIGHUP cancel the work — an export then removes its partial file — and
/// exit with 130. On success `run` returns and the program goes on.
public enum FlipbookMain {
    /// The signals that cancel the work.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `work`; on an error prints it and exits with its `ExitStatus`.
    public static func run(_ work: @escaping @Sendable () async throws -> Void) async {
        // The handler only records the signal (all a signal handler may safely do); a watcher
        // cancels the work. Installed before the work starts, so no signal is lost.
        receivedSignal.store(0, ordering: .relaxed)
        for number in signals {
            signal(number) { received in receivedSignal.store(received, ordering: .relaxed) }
        }
        unblockSignals()
        let task = Task { try await work() }
        // A thread of its own, not a task: the work may keep every thread of Swift's
        // cooperative pool busy, and a watcher waiting for one would never see the signal.
        let finished = Atomic<Bool>(false)
        let watcher = Thread {
            unblockSignals()
            while !finished.load(ordering: .relaxed) {
                if receivedSignal.load(ordering: .relaxed) != 0 { return task.cancel() }
                usleep(20_000)
            }
        }
        watcher.start()
        let result = await task.result
        finished.store(true, ordering: .relaxed)
        for number in signals { signal(number, SIG_DFL) }
        guard case .failure(let error) = result else { return }
        let status = ExitStatus(for: error)
        FileHandle.standardError.write(Data(message(for: error, status: status).utf8))
        exit(status.rawValue)
    }

    /// Unblocks `signals` on the calling thread. A process inherits the signal mask of the thread
    /// that started it, and one started from a thread that blocks signals (Swift's cooperative
    /// pool, Dispatch's worker threads) begins with them blocked; left so, delivery would depend
    /// on some thread unblocking them by chance. The watcher thread unblocks them too, so the
    /// kernel always has a thread to deliver them to.
    private static func unblockSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The lines printed for `error`: `flipbook: ` and the error's description, made safe for
    /// a terminal as the tool's own messages are (`forTerminal`).
    static func message(for error: any Error, status: ExitStatus) -> String {
        let text = status == .interrupted ? "interrupted; nothing was left behind" : "\(error)"
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "flipbook: \(String($0).forTerminal)\n" }.joined()
    }
}
