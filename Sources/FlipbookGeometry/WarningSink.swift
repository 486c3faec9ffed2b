import Foundation
import Synchronization

/// Where the warnings of one piece of work go — a font family that is not installed, a scene
/// that draws differently each time: a render went on, but not as written. Each sink reports a
/// warning (a `Warning`: its class, its JSON path, what is wrong) once, to its handler (by
/// default standard error, as `flipbook: warning: …`, the way SwiftUI logs to the console); the
/// command line hands its progress reporter's, so that `--progress json` gets them as events, and
/// `--strict` its own, which makes each an error.
///
/// A sink is given to the work it watches — `VideoExport.warnings`, `receiving(_:)` around a
/// decode — and not kept by the process: two renders (or two tests) at once each see their own
/// warnings, and nothing one reports is lost in, or deduplicated against, the other's. Code deep
/// in drawing (a font that lacks a character, an image catalog without the name) reports to
/// `current`, the sink the thread is working for: the render stage sets it on its workers, and a
/// composition sets it `at` the path of each layer it draws, so that what is reported while the
/// layer is drawn points at the layer.
public struct WarningSink: Sendable {
    /// What a sink and the sinks made from it by `about(_:)` and `at(_:)` share: the warnings
    /// reported so far, in order, each once.
    private final class Log: Sendable {
        let reported = Mutex<(seen: Set<Warning>, list: [Warning])>(([], []))
        let handler: @Sendable (Warning) -> Void

        init(handler: @escaping @Sendable (Warning) -> Void) { self.handler = handler }
    }

    private let log: Log
    /// What the warnings are about (`"promo.json [de]"`), said before each one.
    public let subject: String?
    /// The JSON path of the part being worked on (the layer being drawn), given to the warnings
    /// reported without a path of their own.
    public let path: String?

    /// A sink that sends each new warning to `handler`, on the reporting thread.
    public init(handler: @escaping @Sendable (Warning) -> Void) {
        (log, subject, path) = (Log(handler: handler), nil, nil)
    }

    private init(log: Log, subject: String?, path: String?) {
        (self.log, self.subject, self.path) = (log, subject, path)
    }

    /// A sink writing `flipbook: warning: …` lines to standard error.
    public static func standardError() -> WarningSink {
        WarningSink { FileHandle.standardError.write(Data("flipbook: warning: \($0)\n".utf8)) }
    }

    /// A sink that keeps its warnings to itself (`reported`) and says nothing: for a reading
    /// made only to decide something, whose warnings the real reading will give.
    public static func discarding() -> WarningSink {
        WarningSink { _ in }
    }

    /// This sink, with its warnings said to be about `subject` (`"promo.json [de]: …"`) and
    /// told apart from the same warning about another subject: a batch renders many presets in
    /// one process, some at once, and a warning without its preset — or reported only for the
    /// first of several — would not say which. `nil` keeps the sink as it is.
    public func about(_ subject: String?) -> WarningSink {
        subject.map { WarningSink(log: log, subject: $0, path: path) } ?? self
    }

    /// This sink, giving the warnings reported without a path `path` (the layer being drawn);
    /// `nil` or an empty path (a layer made in code) keeps the sink as it is.
    public func at(_ path: String?) -> WarningSink {
        guard let path, !path.isEmpty else { return self }
        return WarningSink(log: log, subject: subject, path: path)
    }

    /// Reports a warning of `warningClass` about `path` (by default the sink's) unless this sink
    /// (or one made from it) reported the same before; returns whether it was new.
    @discardableResult
    public func report(_ warningClass: WarningClass, at path: String? = nil, _ message: String) -> Bool {
        let warning = Warning(warningClass, at: path ?? self.path, message, subject: subject)
        let new = log.reported.withLock { reported in
            guard reported.seen.insert(warning).inserted else { return false }
            reported.list.append(warning)
            return true
        }
        if new { log.handler(warning) }
        return new
    }

    /// Whether a warning saying `message` has been reported.
    public func wasReported(_ message: String) -> Bool {
        reported.contains { $0.message == message }
    }

    /// Every warning reported so far, in the order they were.
    public var reported: [Warning] {
        log.reported.withLock { $0.list }
    }

    /// Runs `body` with this sink as the thread's `current`: what the code it calls reports,
    /// however deep, comes here.
    public func receiving<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        let values = Thread.current.threadDictionary
        let previous = values[Self.currentKey]
        values[Self.currentKey] = Box(self)
        defer { values[Self.currentKey] = previous }
        return try body()
    }

    /// The sink this thread works for (`receiving(_:)`), or the process's standard-error sink
    /// for work nothing watches.
    public static var current: WarningSink {
        (Thread.current.threadDictionary[currentKey] as? Box)?.sink ?? unwatched
    }

    /// Where warnings go from work that no sink was given to.
    private static let unwatched = standardError()

    private static let currentKey = "flipbook.warnings.sink"

    /// A sink as a thread dictionary holds it (an object).
    private final class Box {
        let sink: WarningSink
        init(_ sink: WarningSink) { self.sink = sink }
    }
}
