import CMicroHTTPD
import Foundation

/// One request the server received, read out of libmicrohttpd's connection before the handler
/// runs: the method, the path as decoded (`%2e` is already `.`), the query's values, the headers
/// (names in lower case) and the body (held to `HTTPServer.Limits.bodyBytes`).
package struct HTTPRequest: Sendable {
    package var method: String
    package var path: String
    package var query: [String: String]
    package var headers: [String: String]
    package var body: Data

    package init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data = Data()
    ) {
        (self.method, self.path, self.query, self.headers, self.body) = (method, path, query, headers, body)
    }

    /// The request on `connection`, as the shim hands it over.
    init(_ request: flipbook_http_request) {
        method = String(cString: request.method)
        path = String(cString: request.path)
        body = Data(bytes: request.body, count: request.body_length)
        query = Self.values(of: request.connection, kind: .GET_ARGUMENT_KIND, lowercased: false)
        headers = Self.values(of: request.connection, kind: .HEADER_KIND, lowercased: true)
    }

    /// Every value of `kind` on `connection` (the last one of a repeated name).
    private static func values(of connection: OpaquePointer?, kind: MHD_ValueKind, lowercased: Bool)
        -> [String: String]
    {
        final class Collected {
            var values: [String: String] = [:]
            let lowercased: Bool
            init(lowercased: Bool) { self.lowercased = lowercased }
        }
        let collected = Collected(lowercased: lowercased)
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(
                connection, kind,
                { context, _, key, value in
                    guard let context, let key else { return .YES }
                    let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                    let name = String(cString: key)
                    collected.values[collected.lowercased ? name.lowercased() : name] =
                        value.map { String(cString: $0) } ?? ""
                    return .YES
                }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.values
    }

    /// The query value `name` as a whole number, if it is one.
    package func integer(_ name: String) -> Int? { query[name].flatMap { Int($0) } }
}
