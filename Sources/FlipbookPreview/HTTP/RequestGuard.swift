/// The check every request passes before the studio answers it: the `Host` it names must be
/// the server's own. A page on another site that makes its name resolve to 127.0.0.1 (DNS
/// rebinding) can reach the port, but its requests name that site, and are refused.
package struct RequestGuard: Sendable {
    /// `host:port` spellings a request may name: the loopback names, and the address the server
    /// was told to listen on.
    package let allowedHosts: Set<String>

    package init(address: String, port: Int) {
        var hosts: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        hosts.insert(address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)")
        allowedHosts = hosts
    }

    /// `nil` when `request` may be answered, else the refusal.
    package func refusal(of request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.headers["host"] else {
            return .text("a Host header is required", status: 400)
        }
        guard allowedHosts.contains(host.lowercased()) else {
            return .text(
                "this server answers only to \(allowedHosts.sorted().joined(separator: ", "))", status: 403)
        }
        return nil
    }
}
