import Foundation

/// Paths as the file system resolves them, for deciding whether a file lies inside a folder:
/// every symbolic link and `..` followed (`realpath(3)`), so that no spelling of a path leads
/// out of a folder unnoticed.
package enum RealPath {
    /// `path` resolved, or `nil` when nothing is there.
    package static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` resolved, or — for a file not made yet — its folder resolved; `nil` when neither
    /// is there.
    package static func ofFileOrFolder(_ path: String) -> String? {
        of(path) ?? of((path as NSString).deletingLastPathComponent)
    }

    /// Whether the resolved path `path` is the resolved folder `folder` or lies below it.
    package static func lies(_ path: String, in folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
