import Foundation

/// Points on their way into a `FlattenedPath`, appended 64 at a time.
///
/// Appending to a Swift array checks its uniqueness and capacity, a call into the runtime, on
/// every append: for a polyline's points (a stroke's outline, a chart's line) that check and
/// the call around it were about half the work per point. A batch is a fixed inline buffer, so
/// adding to it checks nothing but its count; `FlattenedPath.append(contentsOf:)` then takes
/// the whole batch at once.
///
/// The owner flushes the batch before anything else changes the path (a new subpath, an end,
/// a point appended directly), so points stay in order.
struct PointBatch {
    private var points = InlineArray<64, CGPoint>(repeating: .zero)
    private var count = 0

    /// Adds `point`, finite, and appends the batch to `output` once it is full.
    @inline(__always)
    mutating func add(_ point: CGPoint, flushingInto output: inout FlattenedPath) {
        points[count] = point
        count &+= 1
        if count == points.count { flush(into: &output) }
    }

    /// Appends the points added since the last flush to `output`.
    mutating func flush(into output: inout FlattenedPath) {
        guard count > 0 else { return }
        let added = count
        points.span.withUnsafeBufferPointer {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<added]))
        }
        count = 0
    }

    /// Points added since the last flush.
    var pending: Int { count }
}
