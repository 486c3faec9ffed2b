import Foundation

/// An output file — or a new folder of files — that appears complete or not at all.
///
/// Everything is written to a hidden temporary file (or folder) in the same folder as the
/// destination (so the final `rename(2)` is atomic and never copies), which `commit()` renames
/// into place or `discard()` deletes. A reader of the destination never sees a half-written
/// file. Creating one first removes the temporary files that killed processes left in that
/// folder (`PartialName`).
public struct AtomicOutput: Sendable {
    public let destination: URL
    public let temporary: URL
    public let isFolder: Bool

    /// Creates the (empty) temporary file or folder, proving that the destination's folder is
    /// writable before any rendering starts.
    /// - Parameters:
    ///   - folder: where the temporary goes; by default the destination's own folder.
    /// - Throws: `ExportError.outputNotWritable` naming the destination and the system's reason.
    public init(destination: URL, isFolder: Bool = false, temporaryIn folder: URL? = nil) throws(ExportError)
    {
        self.destination = destination
        self.isFolder = isFolder
        let folder = folder ?? destination.deletingLastPathComponent()
        PartialName.removeAbandoned(in: folder)
        temporary = folder.appendingPathComponent(PartialName.make(for: destination.lastPathComponent))
        if !isFolder {
            // Only a regular file (or a link, which the rename replaces) is ever replaced: never a
            // folder, and never a device or FIFO (`-o /dev/null --format h264` as root would
            // otherwise put a file in place of /dev/null).
            var status = stat()
            if lstat(destination.path, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFREG, S_IFLNK: break
                case S_IFDIR: throw .outputNotWritable(path: destination.path, reason: "it is a folder")
                default:
                    throw .outputNotWritable(
                        path: destination.path, reason: "it is a device, FIFO or socket, not a regular file")
                }
            }
        }
        if isFolder {
            guard mkdir(temporary.path, 0o755) == 0 else {
                throw .outputNotWritable(path: destination.path, reason: Self.systemReason())
            }
        } else {
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .outputNotWritable(path: destination.path, reason: Self.systemReason())
            }
            close(descriptor)
        }
        TemporaryFiles.register(temporary.path)
    }

    /// Moves the finished temporary file into place, replacing an older file there (a folder
    /// only takes the place of nothing: `SequenceOutput` merges into existing ones).
    public func commit() throws(ExportError) {
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = Self.systemReason()
            discard()
            throw .outputNotWritable(path: destination.path, reason: reason)
        }
        TemporaryFiles.unregister(temporary.path)
    }

    /// Deletes the temporary file or folder (nothing happens if it is already gone).
    public func discard() {
        try? FileManager.default.removeItem(atPath: temporary.path)
        TemporaryFiles.unregister(temporary.path)
    }

    static func systemReason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
