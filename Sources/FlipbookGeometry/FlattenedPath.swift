import Foundation

/// A path reduced to polylines in device space: what a scan converter consumes.
///
/// Reused across calls, so flattening a path per frame allocates nothing once the buffers have
/// grown. Points and subpaths live in arrays that never shrink, each with a count of how much
/// of it is in use: `removeAll` only sets the counts to 0. (Emptying the arrays, keeping their
/// capacity, went through the standard library's general `replaceSubrange`: about 150
/// instructions per fill, 2 % of the confetti scenes.)
package struct FlattenedPath: Sendable {
    /// One polyline: `count` points from `start` in `points`; `isClosed` when the subpath ended
    /// with `closeSubpath()` (fills treat every subpath as closed either way). A subpath of one
    /// point is kept when something was drawn from it (a zero-length line): strokes draw it as
    /// a dot.
    package struct Subpath: Hashable, Sendable {
        package var start: Int
        package var count: Int
        package var isClosed: Bool
        var hasDrawing = false
    }

    /// Every point of every subpath, in order.
    package var points: ArraySlice<CGPoint> { pointStorage[..<pointCount] }
    /// The finished subpaths; the one being written is `open` until it ends.
    package var subpaths: ArraySlice<Subpath> { subpathStorage[..<subpathCount] }

    private var pointStorage: [CGPoint] = []
    private var pointCount = 0
    private var subpathStorage: [Subpath] = []
    private var subpathCount = 0
    private var open: Subpath?
    private var minX = Double.infinity
    private var minY = Double.infinity
    private var maxX = -Double.infinity
    private var maxY = -Double.infinity

    /// Bounds of all points; `.null` when empty.
    package var bounds: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    package init() {}

    package mutating func removeAll() {
        (pointCount, subpathCount) = (0, 0)
        open = nil
        (minX, minY, maxX, maxY) = (.infinity, .infinity, -.infinity, -.infinity)
    }

    /// Ends the open subpath and starts a new one at `point`.
    mutating func beginSubpath(at point: CGPoint) {
        endSubpath(closed: false)
        open = Subpath(start: pointCount, count: 0, isClosed: false)
        append(point)
    }

    /// Appends `point` to the open subpath; a point that is not finite (a curve evaluated near
    /// ±10³⁰⁸ can overflow), or that comes when no subpath is open, is dropped. Inlined: the
    /// flattener and the stroker call it once per point.
    @inline(__always)
    mutating func append(_ point: CGPoint) {
        guard point.isFinite, open != nil else { return }
        pointStorage.put(point, at: pointCount)
        pointCount += 1
        widenBounds(to: point)
    }

    /// Appends `batch`, finite points only, to the open subpath (dropped when none is open),
    /// with one check of the array's capacity for all of them.
    mutating func append(contentsOf batch: UnsafeBufferPointer<CGPoint>) {
        guard open != nil, let source = batch.baseAddress else { return }
        let end = pointCount + batch.count
        if pointStorage.count < end {
            pointStorage.append(contentsOf: repeatElement(.zero, count: end - pointStorage.count))
        }
        pointStorage.withUnsafeMutableBufferPointer { storage in
            (storage.baseAddress! + pointCount).update(from: source, count: batch.count)
        }
        pointCount = end
        for point in batch { widenBounds(to: point) }
    }

    @inline(__always)
    private mutating func widenBounds(to point: CGPoint) {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// Whether a subpath is open and something was drawn in it: a line may then append its
    /// point without `continueSubpath(from:)`.
    var isDrawing: Bool { open?.hasDrawing == true }

    /// Records that a drawing element (line, curve) continues from `point`: the open subpath,
    /// or — after a close — a new one starting at `point`.
    mutating func continueSubpath(from point: CGPoint) {
        if open == nil { beginSubpath(at: point) }
        open?.hasDrawing = true
    }

    /// Finishes the open subpath, if any, and adds it to `subpaths`; a lone move (one point,
    /// nothing drawn) is dropped.
    mutating func endSubpath(closed: Bool) {
        guard var subpath = open else { return }
        open = nil
        subpath.count = pointCount - subpath.start
        subpath.isClosed = closed
        if subpath.count == 0 || (subpath.count < 2 && !(subpath.hasDrawing || closed)) {
            pointCount = subpath.start
        } else {
            subpathStorage.put(subpath, at: subpathCount)
            subpathCount += 1
        }
    }
}
