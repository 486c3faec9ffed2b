import FlipbookGeometry
import Foundation

extension Pixmap {
    /// Moves the pixels inside `bounds` (the rest transparent) through `transform`, a
    /// projective map of pixel coordinates (`GraphicsContext.Filter.projectionTransform`), and
    /// returns the bounds of the result; `nil` when nothing stays in the pixmap.
    ///
    /// Each pixel of the result is sampled where the inverse transform takes its centre,
    /// bilinearly from the premultiplied source (transparent outside `bounds`). Points that the
    /// transform sends behind the viewer (w ≤ 0) are dropped, as a 3D turn past 90° hides the
    /// plane's far side. Drawn on `canvas`, a transparent pixmap of this one's size that is left
    /// transparent (replaced when its size differs).
    ///
    /// Where a pixel's footprint in the source is more than one and a half pixels long along a
    /// direction (a card seen almost edge-on, or far away), it averages that many bilinear
    /// samples spread across the pixel along it, up to 16 each way: one bilinear sample there
    /// would skip source pixels, and a picture shrunk to under half its size would sparkle as
    /// it turned.
    mutating func applyProjection(
        _ transform: ProjectionTransform, within bounds: PixelBounds, on canvas: inout Pixmap
    )
        -> PixelBounds?
    {
        let frame = PixelBounds(columns: 0..<width, rows: 0..<height)
        var inverse = transform
        let values = [
            transform.m11, transform.m12, transform.m13, transform.m21, transform.m22, transform.m23,
            transform.m31, transform.m32, transform.m33,
        ]
        guard values.allSatisfy(\.isFinite), inverse.invert(), let source = bounds.intersection(frame) else {
            clear(within: bounds)
            return nil
        }
        guard let target = Self.reach(of: source, under: transform)?.intersection(frame) else {
            clear(within: bounds)
            return nil
        }
        if canvas.width != width || canvas.height != height { canvas = Pixmap(width: width, height: height) }
        let drawn = sample(source, through: inverse, into: &canvas, within: target)
        clear(within: bounds)
        guard let drawn else { return nil }
        // The result back onto this pixmap, and the canvas left transparent.
        let width = self.width
        bytes.withUnsafeMutableBufferPointer { target in
            canvas.bytes.withUnsafeMutableBufferPointer { scratch in
                guard let to = target.baseAddress, let from = scratch.baseAddress else { return }
                for row in drawn.rows {
                    let start = (row * width + drawn.columns.lowerBound) * 4
                    (to + start).update(from: from + start, count: drawn.columns.count * 4)
                    (from + start).update(repeating: 0, count: drawn.columns.count * 4)
                }
            }
        }
        return drawn
    }

    /// The pixels the image of `source` may cover: the box of its corners' images, grown by a
    /// pixel for the bilinear footprint — or an unbounded box when a corner goes to infinity
    /// or behind the viewer (the rest of the plane may then reach any pixel). `nil` when the
    /// corners' images are too far out to hold a pixel.
    private static func reach(of source: PixelBounds, under transform: ProjectionTransform) -> PixelBounds? {
        let (left, right) = (Double(source.columns.lowerBound), Double(source.columns.upperBound))
        let (top, bottom) = (Double(source.rows.lowerBound), Double(source.rows.upperBound))
        let corners = [(left, top), (right, top), (right, bottom), (left, bottom)].map {
            transform.homogeneous(CGPoint(x: $0.0, y: $0.1))
        }
        guard corners.allSatisfy({ $0.w > 1e-9 }) else {
            return PixelBounds(columns: Int.min / 2..<Int.max / 2, rows: Int.min / 2..<Int.max / 2)
        }
        let xs = corners.map { $0.x / $0.w }
        let ys = corners.map { $0.y / $0.w }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            [minX, maxX, minY, maxY].allSatisfy({ $0.isFinite && abs($0) < 1e9 })
        else { return nil }
        return PixelBounds(
            columns: Int(minX.rounded(.down)) - 1..<Int(maxX.rounded(.up)) + 1,
            rows: Int(minY.rounded(.down)) - 1..<Int(maxY.rounded(.up)) + 1)
    }

