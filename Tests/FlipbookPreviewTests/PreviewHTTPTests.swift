import FlipbookTestSupport
import Foundation
import Synchronization
import Testing

/// `flipbook preview`'s server, from outside the browser: what it must serve it serves, and what
/// it must not — files outside the preset's folder by any spelling, requests naming another
/// host, headers and bodies past its limits — it refuses without leaking a byte or falling over,
/// also under many requests at once; Ctrl-C stops it with exit 130. One server for all of it.
@Test func thePreviewServesItsFolderAndRefusesEverythingElse() throws {
    let server = try PreviewServer(extraArguments: [
        "--variables", RepositoryPaths.path("presets/launch-variants.csv"),
    ])
    let port = server.port
    let host = "127.0.0.1:\(port)"
    let secret = "the contents of a file outside the preset's folder"
    let outside = TemporaryDirectory("flipbook-preview-outside")
    let secretPath = try outside.write(secret, to: "secret.txt")
    let folder = server.folder.url.path
    try FileManager.default.createSymbolicLink(
        atPath: "\(folder)/assets/leak.txt", withDestinationPath: secretPath)
    try FileManager.default.createSymbolicLink(
        atPath: "\(folder)/assets/away", withDestinationPath: outside.url.path)
    try "inside".write(toFile: "\(folder)/assets/inside.txt", atomically: true, encoding: .utf8)

    // What it serves: the page, the document, a file of the preset's folder (so the refusals
    // below are refusals, not a route that never answers).
    let page = try #require(try RawHTTP.get("/", port: port, host: host))
    #expect(page.status == 200)
    #expect(String(decoding: page.body, as: UTF8.self).contains("<script src=\"/studio.js\""))
    #expect(page.headers["content-security-policy"]?.contains("default-src 'self'") == true)
    let document = try #require(try RawHTTP.get("/api/document", port: port, host: host))
    #expect(document.status == 200)
    let summary = try #require(try JSONSerialization.jsonObject(with: document.body) as? [String: Any])
    #expect(summary["frameCount"] as? Int == 90)
    // 960 × 540 is the preset's and 16:9; then 9:16 and 1:1.
    #expect((summary["shapes"] as? [[String: Any]])?.map { $0["width"] as? Int ?? 0 } == [960, 540, 540])
    let inside = try #require(try RawHTTP.get("/files/assets/inside.txt", port: port, host: host))
    #expect(inside.status == 200 && String(decoding: inside.body, as: UTF8.self) == "inside")

    // Path traversal: `..` as written, percent-encoded, mixed, doubled slashes, absolute paths,
    // hidden names and symbolic links that lead out; none answers with the secret.
    let escapes = [
        "/files/../\(secretPath)", "/files/assets/../../secret.txt", "/files/%2e%2e/%2e%2e\(secretPath)",
        "/files/%2E%2E%2Fsecret.txt", "/files/assets/..%2f..%2fsecret.txt", "/files//\(secretPath)",
        "/files/\(secretPath)", "/files/assets/leak.txt", "/files/assets/away/secret.txt", "/files/.%2e/x",
        "/files/assets/%00inside.txt", "/exports/../launch.json", "/../launch.json", "/files/",
        "/files/assets", "/files/.hidden",
    ]
    for path in escapes {
        let reply = try RawHTTP.get(path, port: port, host: host)
        #expect(
            reply.map { [400, 403, 404].contains($0.status) } ?? true,
            "\(path) was answered \(reply?.status ?? 0)")
        #expect(
            !(reply.map { String(decoding: $0.body, as: UTF8.self).contains(secret) } ?? false),
            "\(path) leaked")
    }

    // DNS rebinding: a request naming another host (or none) is refused, whatever it asks for.
    for foreign in ["evil.example:\(port)", "evil.example", "127.0.0.1.evil.example:\(port)", "localhost:1"] {
        let reply = try #require(try RawHTTP.get("/api/document", port: port, host: foreign))
        #expect(reply.status == 403, "Host: \(foreign) was answered \(reply.status)")
        #expect(!String(decoding: reply.body, as: UTF8.self).contains("frameCount"))
    }
    let hostless = try #require(try RawHTTP.send("GET /api/document HTTP/1.0\r\n\r\n", port: port))
    #expect(hostless.status == 400)
    let localhost = try #require(try RawHTTP.get("/api/document", port: port, host: "localhost:\(port)"))
    #expect(localhost.status == 200)

    // Oversized headers are refused by the server's connection memory; an oversized body by its
    // length or as it arrives (chunked); a body within the limit but not what the route takes is
    // a clear 400.
    let bigHeader = "X-Filler: " + String(repeating: "a", count: 100_000) + "\r\n"
    let headerReply = try RawHTTP.send(
        "GET /api/document HTTP/1.1\r\nHost: \(host)\r\n\(bigHeader)Connection: close\r\n\r\n", port: port)
    #expect(headerReply.map { [400, 413, 431].contains($0.status) } ?? true)
    let bigBody = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
    let bodyReply = try #require(try RawHTTP.post("/api/variables", body: bigBody, port: port, host: host))
    #expect(bodyReply.status == 413)
    var chunked = Data()
    for _ in 0..<40 {
        chunked += Data("1000\r\n".utf8) + Data(repeating: 0x61, count: 4096) + Data("\r\n".utf8)
    }
    chunked += Data("0\r\n\r\n".utf8)
    let chunkedReply = try #require(
        try RawHTTP.send(
            "POST /api/variables HTTP/1.1\r\nHost: \(host)\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
            body: chunked, port: port))
    #expect(chunkedReply.status == 413)
    let wrongBody = try #require(
        try RawHTTP.post("/api/variables", body: Data("hello".utf8), port: port, host: host))
    #expect(wrongBody.status == 400)
    let unknownVariable = Data(#"{"nope": "x"}"#.utf8)
    let unknownReply = try #require(
        try RawHTTP.post("/api/variables", body: unknownVariable, port: port, host: host))
    #expect(unknownReply.status == 400)
    #expect(String(decoding: unknownReply.body, as: UTF8.self).contains("headline"))

    // A row of the variables table puts its values into the form, as `batch --variables` renders it.
    let rows = summary["rows"] as? [[String: Any]] ?? []
    #expect(rows.map { $0["id"] as? String ?? "" }.prefix(2) == ["en", "de"])
    let pick = Data(#"{"id": "de"}"#.utf8)
    let picked = try #require(try RawHTTP.post("/api/row", body: pick, port: port, host: host))
    #expect(picked.status == 200)
    let answer = try JSONSerialization.jsonObject(with: picked.body) as? [String: Any]
    #expect((answer?["problems"] as? [Any])?.isEmpty == true, "\(answer ?? [:])")
    let reread = try #require(try RawHTTP.get("/api/document", port: port, host: host))
    let variables = (try JSONSerialization.jsonObject(with: reread.body) as? [String: Any])?["variables"]
    let headline = (variables as? [[String: Any]])?.first { $0["name"] as? String == "headline" }
    #expect(headline?["value"] as? String == "Endlich ist es da")

    // Many requests at once — frames of every shape, the document, files — are each answered
    // (a frame superseded by a newer one of its shape as 204), and the server is well after.
    let statuses = ParallelStatuses()
    DispatchQueue.concurrentPerform(iterations: 48) { index in
        let path =
            switch index % 3 {
            case 0: "/api/frame?shape=\(index / 3 % 3)&frame=\(index)&width=64"
            case 1: "/api/document"
            default: "/files/assets/inside.txt"
            }
        statuses.add((try? RawHTTP.get(path, port: port, host: host))?.status ?? 0)
    }
    #expect(statuses.all.count == 48)
    #expect(statuses.all.allSatisfy { $0 == 200 || $0 == 204 }, "\(statuses.all)")
    #expect(statuses.all.filter { $0 == 200 }.count >= 32)
    let after = try #require(try RawHTTP.get("/api/frame?shape=0&frame=10&width=96", port: port, host: host))
    #expect(after.status == 200)
    #expect(after.headers["x-frame-width"] == "96" && after.headers["x-frame-height"] == "54")
    #expect(after.body.count == 96 * 54 * 4)

    let ended = server.stop()
    #expect(ended.status == 130)
    #expect(ended.standardError.contains("interrupted"))
}

