import FlipbookGeometry
import Foundation

/// Computes the premultiplied colours of a paint along a row of device pixels, sampled at pixel
/// centres. Built once per fill from the paint and the fill's transform.
///
/// Gradients come from a 1024-entry table with a dither of up to one code value added before
/// the fraction is dropped (`GradientSpan`, `GradientTable`, `DitherTile`).
struct SpanShader {
    private enum Kind {
        case solid(UInt32)
        case gradient(GradientPaint, table: [UInt64])
        case image(ImagePaint)
    }

    private let kind: Kind
    /// Device pixels → paint space.
    private let inverse: CGAffineTransform
    /// Whether the transform can be inverted; a singular one paints nothing.
    private let invertible: Bool

    /// The shader of `paint` under `transform`; a gradient's table comes from `tables` (built and
    /// kept there if it is not yet).
    init(paint: Paint, transform: CGAffineTransform, tables: inout [[GradientPaint.Stop]: [UInt64]]) {
        switch paint {
        case .solid(let color):
            kind = .solid(color.packed)
            inverse = .identity
            invertible = true
            return
        case .gradient(let gradient):
            if tables[gradient.stops] == nil {
                if tables.count >= GradientTable.cacheLimit { tables.removeAll(keepingCapacity: true) }
                tables[gradient.stops] = GradientTable.make(gradient)
            }
            kind = .gradient(gradient, table: tables[gradient.stops] ?? GradientTable.make(gradient))
            inverse = transform.inverted()
        case .image(let image):
            kind = .image(image)
            inverse = image.transform.concatenating(transform).inverted()
        }
        invertible = transform.isInvertible
    }

    /// The one colour of a solid paint, or `nil` when colours vary per pixel.
    var solidColor: UInt32? {
        if case .solid(let color) = kind { return color }
        return nil
    }

    /// Whether every colour this shader writes is opaque: a gradient whose stops all are (the
    /// dither never lowers an opaque alpha), under an invertible transform. Such colours may go
    /// straight into fully covered pixels, which source-over would set to exactly them.
    var isOpaque: Bool {
        guard invertible, case .gradient(let gradient, _) = kind else { return false }
        return gradient.stops.allSatisfy { $0.opacity >= 1 }
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
        _ gradient: GradientPaint, table: [UInt64], row: Int, column: Int, count: Int,
        into colors: UnsafeMutablePointer<UInt32>
    ) {
        let span = GradientSpan(gradient: gradient, inverse: inverse)
        table.withUnsafeBufferPointer { table in
            span.shade(row: row, column: column, count: count, table: table, into: colors)
        }
    }

    /// Rounds to the nearest code values (NaN as 0) and keeps each colour channel within
    /// alpha, so the result is validly premultiplied.
    @inline(__always)
    private static func pack(_ color: SIMD4<Float>) -> UInt32 {
        let clamped = color.replacing(with: 0, where: .!(color .>= 0)).replacing(
            with: 255, where: color .> 255)
        let bits = unsafeBitCast(clamped + 8_388_608, to: SIMD4<UInt32>.self) & 0x1FF
        let limited = bits.replacing(with: bits.w, where: bits .> bits.w)
        return limited.x | limited.y << 8 | limited.z << 16 | limited.w << 24
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
                    guard paint.smooth else {
                        colors[i] = Self.pack(
                            texel(Int(point.x.rounded(.down)), Int(point.y.rounded(.down))))
                        continue
                    }
                    // Bilinear between the four texel centres around the sample point.
                    let (u, v) = (point.x - 0.5, point.y - 0.5)
                    let (x0, y0) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
                    let (fx, fy) = (Float(u - Double(x0)), Float(v - Double(y0)))
                    let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
                    let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
                    colors[i] = Self.pack(top * (1 - fy) + bottom * fy)
                }
            }
        }
    }
}
