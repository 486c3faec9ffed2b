import Foundation

/// What the server answers: a status, headers, and a body that is bytes, a file or a stream of
/// server-sent events.
package struct HTTPResponse: Sendable {
    package enum Body: Sendable {
        case bytes(Data)
        /// A file opened for reading, sent from its descriptor (which the server closes), so an
        /// exported video is never read into memory.
        case file(descriptor: Int32, size: Int)
        /// Events as they come, until the stream ends (`EventStream.Subscriber.next`).
        case events(EventStream.Subscriber)
    }

    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: Body

    package init(status: Int, headers: [(name: String, value: String)] = [], body: Body) {
        (self.status, self.headers, self.body) = (status, headers, body)
    }

    /// `data` with its content type.
    package static func data(_ data: Data, type: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: .bytes(data))
    }

    /// `text` as plain text: the errors the server answers with.
    package static func text(_ text: String, status: Int) -> HTTPResponse {
        data(Data((text + "\n").utf8), type: "text/plain; charset=utf-8", status: status)
    }

    /// `value` as JSON.
    package static func json(_ value: Any, status: Int = 200) -> HTTPResponse {
        let data =
            (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]))
            ?? Data("null".utf8)
        return Self.data(data, type: "application/json", status: status)
    }

    /// 204: nothing to send (a frame request a newer one superseded).
    package static let noContent = HTTPResponse(status: 204, body: .bytes(Data()))
}
