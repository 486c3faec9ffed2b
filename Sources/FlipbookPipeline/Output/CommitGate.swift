import Synchronization

/// The one door through which finished outputs take their names, which an interrupt closes.
///
/// A render's last steps — flushing the encoder, writing the trailer, moving the index to the
/// front, muxing the sound — cannot be cancelled part-way, so a Ctrl-C that arrives during them
/// used to be noticed too late: the new file replaced the old one and the command exited 0.
/// Every rename that puts an output in place (`AtomicOutput.commit`, a PNG sequence's frames)
/// goes through `admit(_:)`, and the command line's signal trap calls `close()`: from then on no
/// output takes its name, so an interrupted command leaves the old file untouched. The two share
/// one lock, so an interrupt either comes before a rename (which is then refused) or after it
/// (the output is complete and in place): only the rename itself is uninterruptible.
///
/// Process-wide, as signals are; thread-safe (one `Mutex`). A library user who never closes it
/// never sees it.
package enum CommitGate {
    private struct State {
        var isClosed = false
        /// Outputs that took their names.
        var admitted = 0
    }

    private static let state = Mutex(State())

    /// Runs `rename`, which puts a finished output in place, unless the gate is closed; the gate
    /// cannot close while it runs.
    /// - Throws: `ExportError.interrupted` when it is closed, or what `rename` throws.
    static func admit<T>(_ rename: () throws(ExportError) -> T) throws(ExportError) -> T {
        try state.withLock { (state) throws(ExportError) -> T in
            guard !state.isClosed else { throw .interrupted }
            let result = try rename()
            state.admitted += 1
            return result
        }
    }

    /// Closes the gate, waiting for a rename in progress to end — unless `unlessAdmitted` and an
    /// output already took its name (a command that writes one output is then past the point
    /// where an interrupt can keep the old file, and finishes instead). Returns whether it closed.
    @discardableResult
    package static func close(unlessAdmitted: Bool = false) -> Bool {
        state.withLock { state in
            if unlessAdmitted, state.admitted > 0 { return false }
            state.isClosed = true
            return true
        }
    }

    /// How many outputs took their names so far.
    package static var admitted: Int { state.withLock { $0.admitted } }
}
