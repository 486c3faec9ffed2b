import FlipbookGeometry
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A folder whose files the server may send: the preset's own (the pictures and sounds it
/// uses), or the output folder (exports). A request names a file by a relative path; it is
/// sent only when it is a regular file that really lies inside the folder — no `..` or `.`
/// step, no absolute path, no hidden name, and no symbolic link that leads out (the path is
/// resolved as the file system resolves it, `RealPath`, and must stay inside).
package struct ServedFolder: Sendable {
    /// The folder, resolved.
    package let root: String

    /// The folder at `path`; `nil` when it does not exist.
    package init?(_ path: String) {
        guard let resolved = RealPath.of(path) else { return nil }
        root = resolved
    }

    /// Why a path was not served.
    package enum Refusal: Error, Equatable {
        /// The path is not one this folder serves (what would be outside, hidden or malformed).
        case forbidden
        /// Nothing is there.
        case missing
    }

    /// The file at `relative`, opened for reading, and its size.
    package func open(_ relative: String) -> Result<(descriptor: Int32, size: Int), Refusal> {
        let steps = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.isEmpty, !relative.contains("\0"), !relative.contains("\\"),
            steps.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") })
        else { return .failure(.forbidden) }
        guard let resolved = RealPath.of(root + "/" + relative) else { return .failure(.missing) }
        guard RealPath.lies(resolved, in: root), resolved != root else { return .failure(.forbidden) }
        let descriptor = Glibc.open(resolved, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.missing) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .failure(.forbidden)
        }
        return .success((descriptor, Int(status.st_size)))
    }

    /// The response for the file at `relative`: its bytes with their type, 403 or 404.
    package func response(for relative: String) -> HTTPResponse {
        switch open(relative) {
        case .success(let file):
            return HTTPResponse(
                status: 200, headers: [("Content-Type", Self.contentType(of: relative))],
                body: .file(descriptor: file.descriptor, size: file.size))
        case .failure(.forbidden):
            return .text("not served: \(relative)", status: 403)
        case .failure(.missing):
            return .text("no such file: \(relative)", status: 404)
        }
    }

    /// The content type a browser needs for a file of this name.
    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "mp4", "m4v": "video/mp4"
        case "webm": "video/webm"
        case "mov": "video/quicktime"
        case "mkv": "video/x-matroska"
        case "gif": "image/gif"
        case "png", "apng": "image/png"
        case "webp": "image/webp"
        case "jpg", "jpeg": "image/jpeg"
        case "svg": "image/svg+xml"
        case "json": "application/json"
        case "wav": "audio/wav"
        case "mp3": "audio/mpeg"
        case "flac": "audio/flac"
        case "vtt": "text/vtt"
        default: "application/octet-stream"
        }
    }
}
