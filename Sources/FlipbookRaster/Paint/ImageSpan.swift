import FlipbookGeometry
import Foundation

/// The image colours of a row of device pixels, as `ImagePaint` defines them: each pixel centre
/// mapped into the image by the inverse transform, the four texels around it mixed bilinearly
/// in floats (or, not smooth, the nearest one), clamped at the picture's edges or repeated,
/// transparent outside a picture that does not tile. Bit for bit that definition (a test
/// compares every pixel under several transforms), but fast where video layers and photos
/// spend their time:
///
/// - **Whole-pixel placement.** A picture at its natural size whose pixels land on the
///   device's (a screen recording in a frame of its size, a still at whole-point offsets)
///   samples every texel at its centre, where the mix is the texel itself: rows are copied.
/// - **Everywhere else**, the row's part of the transform is computed once, `floor` is a
///   truncation and a compare instead of a call, and a sample whose four texels lie inside the
///   picture reads them without the edge rules (most of an enlarged or turned picture).
struct ImageSpan {
    let paint: ImagePaint
    /// Device pixels → image pixels.
    let inverse: CGAffineTransform

    /// Writes the colours of pixels (`column` …, `row`) into `colors[0..<count]`.
    func shade(row: Int, column: Int, count: Int, into colors: UnsafeMutablePointer<UInt32>) {
        let pixmap = paint.image.pixmap
        guard pixmap.width > 0, pixmap.height > 0 else {
            colors.update(repeating: 0, count: count)
            return
        }
        pixmap.bytes.withUnsafeBytes { raw in
            guard let pixels = raw.bindMemory(to: UInt32.self).baseAddress else { return }
            let picture = Picture(
                pixels: pixels, width: pixmap.width, height: pixmap.height, tiled: paint.tiled)
            if let shift = wholePixelShift {
                copy(picture, row: row + shift.y, column: column + shift.x, count: count, into: colors)
            } else {
                sample(picture, row: row, column: column, count: count, into: colors)
            }
        }
    }

    /// The picture's pixels and the rules for reading past its edges.
    private struct Picture {
        let pixels: UnsafePointer<UInt32>
        let width: Int
        let height: Int
        let tiled: Bool

        /// The texel at (`x`, `y`), the edge's nearest or the tile's for one outside, as floats.
        @inline(__always)
        func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let (x, y) =
                tiled
                ? (((x % width) + width) % width, ((y % height) + height) % height)
                : (min(max(x, 0), width - 1), min(max(y, 0), height - 1))
            return Self.floats(pixels[y * width + x])
        }

        /// A packed pixel's four channels as floats. (Building them in vector lanes by the 2²³
        /// trick was no faster.)
        @inline(__always)
        static func floats(_ p: UInt32) -> SIMD4<Float> {
            SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24))
        }
    }

    /// The whole-pixel offset from device to image pixels when the inverse transform is only
    /// that: then every pixel centre lands on a texel centre. Offsets beyond ±10⁸ take the
    /// general path, which treats points that far out as outside.
    private var wholePixelShift: (x: Int, y: Int)? {
        let t = inverse
        guard t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded(),
            abs(t.tx) < 1e8, abs(t.ty) < 1e8
        else { return nil }
        return (Int(t.tx), Int(t.ty))
    }

    /// Image pixels (`column` …, `row`) themselves: the texels the device pixels' centres land
    /// on, transparent outside a picture that does not tile.
    private func copy(
        _ picture: Picture, row: Int, column: Int, count: Int, into colors: UnsafeMutablePointer<UInt32>
    ) {
        let (width, height) = (picture.width, picture.height)
        guard picture.tiled else {
            guard (0..<height).contains(row) else { return colors.update(repeating: 0, count: count) }
            let inside = max(column, 0)..<max(min(column + count, width), max(column, 0))
            let source = picture.pixels + row * width
            colors.update(repeating: 0, count: count)
            (colors + (inside.lowerBound - column)).update(
                from: source + inside.lowerBound, count: inside.count)
            return
        }
        let source = picture.pixels + ((row % height) + height) % height * width
        var x = ((column % width) + width) % width
        var written = 0
        while written < count {
            let run = min(width - x, count - written)
            (colors + written).update(from: source + x, count: run)
            (written, x) = (written + run, 0)
        }
    }

    /// Every pixel sampled through the inverse transform.
    private func sample(
        _ picture: Picture, row: Int, column: Int, count: Int, into colors: UnsafeMutablePointer<UInt32>
    ) {
        let (width, height, tiled, smooth) = (picture.width, picture.height, picture.tiled, paint.smooth)
        let t = inverse
        let y = Double(row) + 0.5
        // `CGPoint.applying`'s sums, in its order, with the row's terms found once.
        let (rowX, rowY) = (t.c * y, t.d * y)
        for i in 0..<count {
            let x = Double(column + i) + 0.5
            let (px, py) = (t.a * x + rowX + t.tx, t.b * x + rowY + t.ty)
            guard px.isFinite, py.isFinite, abs(px) < 1e9, abs(py) < 1e9,
                tiled || (px >= 0 && py >= 0 && px <= Double(width) && py <= Double(height))
            else {
                colors[i] = 0
                continue
            }
            guard smooth else {
                colors[i] = SpanShader.pack(picture.texel(Self.floor(px), Self.floor(py)))
                continue
            }
            // Bilinear between the four texel centres around the sample point.
            let (u, v) = (px - 0.5, py - 0.5)
            let (x0, y0) = (Self.floor(u), Self.floor(v))
            let (fx, fy) = (Float(u - Double(x0)), Float(v - Double(y0)))
            let (t00, t10, t01, t11): (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)
            if !tiled, x0 >= 0, y0 >= 0, x0 < width - 1, y0 < height - 1 {
                let p = picture.pixels + y0 * width + x0
                (t00, t10) = (Picture.floats(p[0]), Picture.floats(p[1]))
                (t01, t11) = (Picture.floats(p[width]), Picture.floats(p[width + 1]))
            } else {
                (t00, t10) = (picture.texel(x0, y0), picture.texel(x0 + 1, y0))
                (t01, t11) = (picture.texel(x0, y0 + 1), picture.texel(x0 + 1, y0 + 1))
            }
            let top = t00 * (1 - fx) + t10 * fx
            let bottom = t01 * (1 - fx) + t11 * fx
            colors[i] = SpanShader.pack(top * (1 - fy) + bottom * fy)
        }
    }

    /// `Int(value.rounded(.down))` for a value within ±10⁹, without the call to `floor`.
    @inline(__always)
    private static func floor(_ value: Double) -> Int {
        let truncated = Int(value)
        return Double(truncated) > value ? truncated - 1 : truncated
    }
}
