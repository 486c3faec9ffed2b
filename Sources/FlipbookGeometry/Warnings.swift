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

    /// Reports `message` unless it was reported before; returns whether it was new.
    @discardableResult
    public static func report(_ message: String) -> Bool {
        let handler = state.withLock { state -> (@Sendable (String) -> Void)? in
            state.reported.insert(message).inserted ? state.handler : nil
        }
        handler?(message)
        return handler != nil
    }

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
