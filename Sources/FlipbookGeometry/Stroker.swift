import Foundation

/// Turns a path and a `StrokeStyle` into the outline of its stroke: a path to fill with the
/// non-zero rule (what SwiftUI's `Path.strokedPath(_:)` returns).
///
/// Curves are flattened first (within `tolerance`, in the path's own units), dashes cut the
/// polylines into pieces, and each polyline becomes one closed outline (two for a closed
/// subpath: outer and inner ring, in opposite directions):
/// ```
///   P0+N ──────────── P1+N ╮ outer side: miter / round / bevel join
///    │                      ╲
///  cap   P0 ──────────── P1   ╲ ... inner side: through the corner point itself,
///    │                          which keeps the winding positive where offsets overlap
///   P0−N ──────────── P1−N ...
/// ```
/// N is the segment's normal scaled to half the line width. The outline may overlap itself;
/// the non-zero rule fills overlaps once. Zero-length segments are dropped; a subpath that is a
/// single point draws a dot with round caps, a square with square caps, and nothing with butt
/// caps (as SVG specifies).
package struct Stroker: Sendable {
    package var style: StrokeStyle
    /// Largest distance, in the path's units, between a true curve or arc and its polyline.
    package var tolerance: Double

    package init(style: StrokeStyle, tolerance: Double = PathFlattener.defaultTolerance) {
        self.style = style
        self.tolerance = max(tolerance, 1e-6)
    }

    /// The outline of `path` stroked with `style`; fill it with the non-zero rule.
    package func stroke(_ path: Path) -> Path {
        var outline = Path()
        write(path, into: &outline)
        return outline
    }

    /// The outline of `path` stroked with `style`, mapped through `transform` into `output`
    /// (cleared first): what a rasterizer fills, without building a `Path` and flattening it
    /// again. `tolerance` applies before the transform, so scale it down by the transform's
    /// scale to keep the device-space error. `buffers` holds the scratch work, so that a
    /// caller stroking every frame allocates nothing once they have grown.
    package func stroke(
        _ path: Path, transform: CGAffineTransform, into output: inout FlattenedPath,
        reusing buffers: inout StrokeBuffers
    ) {
        output.removeAll()
        PointBatch.withStorage { storage in
            var device = DeviceOutline(transform: transform, output: output, batchStorage: storage)
            output = FlattenedPath()  // `device` holds the only reference, so appends do not copy
            write(path, into: &device, buffers: &buffers)
            output = device.finish()
        }
    }

    private func write<Sink: OutlineSink>(_ path: Path, into outline: inout Sink) {
        var buffers = StrokeBuffers()
        write(path, into: &outline, buffers: &buffers)
    }

    private func write<Sink: OutlineSink>(
        _ path: Path, into outline: inout Sink, buffers: inout StrokeBuffers
    ) {
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite else { return }
        PathFlattener(tolerance: tolerance).flatten(path, transform: .identity, into: &buffers.polylines)
        let writer = OutlineWriter(halfWidth: halfWidth, style: style, tolerance: tolerance)
        let dasher = Dasher(pattern: style.dash, phase: style.dashPhase)
        var dashBudget = Dasher.maximumDashes
        for subpath in buffers.polylines.subpaths {
            let range = subpath.start..<(subpath.start + subpath.count)
            Self.distinct(buffers.polylines.points[range], into: &buffers.points)
            if let dasher {
                for piece in dasher.pieces(of: buffers.points, closed: subpath.isClosed, budget: &dashBudget)
                {
                    writer.addOpen(piece, segments: &buffers.segments, into: &outline)
                }
            } else if subpath.isClosed {
                // The closing segment joins the last point to the first; drop a last point that
                // repeats the first (a path drawn back to its start, then closed).
                // Read in place: a copy of the array would make `removeLast` copy it whole.
                let count = buffers.points.count
                if count > 1, Self.distance(buffers.points[count - 1], buffers.points[0]) <= 1e-9 {
                    buffers.points.removeLast()
                }
                if buffers.points.count >= 3 {
                    writer.addClosed(buffers.points, segments: &buffers.segments, into: &outline)
                } else {
                    // Two points: there and back. One: a dot.
                    let points = buffers.points
                    writer.addOpen(
                        points.count == 2 ? points + points.prefix(1) : points, segments: &buffers.segments,
                        into: &outline)
                }
            } else {
                writer.addOpen(buffers.points, segments: &buffers.segments, into: &outline)
            }
        }
    }

    /// `points` without consecutive duplicates (zero-length segments have no direction) and
    /// without points whose distance from the previous one overflows (coordinates near ±10³⁰⁸,
    /// whose direction would be NaN).
    static func distinct(_ points: ArraySlice<CGPoint>) -> [CGPoint] {
        var result: [CGPoint] = []
        distinct(points, into: &result)
        return result
    }

    /// `distinct(_:)` into `result`, replacing what it held (its capacity is kept).
    static func distinct(_ points: ArraySlice<CGPoint>, into result: inout [CGPoint]) {
        result.overwrite(atMost: points.count, filler: .zero) { distinct in
            var count = 0
            for point in points where point.isFinite {
                if count > 0 {
                    let distance = distance(distinct[count - 1], point)
                    guard distance > 1e-9, distance.isFinite else { continue }
                }
                distinct[count] = point
                count += 1
            }
            return count
        }
    }

    /// The distance between `a` and `b`: a square root, and `hypot` only where the squares
    /// overflow (`hypot` guards every call against that, at several times the cost).
    static func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let root = (dx * dx + dy * dy).squareRoot()
        return root.isFinite ? root : hypot(dx, dy)
    }
}

/// The scratch work of `Stroker.stroke(_:transform:into:reusing:)`, kept by a caller that
/// strokes again and again (a rasterizer, every frame) so that the buffers are allocated once.
package struct StrokeBuffers: Sendable {
    /// The path flattened in its own units.
    var polylines = FlattenedPath()
    /// The polyline being stroked, without repeated points.
    var points: [CGPoint] = []
    /// Its segments' directions and lengths.
    var segments: [OutlineWriter.Segment] = []

    package init() {}
}

extension Path {
    /// The outline of this path stroked with `style`, as SwiftUI's `strokedPath(_:)`; fill it
    /// with the non-zero rule.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        Stroker(style: style).stroke(self)
    }
}
