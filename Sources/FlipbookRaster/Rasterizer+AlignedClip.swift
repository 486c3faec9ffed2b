import FlipbookGeometry
import Foundation

extension Rasterizer {
    /// How far from a whole pixel a rectangle's edge may lie and still be taken as on it: far
    /// below what the coverage accumulator can tell from the whole pixel (its coverage rounds to
    /// the same byte).
    static let alignmentTolerance = 1e-6

    /// The pixels of `path` under `transform` when it is one rectangle whose edges lie on pixel
    /// boundaries (each pixel fully in or out); `nil` for any other path.
    ///
    /// Such a clip — a precomposition's frame snapped to pixels, a tile — needs no coverage
    /// accumulated: its mask is 255 inside, 0 outside, exactly what the accumulator computes.
    static func pixelAlignedRectangle(_ path: Path, transform: CGAffineTransform) -> (
        x0: Int, y0: Int, x1: Int, y1: Int
    )? {
        guard transform.b == 0, transform.c == 0 else { return nil }
        var corners: [CGPoint] = []
        var closed = false
        for element in path.elements {
            switch element {
            case .move(let point) where corners.isEmpty: corners.append(point.applying(transform))
            case .line(let point) where !closed && !corners.isEmpty: corners.append(point.applying(transform))
            case .closeSubpath where !closed: closed = true
            default: return nil
            }
        }
        if corners.count == 5, corners[4] == corners[0] { corners.removeLast() }
        guard closed, corners.count == 4 else { return nil }
        // Axis-aligned: each edge keeps x or y, alternately.
        let horizontalFirst = corners[0].y == corners[1].y
        for index in 0..<4 {
            let (a, b) = (corners[index], corners[(index + 1) % 4])
            guard (index % 2 == 0) == horizontalFirst ? a.y == b.y : a.x == b.x else { return nil }
        }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        func whole(_ value: Double) -> Int? {
            let rounded = value.rounded()
            guard value.isFinite, abs(value - rounded) <= alignmentTolerance, abs(rounded) < 1e9 else {
                return nil
            }
            return Int(rounded)
        }
        guard let x0 = whole(xs.min()!), let x1 = whole(xs.max()!), let y0 = whole(ys.min()!),
            let y1 = whole(ys.max()!)
        else { return nil }
        return (x0, y0, x1, y1)
    }

    /// The clip mask of a pixel-aligned rectangle (`pixelAlignedRectangle`) on a `width` ×
    /// `height` canvas, inverted when `inverse`, intersected with `clip`: as `clipMask` makes
    /// it, without accumulating coverage, and touching only the rectangle's pixels unless
    /// inverted — inside `window` only, when there is one (zero elsewhere). Written into
    /// `blank`, `width` × `height` zeros, taken (not copied: a borrowed array written to
    /// would be copied whole).
    static func alignedClipMask(
        _ rectangle: (x0: Int, y0: Int, x1: Int, y1: Int), inverse: Bool, intersecting clip: ClipMask?,
        width: Int, height: Int, window: PixelBounds? = nil, blank shape: consuming [UInt8]
    ) -> ClipMask {
        let whole = width > 0 && height > 0 ? PixelBounds(columns: 0..<width, rows: 0..<height) : nil
        let canvas = window.map { window in whole.flatMap { $0.intersection(window) } } ?? whole
        let columns = max(min(rectangle.x0, width), 0)..<max(min(rectangle.x1, width), 0)
        let rows = max(min(rectangle.y0, height), 0)..<max(min(rectangle.y1, height), 0)
        let inside =
            columns.isEmpty || rows.isEmpty
            ? nil : canvas.flatMap { PixelBounds(columns: columns, rows: rows).intersection($0) }
        if inverse, let canvas {
            shape.withUnsafeMutableBufferPointer { shape in
                for row in canvas.rows {
                    let start = row * width
                    for i in (start + canvas.columns.lowerBound)..<(start + canvas.columns.upperBound) {
                        shape[i] = 255
                    }
                }
            }
        }
        if let inside {
            shape.withUnsafeMutableBufferPointer { shape in
                for row in inside.rows {
                    let start = row * width
                    for i in (start + inside.columns.lowerBound)..<(start + inside.columns.upperBound) {
                        shape[i] = inverse ? 0 : 255
                    }
                }
            }
        }
        var bounds = inverse ? canvas : inside
        if let clip, clip.width == width, clip.height == height {
            // Outside the rectangle a mask that is not inverted is 0 already.
            if let region = inverse ? canvas : inside {
                intersect(&shape, with: clip, within: region, width: width)
            }
            bounds = clip.bounds.flatMap { bounds?.intersection($0) }
        }
        return ClipMask(width: width, height: height, coverage: shape, bounds: bounds)
    }

    /// Scales every value of `shape` (a mask `width` pixels wide) inside `region` by `clip`'s
    /// coverage there, `(shape · clip + 127) ÷ 255`: the mask of a clip intersected with the
    /// clips around it. Sixteen pixels at a time (a nested mask's whole window is scaled, one
    /// byte a pixel, 15 % of the time of files with masks inside mattes when done one by one);
    /// `x ÷ 255` is `(x · 0x8081) >> 23` for every `x` up to 255 · 255 + 127.
    static func intersect(_ shape: inout [UInt8], with clip: ClipMask, within region: PixelBounds, width: Int)
    {
        @inline(__always) func scaled(_ value: UInt8, _ outer: UInt8) -> UInt8 {
            UInt8((UInt32(value) * UInt32(outer) + 127) / 255)
        }
        shape.withUnsafeMutableBufferPointer { shape in
            clip.coverage.withUnsafeBufferPointer { outer in
                // The same size: callers intersect masks of one canvas only.
                guard let values = shape.baseAddress, let outer = outer.baseAddress else { return }
                for row in region.rows {
                    let start = row * width
                    var i = start + region.columns.lowerBound
                    let end = start + region.columns.upperBound
                    while i &+ 16 <= end {
                        let a = SIMD16<UInt32>(
                            truncatingIfNeeded: UnsafeRawPointer(values + i).loadUnaligned(
                                as: SIMD16<UInt8>.self))
                        let b = SIMD16<UInt32>(
                            truncatingIfNeeded: UnsafeRawPointer(outer + i).loadUnaligned(
                                as: SIMD16<UInt8>.self))
                        let product = ((a &* b &+ 127) &* 0x8081) &>> 23
                        UnsafeMutableRawPointer(values + i).storeBytes(
                            of: SIMD16<UInt8>(truncatingIfNeeded: product), as: SIMD16<UInt8>.self)
                        i &+= 16
                    }
                    while i < end {
                        values[i] = scaled(values[i], outer[i])
                        i &+= 1
                    }
                }
            }
        }
    }
}
