import Foundation

/// An output file — or folder of files — that appears complete or not at all.
///
/// Everything is written to a hidden temporary file (or folder) beside the destination (same
/// parent, so the final `rename(2)` is atomic and never copies), which is renamed into place by
/// `commit()` or deleted by `discard()`. A reader of the destination never sees a half-written
/// file, nor a folder with some frames missing.
public struct AtomicOutput: Sendable {
    public let destination: URL
    public let temporary: URL
    public let isFolder: Bool

    /// Creates the (empty) temporary file, proving that the destination's folder is writable
    /// before any rendering starts.
    /// - Throws: `ExportError.outputNotWritable` naming the path and the system's reason.
    public init(destination: URL, isFolder: Bool = false) throws(ExportError) {
        self.destination = destination
        self.isFolder = isFolder
        let folder = destination.deletingLastPathComponent()
        let name = destination.deletingPathExtension().lastPathComponent
        let suffix = destination.pathExtension.isEmpty ? "" : ".\(destination.pathExtension)"
        temporary = folder.appendingPathComponent(
            ".\(name).partial-\(ProcessInfo.processInfo.processIdentifier)\(suffix)")
        if isFolder {
            guard mkdir(temporary.path, 0o755) == 0 else {
                throw .outputNotWritable(path: destination.path, reason: Self.systemReason())
            }
        } else {
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .outputNotWritable(path: destination.path, reason: Self.systemReason())
            }
            close(descriptor)
        }
        TemporaryFiles.register(temporary.path)
    }

    /// Moves the finished temporary file into place, replacing any older file there. A folder
    /// replaces an older folder: the old one is moved aside first and deleted after.
    public func commit() throws(ExportError) {
        var replaced: String?
        if isFolder, FileManager.default.fileExists(atPath: destination.path) {
            let aside = temporary.path + ".replaced"
            guard rename(destination.path, aside) == 0 else {
                let reason = Self.systemReason()
                discard()
                throw .outputNotWritable(path: destination.path, reason: reason)
            }
            replaced = aside
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = Self.systemReason()
            if let replaced { rename(replaced, destination.path) }  // put the old folder back
            discard()
            throw .outputNotWritable(path: destination.path, reason: reason)
        }
        TemporaryFiles.unregister(temporary.path)
        if let replaced { try? FileManager.default.removeItem(atPath: replaced) }
    }

    /// Moves every file of the finished temporary folder into `folder` (each `rename(2)` is
    /// atomic, the set is not), then deletes the files there that `isStale` names — frames of an
    /// earlier, longer render with the same pattern. Used for `name_%05d.png` patterns, whose
    /// folder holds other files too and so cannot be replaced as a whole.
    public func commitFiles(into folder: URL, isStale: (String) -> Bool) throws(ExportError) {
        let manager = FileManager.default
        let names = ((try? manager.contentsOfDirectory(atPath: temporary.path)) ?? []).sorted()
        for name in names {
            let target = folder.appendingPathComponent(name).path
            guard rename(temporary.appendingPathComponent(name).path, target) == 0 else {
                let reason = Self.systemReason()
                discard()
                throw .outputNotWritable(path: target, reason: reason)
            }
        }
        let written = Set(names)
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        where !written.contains(name) && isStale(name) {
            try? manager.removeItem(at: folder.appendingPathComponent(name))
        }
        discard()
    }

    /// Deletes the temporary file or folder (nothing happens if it is already gone).
    public func discard() {
        try? FileManager.default.removeItem(atPath: temporary.path)
        TemporaryFiles.unregister(temporary.path)
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
