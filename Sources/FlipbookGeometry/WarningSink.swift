import Foundation
import Synchronization

/// Where the warnings of one piece of work go — a font family that is not installed, a scene
/// that draws differently each time: a render went on, but not as written. Each sink reports a
/// warning once, to its handler (by default standard error, as `flipbook: warning: …`, the way
/// SwiftUI logs to the console); the command line hands its progress reporter's, so that
/// `--progress json` gets them as events.
///
/// A sink is given to the work it watches — `VideoExport.warnings`, `receiving(_:)` around a
/// decode — and not kept by the process: two renders (or two tests) at once each see their own
/// warnings, and nothing one reports is lost in, or deduplicated against, the other's. Code deep
/// in drawing (a font that lacks a character, an image catalog without the name) reports to
/// `current`, the sink the thread is working for: the render stage sets it on its workers.
public struct WarningSink: Sendable {
    /// What a sink and the sinks made from it by `about(_:)` share.
    private final class Log: Sendable {
        let reported = Mutex<Set<String>>([])
        let handler: @Sendable (String) -> Void

        init(handler: @escaping @Sendable (String) -> Void) { self.handler = handler }
    }

    private let log: Log
    /// What the warnings are about (`"promo.json [de]"`), said before each one.
    public let subject: String?

    /// A sink that sends each new warning to `handler`, on the reporting thread.
    public init(handler: @escaping @Sendable (String) -> Void) {
        (log, subject) = (Log(handler: handler), nil)
    }

    private init(log: Log, subject: String?) {
        (self.log, self.subject) = (log, subject)
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
        subject.map { WarningSink(log: log, subject: $0) } ?? self
    }

    /// Reports `message` unless this sink (or one made from it) reported it before; returns
    /// whether it was new.
    @discardableResult
    public func report(_ message: String) -> Bool {
        let message = subject.map { "\($0): \(message)" } ?? message
        guard log.reported.withLock({ $0.insert(message).inserted }) else { return false }
        log.handler(message)
        return true
    }

    /// Whether `message` (with its subject, if any) has been reported.
    public func wasReported(_ message: String) -> Bool {
        log.reported.withLock { $0.contains(message) }
    }

    /// Every warning reported so far.
    public var reported: Set<String> {
        log.reported.withLock { $0 }
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
