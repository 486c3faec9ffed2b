import Foundation
import Synchronization

/// The name of a temporary output while it is being written:
/// `.NAME.flipbook-partial-PID-SERIAL.EXT`, hidden, beside (or inside) its destination.
///
/// The marker `flipbook-partial-` and the writing process's id make a leftover recognisable as
/// ours and as abandoned: after a SIGKILL or a power cut nothing could delete it, so the next
/// render into the same folder removes every partial whose process no longer exists
/// (`removeAbandoned(in:)`). The serial keeps two outputs of one process apart (a batch writing
/// two files of the same name in different folders, or one after another). NAME is shortened
/// so the whole name fits in the file system's 255 bytes, whatever the destination's name.
enum PartialName {
    static let marker = ".flipbook-partial-"
    /// Most file systems' NAME_MAX, in bytes.
    static let maximumBytes = 255

    private static let serial = Atomic<Int>(0)

    /// A fresh temporary name for a destination called `name` (its last path component).
    static func make(for name: String) -> String {
        let number = serial.add(1, ordering: .relaxed).newValue
        let url = URL(fileURLWithPath: name)
        var stem = url.deletingPathExtension().lastPathComponent
        var suffix = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
        if suffix.utf8.count > 32 { suffix = "" }
        let tail = "\(marker)\(ProcessInfo.processInfo.processIdentifier)-\(number)\(suffix)"
        let room = maximumBytes - 1 - tail.utf8.count
        while stem.utf8.count > room { stem.removeLast() }
        return ".\(stem)\(tail)"
    }

    /// The process id in a temporary name of ours, or `nil` if `name` is not one.
    static func processID(in name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: marker, options: .backwards) else {
            return nil
        }
        let digits = name[marker.upperBound...].prefix { $0.isNumber }
        guard let pid = pid_t(digits), pid > 0,
            name[marker.upperBound...].dropFirst(digits.count).first == "-"
        else { return nil }
        return pid
    }

    /// Deletes the temporary files and folders in `folder` that processes now gone left behind.
    /// A name whose process still runs — this one, another render, or an unrelated process
    /// that reuses the id — is left alone.
    static func removeAbandoned(in folder: URL) {
        let manager = FileManager.default
        let own = ProcessInfo.processInfo.processIdentifier
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
            guard let pid = processID(in: name), pid != own, kill(pid, 0) != 0, errno == ESRCH else {
                continue
            }
            try? manager.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
