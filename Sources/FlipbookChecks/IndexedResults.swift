import Dispatch
import Flipbook
import Foundation

/// Results computed by concurrent workers (`DispatchQueue.concurrentPerform`), each stored once
/// at its index, read in index order when all are done: the order of the work, whatever the
/// order it finished in.
final class IndexedResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        values[index] = value
    }

    /// `body(index)` for every index below `count`, computed on concurrent workers, in index
    /// order. What drawing warns of on the way is dropped: the frames a check draws are the
    /// render's, which reports its warnings once itself (and a worker thread has no sink of the
    /// command's to say which preset they are about).
    static func computing(_ count: Int, _ body: @Sendable (Int) -> Value) -> [Value] {
        let results = IndexedResults(count: count)
        let quiet = WarningSink.discarding()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.set(index, quiet.receiving { body(index) })
        }
        return results.all
    }

    /// Every result, in index order (each must have been set).
    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values.map { $0! }
    }
}
