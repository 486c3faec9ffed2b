import Foundation

/// Points on their way into a `FlattenedPath`, appended `capacity` at a time.
///
/// Appending to a Swift array checks its uniqueness and capacity, a call into the runtime, on
/// every append: for a polyline's points (a stroke's outline, a chart's line) that check and
/// the call around it were about half the work per point. A batch is a fixed buffer, so
/// adding to it checks nothing but its count; `FlattenedPath.append(contentsOf:)` then takes
/// the whole batch at once.
///
/// The buffer is uninitialized stack memory (`withStorage`): an inline array would be zeroed
/// whenever a batch is made, once per fill — 1 KB per piece of confetti, 2 % of drawing
/// thousands of them.
///
/// The owner flushes the batch before anything else changes the path (a new subpath, an end,
/// a point appended directly), so points stay in order.
struct PointBatch {
    static let capacity = 64
    private let points: UnsafeMutablePointer<CGPoint>
    private var count = 0

    /// Runs `body` with uninitialized stack memory for a batch (`init(storage:)`), valid only
    /// within `body`.
    static func withStorage<Result>(_ body: (UnsafeMutablePointer<CGPoint>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: capacity) { body($0.baseAddress!) }
    }

    /// An empty batch in `storage`, `capacity` points from `withStorage`, which it must not
    /// outlive.
    init(storage: UnsafeMutablePointer<CGPoint>) {
        points = storage
    }

    /// Adds `point`, finite, and appends the batch to `output` once it is full.
    @inline(__always)
    mutating func add(_ point: CGPoint, flushingInto output: inout FlattenedPath) {
        (points + count).initialize(to: point)
        count &+= 1
        if count == Self.capacity { flush(into: &output) }
    }

    /// Appends the points added since the last flush to `output`.
    mutating func flush(into output: inout FlattenedPath) {
        guard count > 0 else { return }
        output.append(contentsOf: UnsafeBufferPointer(start: points, count: count))
        count = 0
    }

    /// Points added since the last flush.
    var pending: Int { count }
}
