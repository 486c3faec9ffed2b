import FlipbookGeometry
import Foundation

/// Computes the premultiplied colours of a paint along a row of device pixels, sampled at pixel
/// centres. Built once per fill from the paint and the fill's transform.
///
/// Gradients come from a 256-entry table (interpolated between entries) with a dither of
/// ±½ code value added before rounding. The thresholds follow the R2 low-discrepancy sequence
/// (`frac(½ + x·α₁ + y·α₂)`, α from the plastic number): they average ½ over any small area, so
/// the mean colour is exact, and — unlike an ordered 8×8 pattern, whose rows hold only 8 of its
/// 64 thresholds — every row is spread evenly too, so a ramp too slow for 8 bits shows neither
/// bands nor long runs of one value.
struct SpanShader {
    private enum Kind {
        case solid(UInt32)
        case gradient(GradientPaint, table: [SIMD4<Float>])
        case image(ImagePaint)
    }

    private let kind: Kind
    /// Device pixels → paint space.
    private let inverse: CGAffineTransform
    /// Whether the transform can be inverted; a singular one paints nothing.
    private let invertible: Bool

    init(paint: Paint, transform: CGAffineTransform) {
        switch paint {
        case .solid(let color):
            kind = .solid(color.packed)
            inverse = .identity
            invertible = true
            return
        case .gradient(let gradient):
            kind = .gradient(gradient, table: (0..<256).map { gradient.color(at: Double($0) / 255) })
            inverse = transform.inverted()
        case .image(let image):
            kind = .image(image)
            inverse = image.transform.concatenating(transform).inverted()
        }
        let determinant = transform.a * transform.d - transform.b * transform.c
        invertible = determinant != 0 && determinant.isFinite
    }

    /// The one colour of a solid paint, or `nil` when colours vary per pixel.
    var solidColor: UInt32? {
        if case .solid(let color) = kind { return color }
        return nil
    }

    /// Writes the colours of pixels (`column` …, `row`) into `colors[0..<count]`.
    func shade(row: Int, column: Int, count: Int, into colors: UnsafeMutablePointer<UInt32>) {
        guard invertible else {
            colors.update(repeating: 0, count: count)
            return
        }
        switch kind {
        case .solid(let color):
            colors.update(repeating: color, count: count)
        case .gradient(let gradient, let table):
            shadeGradient(gradient, table: table, row: row, column: column, count: count, into: colors)
        case .image(let image):
            shadeImage(image, row: row, column: column, count: count, into: colors)
        }
    }

    private func shadeGradient(
        _ gradient: GradientPaint, table: [SIMD4<Float>], row: Int, column: Int, count: Int,
        into colors: UnsafeMutablePointer<UInt32>
    ) {
        let y = Double(row) + 0.5
        table.withUnsafeBufferPointer { table in
            for i in 0..<count {
                let x = Double(column + i) + 0.5
                let point = CGPoint(x: x, y: y).applying(inverse)
                let t = Float(gradient.spreadPosition(gradient.position(of: point))) * 255
                let index = min(Int(t), 254)
                let f = t - Float(index)
                let color = table[index] * (1 - f) + table[index + 1] * f
                colors[i] = Self.pack(color + Self.threshold(x: column + i, y: row))
            }
        }
    }

    /// Rounds (by truncating value + ½, the dither's offset included) and keeps each colour
    /// channel within alpha, so the result is validly premultiplied.
    @inline(__always)
    private static func pack(_ color: SIMD4<Float>) -> UInt32 {
        let clamped = color.replacing(with: 0, where: .!(color .> 0)).replacing(
            with: 255, where: color .> 255)
        let alpha = UInt32(clamped.w)
        let red = min(UInt32(clamped.x), alpha)
        let green = min(UInt32(clamped.y), alpha)
        let blue = min(UInt32(clamped.z), alpha)
        return red | green << 8 | blue << 16 | alpha << 24
    }

    /// The R2 sequence's dither threshold at (x, y), in (0, 1).
    @inline(__always)
    static func threshold(x: Int, y: Int) -> SIMD4<Float> {
        // Coordinates wrap at 2^16 so the products stay exact in a Double's 53 bits.
        let value =
            0.5 + Double(x & 0xFFFF) * 0.754_877_666_246_692_8 + Double(y & 0xFFFF) * 0.569_840_290_998_053_2
        return SIMD4(repeating: Float(value - value.rounded(.down)))
    }

    private func shadeImage(
        _ paint: ImagePaint, row: Int, column: Int, count: Int, into colors: UnsafeMutablePointer<UInt32>
    ) {
        let pixmap = paint.image.pixmap
        let (width, height) = (pixmap.width, pixmap.height)
        guard width > 0, height > 0 else {
            colors.update(repeating: 0, count: count)
            return
        }
        pixmap.bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { pixels in
                func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                    var (x, y) = (x, y)
                    if paint.tiled {
                        x = ((x % width) + width) % width
                        y = ((y % height) + height) % height
                    } else {
                        x = min(max(x, 0), width - 1)
                        y = min(max(y, 0), height - 1)
                    }
                    let p = pixels[y * width + x]
                    return SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24))
                }
                for i in 0..<count {
                    let point = CGPoint(x: Double(column + i) + 0.5, y: Double(row) + 0.5).applying(inverse)
                    guard point.x.isFinite, point.y.isFinite, abs(point.x) < 1e9, abs(point.y) < 1e9,
                        paint.tiled
                            || (point.x >= 0 && point.y >= 0 && point.x <= Double(width)
                                && point.y <= Double(height))
                    else {
                        colors[i] = 0
                        continue
                    }
                    // Bilinear between the four texel centres around the sample point.
                    let (u, v) = (point.x - 0.5, point.y - 0.5)
                    let (x0, y0) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
                    let (fx, fy) = (Float(u - Double(x0)), Float(v - Double(y0)))
                    let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
                    let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
                    colors[i] = Self.pack(top * (1 - fy) + bottom * fy + 0.5)
                }
            }
        }
    }
}
