import Foundation

/// An output file — or a new folder of files — that appears complete or not at all.
///
/// Everything is written to a hidden temporary file (or folder) in the same folder as the
/// destination (so the final `rename(2)` is atomic and never copies), which `commit()` renames
/// into place or `discard()` deletes. A reader of the destination never sees a half-written
/// file. Creating one first removes the temporary files that killed processes left in that
/// folder (`PartialName`).
///
/// A destination that is a symbolic link is written through, as `cp` writes: the file it leads
/// to gets the new content and the link stays. Renaming over the link itself would have put a
/// file in the link's place — `-o /dev/stdout` as root replaced the system's `/dev/stdout`.
package struct AtomicOutput: Sendable {
    /// The output as named.
    package let destination: URL
    package let temporary: URL
    package let isFolder: Bool
    /// The file `commit()` replaces: `destination`, or the file a link there leads to.
    private let replaced: URL

    /// Creates the (empty) temporary file or folder, proving that the destination's folder is
    /// writable before any rendering starts.
    /// - Parameters:
    ///   - folder: where the temporary goes; by default the destination's own folder.
    /// - Throws: `ExportError.outputNotWritable` naming the destination and the system's reason.
    package init(destination: URL, isFolder: Bool = false, temporaryIn folder: URL? = nil) throws(ExportError)
    {
        self.destination = destination
        self.isFolder = isFolder
        replaced = isFolder ? destination : try Self.replacedFile(for: destination)
        let folder = folder ?? replaced.deletingLastPathComponent()
        PartialName.removeAbandoned(in: folder)
        temporary = folder.appendingPathComponent(PartialName.make(for: replaced.lastPathComponent))
        if isFolder {
            guard mkdir(temporary.path, 0o755) == 0 else {
                throw .outputNotWritable(path: named, reason: Self.systemReason())
            }
        } else {
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .outputNotWritable(path: named, reason: Self.systemReason())
            }
            close(descriptor)
        }
        TemporaryFiles.register(temporary.path)
    }

    /// Moves the finished temporary file into place, replacing an older file there (a folder
    /// only takes the place of nothing: `SequenceOutput` merges into existing ones).
    /// Refused, leaving the old file, once a signal closed the `CommitGate`.
    package func commit() throws(ExportError) {
        do {
            try CommitGate.admit { () throws(ExportError) in try moveIntoPlace() }
        } catch {
            discard()
            throw error
        }
    }

    /// The rename itself: `commit()` without the gate, for a caller already inside it.
    func moveIntoPlace() throws(ExportError) {
        guard rename(temporary.path, replaced.path) == 0 else {
            throw .outputNotWritable(path: named, reason: Self.systemReason())
        }
        TemporaryFiles.unregister(temporary.path)
    }

    /// Deletes the temporary file or folder (nothing happens if it is already gone).
    package func discard() {
        try? FileManager.default.removeItem(atPath: temporary.path)
        TemporaryFiles.unregister(temporary.path)
    }

    /// The file that writing `destination` replaces: itself, or — for a symbolic link — the file
    /// at the end of its links. Only a regular file (or nothing yet) is ever replaced: never a
    /// folder, and never a device, FIFO or socket (`-o /dev/null --format h264` as root would
    /// otherwise put a file in place of /dev/null).
    static func replacedFile(for destination: URL) throws(ExportError) -> URL {
        let path = destination.path
        var status = stat()
        guard lstat(path, &status) == 0 else { return destination }
        let isLink = status.st_mode & S_IFMT == S_IFLNK
        if isLink, stat(path, &status) != 0 {
            guard errno == ENOENT, let link = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            else {
                throw .outputNotWritable(
                    path: path, reason: "it is a link that leads nowhere: \(systemReason())")
            }
            // A link to nothing yet: the file is made where the last of its links points (the
            // chain ends, or `stat` would have said it loops).
            return try replacedFile(
                for: URL(fileURLWithPath: link, relativeTo: destination.deletingLastPathComponent())
                    .standardizedFileURL)
        }
        let it = isLink ? "it is a link to" : "it is"
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .outputNotWritable(path: path, reason: "\(it) a folder")
        default:
            throw .outputNotWritable(path: path, reason: "\(it) a device, FIFO or socket, not a regular file")
        }
        guard isLink else { return destination }
        // `realpath` resolves every link on the way, relative ones against their folders.
        guard let resolved = realpath(path, nil) else {
            throw .outputNotWritable(path: path, reason: systemReason())
        }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved))
    }

    /// The destination for messages: with the file a link there leads to.
    private var named: String {
        replaced == destination ? destination.path : "\(destination.path) (a link to \(replaced.path))"
    }

    static func systemReason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
