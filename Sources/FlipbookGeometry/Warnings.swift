import Foundation
import Synchronization

/// Warnings about a render that went on but not as written — a font family that is not
/// installed, a scene that draws differently each time — each reported once per process.
///
/// By default a warning goes to standard error as `flipbook: warning: …`, as SwiftUI logs to
/// the console; the command line routes them to its progress reporter (so `--progress json`
/// gets them as events), and a program can install its own handler.
public enum Warnings {
    private struct State {
        var reported: Set<String> = []
        var handler: @Sendable (String) -> Void = { message in
            FileHandle.standardError.write(Data("flipbook: warning: \(message)\n".utf8))
        }
    }

    private static let state = Mutex(State())

    /// Reports `message` unless it was reported before; returns whether it was new. Reported
    /// where a subject is set (`about(_:_:)`), it is said to be about it — `"promo.json [de]:
    /// …"` — and told apart from the same warning about another subject.
    @discardableResult
    public static func report(_ message: String) -> Bool {
        let message = subject.map { "\($0): \(message)" } ?? message
        let handler = state.withLock { state -> (@Sendable (String) -> Void)? in
            state.reported.insert(message).inserted ? state.handler : nil
        }
        handler?(message)
        return handler != nil
    }

    /// Runs `body` with the warnings it reports on this thread said to be about `subject` (none
    /// when `nil`): a batch renders many presets in one process, some at once, and a warning
    /// without its preset — or reported only for the first of several — would not say which.
    /// A thread's own setting, as the warnings come from deep in drawing (a font that lacks a
    /// character) where nothing else knows the job; the render stage sets it on its threads.
    public static func about<Result, Failure: Error>(
        _ subject: String?, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let subject else { return try body() }
        let values = Thread.current.threadDictionary
        let previous = values[subjectKey]
        values[subjectKey] = subject
        defer { values[subjectKey] = previous }
        return try body()
    }

    /// The subject set on this thread, if any.
    private static var subject: String? {
        Thread.current.threadDictionary[subjectKey] as? String
    }

    private static let subjectKey = "flipbook.warnings.subject"

    /// Sends every warning reported from now on to `handler` (on the reporting thread).
    public static func setHandler(_ handler: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// Whether `message` has been reported.
    public static func wasReported(_ message: String) -> Bool {
        state.withLock { $0.reported.contains(message) }
    }

    /// Every warning reported so far.
    public static var reported: Set<String> {
        state.withLock { $0.reported }
    }
}
