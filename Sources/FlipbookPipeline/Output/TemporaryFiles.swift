import Foundation
import Synchronization

/// Every temporary output file that exists right now, so that an emergency exit (a second
/// Ctrl-C) can delete them all before the process ends.
///
/// Thread-safe: one process-wide set behind a `Mutex`. `AtomicOutput` registers its temporary
/// file on creation and unregisters it on commit or discard; the command line registers its own
/// temporary folders the same way.
package enum TemporaryFiles {
    private static let paths = Mutex<Set<String>>([])

    package static func register(_ path: String) {
        _ = paths.withLock { $0.insert(path) }
    }

    package static func unregister(_ path: String) {
        _ = paths.withLock { $0.remove(path) }
    }

    /// Deletes every registered temporary file (and folder). Safe to call from any thread.
    package static func removeAll() {
        for path in paths.withLock({ $0 }) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
