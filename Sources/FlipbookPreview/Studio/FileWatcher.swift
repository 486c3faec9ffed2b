import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Watches the files a document was read from and calls `changed` when one of them changes:
/// its modification time, size or identity (an editor that saves by writing a new file and
/// renaming it over the old one makes a new inode). It looks every `intervalSeconds` on a thread
/// of its own: a `stat` of a few files is far cheaper than a frame, and it sees a save through
/// any editor, a rename or a file on a network folder alike.
package final class FileWatcher: Sendable {
    /// What `stat` says of a file that tells a change — its device and inode, size, and
    /// modification time in seconds and nanoseconds — or `nil` for a file that is not there.
    private static func signature(_ path: String) -> [Int]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [
            Int(status.st_dev), Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec),
            Int(status.st_mtim.tv_nsec),
        ]
    }

    private struct State {
        var signatures: [String: [Int]?] = [:]
        var stopped = false
    }

    /// Seconds between looks: 20 ms, a small part of the 150 ms a save may take to reach the page.
    package static let intervalSeconds = 0.02

    private let state = Mutex(State())
    private let changed: @Sendable () -> Void

    /// Starts watching nothing; `watch` says what.
    package init(changed: @escaping @Sendable () -> Void) {
        self.changed = changed
        let thread = Thread { [self] in run() }
        thread.name = "flipbook.preview.watch"
        thread.start()
    }

    /// Watches `files` from now on (as they are now), instead of what it watched before.
    package func watch(_ files: [String]) {
        var signatures: [String: [Int]?] = [:]
        for file in files { signatures[file] = Self.signature(file) }
        state.withLock { $0.signatures = signatures }
    }

    /// Stops looking.
    package func stop() { state.withLock { $0.stopped = true } }

    private func run() {
        while true {
            Thread.sleep(forTimeInterval: Self.intervalSeconds)
            let (files, stopped) = state.withLock { ($0.signatures, $0.stopped) }
            if stopped { return }
            let now = files.keys.map { (file: $0, signature: Self.signature($0)) }
            guard now.contains(where: { (files[$0.file] ?? nil) != $0.signature }) else { continue }
            // Taken as seen before `changed` reads them, so a change during the reading is seen next.
            state.withLock { state in
                for (file, signature) in now where state.signatures.keys.contains(file) {
                    state.signatures[file] = signature
                }
            }
            changed()
        }
    }
}
