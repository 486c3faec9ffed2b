import Foundation

/// A path reduced to polylines in device space: what a scan converter consumes.
///
/// Reused across calls (`removeAll` keeps capacity), so flattening a path per frame allocates
/// nothing once the buffers have grown.
public struct FlattenedPath: Sendable {
    /// One polyline: `count` points from `start` in `points`; `isClosed` when the subpath ended
    /// with `closeSubpath()` (fills treat every subpath as closed either way). A subpath of one
    /// point is kept when something was drawn from it (a zero-length line): strokes draw it as
    /// a dot.
    public struct Subpath: Hashable, Sendable {
        public var start: Int
        public var count: Int
        public var isClosed: Bool
        var hasDrawing = false
    }

    public private(set) var points: [CGPoint] = []
    public private(set) var subpaths: [Subpath] = []
    private var minX = Double.infinity
    private var minY = Double.infinity
    private var maxX = -Double.infinity
    private var maxY = -Double.infinity

    /// Bounds of all points; `.null` when empty.
    public var bounds: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public init() {}

    public mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        subpaths.removeAll(keepingCapacity: true)
        (minX, minY, maxX, maxY) = (.infinity, .infinity, -.infinity, -.infinity)
    }

    mutating func beginSubpath(at point: CGPoint) {
        endSubpath(closed: false)
        subpaths.append(Subpath(start: points.count, count: 0, isClosed: false))
        append(point)
    }

    /// Appends `point` to the open subpath; a point that is not finite (a curve evaluated near
    /// ±10³⁰⁸ can overflow), or that comes before any subpath began, is dropped.
    mutating func append(_ point: CGPoint) {
        guard point.isFinite, !subpaths.isEmpty else { return }
        points.append(point)
        subpaths[subpaths.count - 1].count += 1
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// Records that a drawing element (line, curve, close) continued the open subpath.
    mutating func markDrawing() {
        if !subpaths.isEmpty { subpaths[subpaths.count - 1].hasDrawing = true }
    }

    /// Finishes the open subpath; a lone move (one point, nothing drawn) is dropped.
    mutating func endSubpath(closed: Bool) {
        guard let last = subpaths.last else { return }
        if last.count == 0 || (last.count < 2 && !(last.hasDrawing || closed)) {
            subpaths.removeLast()
            points.removeLast(last.count)
        } else {
            subpaths[subpaths.count - 1].isClosed = subpaths[subpaths.count - 1].isClosed || closed
        }
    }
}
