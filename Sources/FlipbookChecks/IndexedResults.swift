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

    /// Every result, in index order (each must have been set).
    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values.map { $0! }
    }
}
