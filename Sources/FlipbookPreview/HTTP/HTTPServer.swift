import CMicroHTTPD
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP server inside the process: libmicrohttpd's daemon, one thread per connection (a
/// handler may block: a frame renders on its connection's thread, an event stream waits on
/// its own), calling `handle` for every request with its whole body. libmicrohttpd parses the
/// requests and holds them to `Limits` (header memory, body size, connections); the handler
/// only answers.
package final class HTTPServer: Sendable {
    /// What one connection, and all of them together, may take.
    package struct Limits: Sendable {
        /// Connections open at once (each is a thread): the page's own few, parallel frame
        /// requests of several shapes, the event stream, with room to spare.
        package var connections = 64
        /// A connection's memory, which its request line and headers must fit: 32 KiB, four
        /// times what browsers send at most, so an oversized header is answered 431.
        package var connectionBytes = 32 << 10
        /// The largest request body: the studio's bodies are a few variables or an export's
        /// format, far below 64 KiB.
        package var bodyBytes = 64 << 10
        /// Seconds an idle connection stays open.
        package var timeoutSeconds = 30

        package init() {}
    }

    /// The handler and the daemon's context pointer: retained for the server's life.
    private final class Handler: Sendable {
        let handle: @Sendable (HTTPRequest) -> HTTPResponse
        /// The host check, set once the port is known (until then every request is refused).
        let guardian = Mutex<RequestGuard?>(nil)
        init(_ handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.handle = handle }

        func answer(_ request: HTTPRequest) -> HTTPResponse {
            guard let guardian = guardian.withLock({ $0 }) else {
                return .text("starting", status: 503)
            }
            return guardian.refusal(of: request) ?? handle(request)
        }
    }

    /// Why the server did not start.
    package struct StartError: Error, CustomStringConvertible {
        package var description: String
    }

    /// The port the server listens on (the one the system chose, when asked for port 0).
    package let port: Int
    private let daemon: Mutex<OpaquePointer?>
    private let handler: Unmanaged<Handler>

    /// Starts listening on `address` (numeric, IPv4 or IPv6) and `port` (0 for any free one).
    package init(
        address: String, port: Int, limits: Limits = Limits(),
        handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws(StartError) {
        let handler = Unmanaged.passRetained(Handler(handle))
        let cLimits = flipbook_http_limits(
            connections: UInt32(limits.connections), connection_memory: limits.connectionBytes,
            body: limits.bodyBytes, timeout_seconds: UInt32(limits.timeoutSeconds))
        guard
            let started = flipbook_http_start(
                address, UInt16(clamping: port), cLimits,
                { context, request in
                    guard let context, let request else { return .NO }
                    let handler = Unmanaged<Handler>.fromOpaque(context).takeUnretainedValue()
                    let response = handler.answer(HTTPRequest(request.pointee))
                    return HTTPServer.queue(response, on: request.pointee.connection)
                }, handler.toOpaque())
        else {
            let reason = String(cString: strerror(errno))
            handler.release()
            throw StartError(description: "cannot listen on \(address) port \(port): \(reason)")
        }
        self.handler = handler
        self.port = Int(flipbook_http_port(started))
        daemon = Mutex(started)
        let guardian = RequestGuard(address: address, port: self.port)
        handler.takeUnretainedValue().guardian.withLock { $0 = guardian }
    }

    /// Stops listening and waits for every connection's thread to finish (their event streams
    /// must have been closed first, or they wait for their next heartbeat).
    package func stop() {
        guard
            let running = daemon.withLock({ daemon in
                defer { daemon = nil }
                return daemon
            })
        else { return }
        MHD_stop_daemon(running)
        handler.release()
    }

    /// Queues `response` on `connection`.
    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer?) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let data):
            made = data.withUnsafeBytes { flipbook_http_buffer_response($0.baseAddress, $0.count) }
        case .file(let descriptor, let size):
            made = MHD_create_response_from_fd(Int(size), descriptor)
        case .events(let subscriber):
            let context = Unmanaged.passRetained(subscriber).toOpaque()
            made = MHD_create_response_from_callback(
                UInt64.max, 4096,
                { context, _, buffer, limit in
                    guard let context, let buffer else { return -1 }
                    let subscriber = Unmanaged<EventStream.Subscriber>.fromOpaque(context)
                        .takeUnretainedValue()
                    guard let data = subscriber.next(limit: limit), !data.isEmpty else { return -1 }
                    data.copyBytes(
                        to: UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
                        count: data.count)
                    return data.count
                }, context,
                { context in
                    guard let context else { return }
                    let subscriber = Unmanaged<EventStream.Subscriber>.fromOpaque(context)
                    subscriber.takeUnretainedValue().end()
                    subscriber.release()
                })
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for header in response.headers {
            _ = MHD_add_response_header(made, header.name, header.value)
        }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}
