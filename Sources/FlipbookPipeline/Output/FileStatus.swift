import Foundation

/// The size, date and kind of the file at a path, following symbolic links: an output written
/// through a link (`AtomicOutput`) is measured, dated and told apart by the file it leads to,
/// not by the link. (Foundation's `attributesOfItem` describes the link itself.)
package struct FileStatus: Sendable {
    package let size: Int
    package let modified: Date
    /// A regular file, as opposed to a folder, a device, a FIFO or a socket.
    package let isRegularFile: Bool

    /// `nil` when nothing is there (or a link leads nowhere).
    package init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        size = Int(status.st_size)
        modified = Date(
            timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
        isRegularFile = status.st_mode & S_IFMT == S_IFREG
    }
}
