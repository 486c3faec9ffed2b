import CSignals
import Foundation
import Synchronization

/// stdout and stderr, written with `write(2)` so that a stream that cannot take our output — a
/// closed pipe (`| head -1`), a full disk (`> /dev/full`), a closed descriptor (`>&-`) — is a
/// condition the command handles, not a trap inside Foundation.
///
/// The first failure is recorded and calls the handler the running command attached (a render
/// stops and removes its partial output); `FlipbookTool` then ends with `exitCode`: 141 for a
/// broken pipe, silently, as a shell expects of `producer | head`; 74 for any other failure.
/// Thread-safe: one `Mutex` holds the state, and each line is written whole under it.
enum StandardStreams {
    private struct State {
        /// Streams found closed at start: writing to them fails with EBADF.
        var closed: Set<Int32> = []
        /// The first failure: the stream and its `errno`.
        var failure: (stream: Int32, error: Int32)?
        var onFailure: (@Sendable () -> Void)?
    }

    private static let state = Mutex(State())

    /// Run first thing in `main`: SIGPIPE becomes an EPIPE error on the write, and a standard
    /// descriptor the process was started without — held by `/dev/null` since before `main`
    /// (`flipbook_standard_descriptors_closed_at_start`), so that no output file opened later can
    /// take its number and receive progress lines — is remembered as closed.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        let mask = flipbook_standard_descriptors_closed_at_start()
        let closed = Set((Int32(0)...2).filter { mask & (1 << $0) != 0 })
        state.withLock { $0.closed = closed }
    }

    /// Writes `text` to stdout; `false` (and the failure recorded) if it could not be written.
    @discardableResult
    static func out(_ text: String) -> Bool { write(Array(text.utf8), to: STDOUT_FILENO) }

    /// Writes `bytes` to stdout (`-o -`); `false` (and the failure recorded) if they could not be
    /// written.
    static func out(bytes: Data) -> Bool { write(Array(bytes), to: STDOUT_FILENO) }

    /// Writes `text` to stderr; `false` (and the failure recorded) if it could not be written.
    @discardableResult
    static func err(_ text: String) -> Bool { write(Array(text.utf8), to: STDERR_FILENO) }

    /// Calls `handler` on the first failed write from now on (at once if one already failed).
    static func onFailure(_ handler: @escaping @Sendable () -> Void) {
        let failed = state.withLock { state in
            state.onFailure = handler
            return state.failure != nil
        }
        if failed { handler() }
    }

    /// The exit code the process must end with because a stream failed, if one did.
    static var exitCode: Int32? {
        state.withLock { state in
            guard let failure = state.failure else { return nil }
            return (failure.error == EPIPE ? ExitCode.brokenPipe : ExitCode.outputStreamFailed).rawValue
        }
    }

    /// What went wrong, for stderr (if stderr itself still works).
    static var failureMessage: String? {
        state.withLock { state in
            guard let failure = state.failure, failure.error != EPIPE, failure.stream != STDERR_FILENO else {
                return nil
            }
            let reason = String(cString: strerror(failure.error)).lowercased()
            return "cannot write to standard output: \(reason)"
        }
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        if FlipbookTool.checking { return true }
        let (ok, handler) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            guard state.failure == nil || state.failure?.stream != descriptor else { return (false, nil) }
            var error: Int32 = 0
            if state.closed.contains(descriptor) {
                error = EBADF
            } else {
                error = writeAll(bytes, to: descriptor)
            }
            guard error != 0 else { return (true, nil) }
            let first = state.failure == nil
            if first { state.failure = (descriptor, error) }
            return (false, first ? state.onFailure : nil)
        }
        handler?()
        return ok
    }

    /// Writes every byte, retrying after interruptions and short writes; 0 or the `errno`.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }
}