    /// Samples this pixmap's `source` pixels at the images of `target`'s pixel centres under
    /// `inverse`, writing onto `canvas`; returns the box of the pixels written, `nil` if none.
    ///
    /// Along a row the homogeneous image of the pixel centre moves by the same step each
    /// pixel (the inverse's first row), so it is advanced by three additions rather than
    /// mapped afresh; only the division by w is per pixel. The same steps give the footprint:
    /// how far the source point moves for a step of one pixel across or down.
    private func sample(
        _ source: PixelBounds, through inverse: ProjectionTransform, into canvas: inout Pixmap,
        within target: PixelBounds
    ) -> PixelBounds? {
        let width = self.width
        var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
        // Sample positions whose four neighbours may touch the source lie strictly between
        // these (pixel-centre coordinates, shifted by ½).
        let (lowX, highX) = (Double(source.columns.lowerBound) - 1, Double(source.columns.upperBound))
        let (lowY, highY) = (Double(source.rows.lowerBound) - 1, Double(source.rows.upperBound))
        bytes.withUnsafeBufferPointer { pixels in
            canvas.bytes.withUnsafeMutableBufferPointer { output in
                guard let from = pixels.baseAddress, let to = output.baseAddress else { return }
                /// The source pixel at (x, y) as four floats; transparent outside `source`.
                @inline(__always) func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                    guard source.columns.contains(x), source.rows.contains(y) else { return .zero }
                    let p = from + (y &* width &+ x) &* 4
                    return SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                }
                for row in target.rows {
                    var (u, v, w) = inverse.homogeneous(
                        CGPoint(x: Double(target.columns.lowerBound) + 0.5, y: Double(row) + 0.5))
                    /// The bilinear sample at source position (`x`, `y`), pixel centres at
                    /// integers.
                    @inline(__always) func bilinear(_ x: Double, _ y: Double) -> SIMD4<Float> {
                        let (x0, y0) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
                        let (fx, fy) = (Float(x - Double(x0)), Float(y - Double(y0)))
                        let top = pixel(x0, y0) * (1 - fx) + pixel(x0 &+ 1, y0) * fx
                        let bottom = pixel(x0, y0 &+ 1) * (1 - fx) + pixel(x0 &+ 1, y0 &+ 1) * fx
                        return top * (1 - fy) + bottom * fy
                    }
                    for column in target.columns {
                        defer { (u, v, w) = (u + inverse.m11, v + inverse.m12, w + inverse.m13) }
                        guard w > 0 else { continue }
                        // Pixel centres sit at half-integers.
                        let (x, y) = (u / w - 0.5, v / w - 0.5)
                        guard x > lowX, x < highX, y > lowY, y < highY else { continue }
                        // Source pixels crossed by a step of one pixel across and one down.
                        let (sx, sy) = (x + 0.5, y + 0.5)
                        let across = Self.samples(
                            (inverse.m11 - sx * inverse.m13) / w, (inverse.m12 - sy * inverse.m13) / w)
                        let down = Self.samples(
                            (inverse.m21 - sx * inverse.m23) / w, (inverse.m22 - sy * inverse.m23) / w)
                        var value: SIMD4<Float>
                        if across == 1, down == 1 {
                            value = bilinear(x, y)
                        } else {
                            // Samples spread evenly across the pixel, each mapped afresh.
                            value = .zero
                            for j in 0..<down {
                                let dy = (Double(j) + 0.5) / Double(down) - 0.5
                                for i in 0..<across {
                                    let dx = (Double(i) + 0.5) / Double(across) - 0.5
                                    let (su, sv, sw) = (
                                        u + inverse.m11 * dx + inverse.m21 * dy,
                                        v + inverse.m12 * dx + inverse.m22 * dy,
                                        w + inverse.m13 * dx + inverse.m23 * dy
                                    )
                                    guard sw > 0 else { continue }
                                    let (px, py) = (su / sw - 0.5, sv / sw - 0.5)
                                    // Outside, all four neighbours are transparent.
                                    guard px > lowX, px < highX, py > lowY, py < highY else { continue }
                                    value += bilinear(px, py)
                                }
                            }
                            value /= Float(across * down)
                        }
                        guard value[3] >= 0.5 else { continue }
                        let q = to + (row &* width &+ column) &* 4
                        (q[0], q[1], q[2], q[3]) = (
                            UInt8(value[0] + 0.5), UInt8(value[1] + 0.5), UInt8(value[2] + 0.5),
                            UInt8(value[3] + 0.5)
                        )
                        (minX, maxX) = (min(minX, column), max(maxX, column))
                        (minY, maxY) = (min(minY, row), max(maxY, row))
                    }
                }
            }
        }
        guard minX <= maxX else { return nil }
        return PixelBounds(columns: minX..<(maxX + 1), rows: minY..<(maxY + 1))
    }

    /// How many samples a pixel needs along a step that moves the source point by (`dx`,
    /// `dy`): one up to a length of 1.5 source pixels, then one more per source pixel, at most
    /// 16.
    @inline(__always)
    private static func samples(_ dx: Double, _ dy: Double) -> Int {
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1.5 else { return 1 }
        return length.isFinite ? Int(min(length + 0.5, 16)) : 16
    }
}
