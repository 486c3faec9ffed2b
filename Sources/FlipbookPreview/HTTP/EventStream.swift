import Dispatch
import Foundation
import Synchronization

/// Server-sent events (`text/event-stream`): what the studio tells every open page — the
/// document reloaded, its problems, an export's progress. Each page holds one `Subscriber`,
/// read by libmicrohttpd's thread for that connection, which waits in `next` until an event
/// comes; `publish` may be called from any thread.
package final class EventStream: Sendable {
    /// One page's queue of events not yet sent.
    package final class Subscriber: Sendable {
        private struct Queue {
            var pending = Data()
            var closed = false
        }

        private let queue = Mutex(Queue())
        private let arrived = DispatchSemaphore(value: 0)
        /// How long `next` waits before sending a comment, which keeps the connection from
        /// looking idle to the server's timeout and tells a page that went away (the write fails).
        private let heartbeatSeconds: Double
        /// The stream it is subscribed to, until it `end`s.
        private let stream: EventStream

        init(stream: EventStream, heartbeatSeconds: Double) {
            (self.stream, self.heartbeatSeconds) = (stream, heartbeatSeconds)
        }

        /// Unsubscribes: the connection that read it has ended.
        package func end() { stream.unsubscribe(self) }

        func append(_ bytes: Data) {
            queue.withLock { $0.pending.append(bytes) }
            arrived.signal()
        }

        func close() {
            queue.withLock { $0.closed = true }
            arrived.signal()
        }

        /// At most `limit` bytes of the events that came (waiting for one), a heartbeat comment
        /// after a quiet `heartbeatSeconds`, or `nil` once the stream is closed.
        package func next(limit: Int) -> Data? {
            while true {
                let taken: Data?? = queue.withLock { queue in
                    if !queue.pending.isEmpty {
                        let part = queue.pending.prefix(limit)
                        queue.pending.removeFirst(part.count)
                        return .some(Data(part))
                    }
                    return queue.closed ? .some(nil) : nil
                }
                if let taken { return taken }
                if arrived.wait(timeout: .now() + heartbeatSeconds) == .timedOut {
                    return Data(":\n\n".utf8)
                }
            }
        }
    }

    private struct State {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        var closed = false
    }

    private let state = Mutex(State())
    private let heartbeatSeconds: Double

    package init(heartbeatSeconds: Double = 10) {
        self.heartbeatSeconds = heartbeatSeconds
    }

    /// A new subscriber, which gets `first` (the state as it is) and every event after it.
    package func subscribe(first: [(name: String, data: Any)] = []) -> Subscriber {
        let subscriber = Subscriber(stream: self, heartbeatSeconds: heartbeatSeconds)
        for event in first { subscriber.append(Self.encode(event.name, event.data)) }
        let closed = state.withLock { state in
            if !state.closed { state.subscribers[ObjectIdentifier(subscriber)] = subscriber }
            return state.closed
        }
        if closed { subscriber.close() }
        return subscriber
    }

    /// Stops sending to `subscriber` (its page went away).
    package func unsubscribe(_ subscriber: Subscriber) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: ObjectIdentifier(subscriber)) }
        subscriber.close()
    }

    /// Sends the event `name` with `data` (as JSON) to every subscriber.
    package func publish(_ name: String, _ data: Any) {
        let bytes = Self.encode(name, data)
        for subscriber in state.withLock({ Array($0.subscribers.values) }) { subscriber.append(bytes) }
    }

    /// Ends every stream, now and for subscribers to come: the server is stopping.
    package func close() {
        let subscribers = state.withLock { state in
            state.closed = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.close() }
    }

    /// One event as the stream writes it: `event: NAME`, `data: JSON`, a blank line. JSON
    /// never holds a raw line break, so the data is one line.
    static func encode(_ name: String, _ data: Any) -> Data {
        let json =
            (try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys, .fragmentsAllowed]))
            ?? Data("null".utf8)
        return Data("event: \(name)\ndata: ".utf8) + json + Data("\n\n".utf8)
    }
}