/// Statuses collected from many threads.
private final class ParallelStatuses: Sendable {
    private let statuses = Mutex<[Int]>([])

    func add(_ status: Int) { statuses.withLock { $0.append(status) } }
    var all: [Int] { statuses.withLock { $0 } }
}

/// `--host` with anything but a numeric address is a usage error, and a non-loopback address
/// listens with a warning that says others can reach it.
@Test func previewHostMustBeAnAddressAndWarnsBeyondLoopback() throws {
    let preset = RepositoryPaths.path("presets/launch.json")
    let named = try CommandRunner().run(["preview", preset, "--host", "example.com", "--port", "0"])
    #expect(named.status == 64)
    #expect(named.standardError.contains("--host expects a numeric"))
    let wide = try CommandRunner().start(["preview", preset, "--host", "0.0.0.0", "--port", "0"])
    #expect(wide.waitForOutputLine(containing: "flipbook preview: http://"))
    wide.interrupt()
    let result = wide.wait()
    #expect(result.status == 130)
    #expect(
        result.standardError.contains("warning: listening on 0.0.0.0: other machines can reach the studio"))
}

/// The folder exports go to (`-o`) is checked before the server starts: a file in its place, or
/// on its way, is refused (73) as a render's output folder is, instead of failing each export.
@Test(arguments: ["notes.txt", "notes.txt/renders"])
func previewRefusesAnExportFolderThatIsAFile(output: String) throws {
    let folder = TemporaryDirectory()
    let preset = try folder.write(
        #"{"scene": "triangle", "width": 64, "height": 36, "fps": 20, "duration": 0.15}"#, to: "p.json")
    _ = try folder.write("notes", to: "notes.txt")
    let preview = try CommandRunner().start(["preview", preset, "--port", "0", "-o", folder.path(output)])
    if preview.waitForOutputLine(containing: "flipbook preview: http://") { preview.interrupt() }
    let result = preview.wait()
    #expect(result.status == 73, "\(result.standardError)")
    #expect(result.standardError.contains("notes.txt is a file, not a directory"), "\(result.standardError)")
    #expect(folder.contents() == ["notes.txt", "p.json"])
}
