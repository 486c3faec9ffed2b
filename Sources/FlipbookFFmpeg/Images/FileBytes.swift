import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Bytes written to a file in place, with no temporary file of their own.
///
/// Foundation's `FileManager.createFile(atPath:contents:)` writes to a hidden `.dat.nosync…`
/// file beside the path and renames it; a process that exits part-way (a signal's exit, which
/// deletes the temporary files Flipbook knows of, `TemporaryFiles`) leaves that one behind.
/// Callers here already write to `AtomicOutput`'s temporary, so a second one only leaks.
package enum FileBytes {
    /// Writes `data` at `path`, created or truncated.
    /// - Throws: `MediaError` with the system's error (`-errno` as its code: ENOSPC and EFBIG
    ///   tell a full disk).
    package static func write(_ data: Data, to path: String) throws(MediaError) {
        func failure() -> MediaError {
            MediaError(
                operation: "write \(path)", code: -errno,
                message: String(cString: strerror(errno)).lowercased())
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var problem: MediaError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let count = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    problem = failure()
                    return
                }
                offset += count
            }
        }
        if let problem { throw problem }
    }
}
