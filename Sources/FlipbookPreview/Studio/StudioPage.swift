import Foundation

/// The page itself: plain HTML, CSS and JavaScript from `Page/`, compiled into the module
/// (SwiftPM's `embedInCode`), so the binary serves it with nothing to find on disk, no build
/// step and nothing from the network.
enum StudioPage {
    /// The page's files by name, with their content types.
    static let files: [String: (bytes: [UInt8], type: String)] = [
        "studio.html": (PackageResources.studio_html, "text/html; charset=utf-8"),
        "studio.css": (PackageResources.studio_css, "text/css; charset=utf-8"),
        "studio.js": (PackageResources.studio_js, "text/javascript; charset=utf-8"),
    ]

    /// What the page may load: its own files and what the studio serves, nothing from elsewhere
    /// (a page that loads nothing foreign cannot leak what it shows).
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self'; "
        + "script-src 'self'; connect-src 'self'; frame-ancestors 'none'"

    static func response(for name: String) -> HTTPResponse {
        guard let file = files[name] else { return .text("not found: \(name)", status: 404) }
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", file.type), ("Cache-Control", "no-store"),
                ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
            ], body: .bytes(Data(file.bytes)))
    }
}
