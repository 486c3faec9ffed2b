import FlipbookGeometry
import Foundation

/// Draws filled paths into a `Pixmap` with exact-area anti-aliasing.
///
/// A rasterizer keeps scratch buffers (the flattened path, the coverage cells, one row of
/// coverage) that grow to the largest path seen and are then reused, so steady-state drawing
/// allocates nothing. One render worker owns one rasterizer; it is not `Sendable` and copies
/// share their scratch buffers, so never hand one to another thread.
///
/// Pipeline per fill: flatten (curves → lines within `PathFlattener.defaultTolerance` device
/// pixels) → clip the bounds to the pixmap → accumulate signed area per cell
/// (`CoverageAccumulator`) → sweep rows under the fill rule → composite spans (`SourceOver`).
public struct Rasterizer {
    private var flattener = PathFlattener()
    private var flattened = FlattenedPath()
    private let accumulator = CoverageAccumulator()
    /// The pixels that fills and strokes may have changed since this was last set to `nil`:
    /// the union of their clipped bounding boxes. Lets a caller composite or scan only that part.
    public var touched: PixelBounds?

    public init(tolerance: Double = PathFlattener.defaultTolerance) {
        flattener = PathFlattener(tolerance: tolerance)
    }

    /// Fills `path`, mapped through `transform`, with `paint` at `opacity` (0…1) using source-over.
    /// Without `antialiased`, a pixel is painted fully when at least half of it is covered.
    public mutating func fill(
        _ path: Path, transform: CGAffineTransform = .identity, rule: FillRule = .nonZero,
        antialiased: Bool = true, paint: Paint, opacity: Double = 1, into pixmap: inout Pixmap
    ) {
        guard opacity > 0, pixmap.width > 0, pixmap.height > 0 else { return }
        flattener.flatten(path, transform: transform, into: &flattened)
        let bounds = flattened.bounds
        guard !bounds.isNull else { return }
        let x0 = Int(max(0, min(Double(pixmap.width), bounds.minX.rounded(.down))))
        let y0 = Int(max(0, min(Double(pixmap.height), bounds.minY.rounded(.down))))
        let x1 = Int(max(0, min(Double(pixmap.width), bounds.maxX.rounded(.up))))
        let y1 = Int(max(0, min(Double(pixmap.height), bounds.maxY.rounded(.up))))
        guard x1 > x0, y1 > y0 else { return }
        touched = PixelBounds(columns: x0..<x1, rows: y0..<y1).union(touched)

        accumulator.reset(width: x1 - x0, height: y1 - y0)
        let (ox, oy) = (Double(x0), Double(y0))
        flattened.points.withUnsafeBufferPointer { points in
            for subpath in flattened.subpaths {
                var previous = points[subpath.start]
                for i in (subpath.start + 1)..<(subpath.start + subpath.count) {
                    let point = points[i]
                    accumulator.addLine(previous.x - ox, previous.y - oy, point.x - ox, point.y - oy)
                    previous = point
                }
                let first = points[subpath.start]
                accumulator.addLine(previous.x - ox, previous.y - oy, first.x - ox, first.y - oy)
            }
        }

        let color: UInt32
        switch paint {
        case .solid(let solid):
            color = SourceOver.scale(solid.packed, by: UInt32((min(opacity, 1) * 255).rounded()))
        }
        guard color >> 24 != 0 else { return }
        let width = pixmap.width
        pixmap.bytes.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { pixels in
                guard let base = pixels.baseAddress else { return }
                accumulator.sweep(rule: rule, antialiased: antialiased) {
                    row, column, coverage in
                    SourceOver.blendSpan(
                        color: color, coverage: coverage,
                        into: base + (row + y0) * width + column + x0)
                }
            }
        }
    }

    /// Strokes `path`, mapped through `transform`, with `paint`: the outline is built in user
    /// space (so non-uniform transforms shape the pen, as in CoreGraphics) with the tolerance
    /// scaled to stay within `PathFlattener.defaultTolerance` device pixels, then filled.
    /// A line width of 0 draws a hairline one device pixel wide.
    public mutating func stroke(
        _ path: Path, style: StrokeStyle, transform: CGAffineTransform = .identity, paint: Paint,
        opacity: Double = 1, into pixmap: inout Pixmap
    ) {
        let scale = transform.maximumScale
        guard scale > 0, scale.isFinite, style.lineWidth >= 0 else { return }
        var effective = style
        if style.lineWidth == 0 { effective.lineWidth = 1 / scale }
        let outline = Stroker(style: effective, tolerance: flattener.tolerance / scale).stroke(path)
        fill(outline, transform: transform, rule: .nonZero, paint: paint, opacity: opacity, into: &pixmap)
    }
}
