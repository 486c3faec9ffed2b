import Foundation

/// An output file that appears complete or not at all.
///
/// Everything is written to a hidden temporary file beside the destination (same folder, so the
/// final `rename(2)` is atomic and never copies), which is renamed into place by `commit()` or
/// deleted by `discard()`. A reader of the destination never sees a half-written file.
public struct AtomicOutput: Sendable {
    public let destination: URL
    public let temporary: URL

    /// Creates the (empty) temporary file, proving that the destination's folder is writable
    /// before any rendering starts.
    /// - Throws: `ExportError.outputNotWritable` naming the path and the system's reason.
    public init(destination: URL) throws(ExportError) {
        self.destination = destination
        let folder = destination.deletingLastPathComponent()
        let name = destination.deletingPathExtension().lastPathComponent
        let suffix = destination.pathExtension.isEmpty ? "" : ".\(destination.pathExtension)"
        temporary = folder.appendingPathComponent(
            ".\(name).partial-\(ProcessInfo.processInfo.processIdentifier)\(suffix)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .outputNotWritable(path: destination.path, reason: Self.systemReason())
        }
        close(descriptor)
        TemporaryFiles.register(temporary.path)
    }

    /// Moves the finished temporary file into place, replacing any older file there.
    public func commit() throws(ExportError) {
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = Self.systemReason()
            discard()
            throw .outputNotWritable(path: destination.path, reason: reason)
        }
        TemporaryFiles.unregister(temporary.path)
    }

    /// Deletes the temporary file (nothing happens if it is already gone).
    public func discard() {
        unlink(temporary.path)
        TemporaryFiles.unregister(temporary.path)
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
