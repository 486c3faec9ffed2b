import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP/1.1 spoken over a plain socket to 127.0.0.1, byte for byte as written: a test must send
/// what a URL library would clean up first (`..` steps, a foreign or missing `Host`, headers
/// and bodies past the server's limits).
enum RawHTTP {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends `request` (the whole text, line breaks included) plus `body` to `port` and reads the
    /// reply until the server closes; `nil` when the server closed without a status line.
    static func send(_ request: String, body: Data = Data(), port: Int, timeoutSeconds: Int = 20) throws
        -> Reply?
    {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port)") }
        let bytes = Data(request.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            // The server may answer and close before reading everything (a body it refuses).
            if wrote <= 0 { break }
            sent += wrote
        }
        shutdown(socket, Int32(SHUT_WR))
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            reply.append(contentsOf: buffer[0..<count])
        }
        return parse(reply)
    }

    /// A GET of `path` naming `host` (`nil`: no Host header), closing after the reply.
    static func get(_ path: String, port: Int, host: String? = nil) throws -> Reply? {
        let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
        return try send("GET \(path) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n", port: port)
    }

    /// A POST of `body` to `path`, naming the server's own `host`, closing after the reply.
    static func post(_ path: String, body: Data, port: Int, host: String) throws -> Reply? {
        try send(
            "POST \(path) HTTP/1.1\r\nHost: \(host)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n",
            body: body, port: port)
    }

    private static func parse(_ data: Data) -> Reply? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, statusLine.hasPrefix("HTTP/1."),
            let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Reply(status: status, headers: headers, body: Data(data[end.upperBound...]))
    }
}
