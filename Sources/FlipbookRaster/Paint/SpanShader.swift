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
    /// dither never lowers an opaque alpha) and which paints every point, under an invertible
    /// transform. Such colours may go straight into fully covered pixels, which source-over
    /// would set to exactly them.
    var isOpaque: Bool {
        guard invertible, case .gradient(let gradient, _) = kind else { return false }
        return gradient.stops.allSatisfy { $0.opacity >= 1 } && gradient.paintsEveryPoint
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
            ImageSpan(paint: image, inverse: inverse).shade(
                row: row, column: column, count: count, into: colors)
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
    static func pack(_ color: SIMD4<Float>) -> UInt32 {
        let clamped = color.replacing(with: 0, where: .!(color .>= 0)).replacing(
            with: 255, where: color .> 255)
        let bits = unsafeBitCast(clamped + 8_388_608, to: SIMD4<UInt32>.self) & 0x1FF
        let limited = bits.replacing(with: bits.w, where: bits .> bits.w)
        return limited.x | limited.y << 8 | limited.z << 16 | limited.w << 24
    }
}
