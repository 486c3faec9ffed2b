import CLanes
import FlipbookGeometry
import Foundation

/// The lanes radial, two-point and conic gradient spans are shaded in: AVX2's eight pixels a
/// step (`wide`, the C kernels of `CLanes`' `GradientWideLanes.c`, where the processor has
/// AVX2), or the four of `GradientSpan`'s Swift loops (`narrow`, SSE2, every x86-64 processor).
/// Both give the same bytes.
package enum GradientLanes: Sendable {
    case wide, narrow

    /// The widest this processor has.
    package static let widest: GradientLanes = flipbook_has_wide_lanes() ? .wide : .narrow
}

/// Radial, two-point and conic spans eight or four pixels at a time: sample points in `Float`
/// lanes, a square root per lane, a cone's root or an angle from a polynomial (no call per
/// pixel), turned into table indices rounded to the nearest entry and clamped, then packed two
/// pixels at a time as the linear span does (`storePair`). `Float` keeps a position to within
/// 1/1000 of an entry for sample points within `laneReach` of the centre, so a pixel is at most
/// one entry (⅛ code value of a full-range ramp) from the `Double` loop's; beyond that reach the
/// callers' `Double` loops draw.
extension GradientSpan {
    /// How far from the gradient's centre, in paint units, a span may reach and be drawn in
    /// lanes: `Float`'s 24 bits then hold a distance to 1/500 px.
    static let laneReach = 8192.0

    /// Stores the pixels of the ramp positions `t` (each rounded to the nearest table entry,
    /// clamped to the table, NaN as 0), with the dither of `column` onwards, at `target`.
    @inline(__always)
    private static func store(
        _ t: SIMD4<Float>, _ table: UnsafeBufferPointer<UInt64>, _ column: Int,
        _ dither: UnsafePointer<UInt16>, at target: UnsafeMutablePointer<UInt32>
    ) {
        let top = Float(GradientTable.count - 1)
        let index = flipbook_table_indices(t, top, top)
        storePair(table[Int(index[0])], table[Int(index[1])], column, dither, at: target)
        storePair(table[Int(index[2])], table[Int(index[3])], column + 2, dither, at: target + 2)
    }

    /// A padded radial span: `t = (|p| − r₀) / (r₁ − r₀)` for the sample point `p` (from the
    /// centre) of each pixel, which moves by `step` a pixel. `false` when the span reaches too
    /// far or the radii are equal (or not finite), for the `Double` loop to draw.
    @inline(__always)
    static func shadeRadialLanes(
        _ start: (x: Double, y: Double), _ step: (x: Double, y: Double), _ radii: (Double, Double),
        _ count: Int, _ column: Int, _ table: UnsafeBufferPointer<UInt64>, _ dither: UnsafePointer<UInt16>,
        _ colors: UnsafeMutablePointer<UInt32>, lanes widths: GradientLanes
    ) -> Bool {
        let span = radii.1 - radii.0
        guard span != 0, span.isFinite, radii.0.isFinite, withinReach(start, step, count) else {
            return false
        }
        let (reciprocal, first) = (Float(1 / span), Float(radii.0))
        var i = 0
        if widths == .wide {
            i = flipbook_radial_span_wide(
                start.x, start.y, step.x, step.y, first, reciprocal, count, table.baseAddress,
                Float(GradientTable.count - 1), dither, column, colors)
        }
        let lanes = SIMD4<Float>(0, 1, 2, 3)
        while i + 4 <= count {
            // From the span's start each time, so that no error builds up along the row.
            let x = Float(start.x + Double(i) * step.x) + lanes * Float(step.x)
            let y = Float(start.y + Double(i) * step.y) + lanes * Float(step.y)
            let t = ((x * x + y * y).squareRoot() - first) * reciprocal
            store(t, table, column + i, dither, at: colors + i)
            i += 4
        }
        while i < count {
            let (x, y) = (start.x + Double(i) * step.x, start.y + Double(i) * step.y)
            let t = ((x * x + y * y).squareRoot() - radii.0) / span
            colors[i] = pixel(table, spread(t, .pad), dither[(column + i) & DitherTile.mask])
            i += 1
        }
        return true
    }

    /// A padded two-point span of a nested cone (`TwoPointCone.laneConstants`): each sample
    /// point, in units of the cone's larger radius, through the stable root of the cone's
    /// quadratic. `false` when the cone has no lane constants or the span reaches too far, for
    /// the `Double` loop to draw.
    @inline(__always)
    static func shadeTwoPointLanes(
        _ start: (x: Double, y: Double), _ step: (x: Double, y: Double), _ cone: TwoPointCone,
        _ count: Int, _ column: Int, _ table: UnsafeBufferPointer<UInt64>, _ dither: UnsafePointer<UInt16>,
        _ colors: UnsafeMutablePointer<UInt32>, lanes widths: GradientLanes
    ) -> Bool {
        guard let (cone: lanesCone, unit) = cone.laneConstants, withinReach(start, step, count) else {
            return false
        }
        var constants = lanesCone
        // In units of the larger radius, as the constants are.
        let scaled = (x: start.x / unit, y: start.y / unit, stepX: step.x / unit, stepY: step.y / unit)
        var i = 0
        if widths == .wide {
            i = flipbook_two_point_span_wide(
                scaled.x, scaled.y, scaled.stepX, scaled.stepY, &constants, count, table.baseAddress,
                Float(GradientTable.count - 1), dither, column, colors)
        }
        let lanes = SIMD4<Float>(0, 1, 2, 3)
        let (axisX, axisY) = (SIMD4(repeating: constants.axis_x), SIMD4(repeating: constants.axis_y))
        let (offset, squared) = (
            SIMD4(repeating: constants.offset), SIMD4(repeating: constants.start_radius_squared)
        )
        let (a, signedA, sign) = (
            SIMD4(repeating: constants.a), SIMD4(repeating: constants.signed_a),
            SIMD4(repeating: constants.sign)
        )
        while i + 4 <= count {
            let x = Float(scaled.x + Double(i) * scaled.stepX) + lanes * Float(scaled.stepX)
            let y = Float(scaled.y + Double(i) * scaled.stepY) + lanes * Float(scaled.stepY)
            let b = x * axisX + y * axisY + offset
            let c = x * x + y * y - squared
            let d = b * b - a * c
            let root = d.replacing(with: 0, where: d .< 0).squareRoot()
            let far = b .> 0
            let numerator = (b - root).replacing(with: c * sign, where: far)
            let denominator = signedA.replacing(with: b + root, where: far)
            store(numerator / denominator, table, column + i, dither, at: colors + i)
            i += 4
        }
        while i < count {
            let t = cone.position(x: start.x + Double(i) * step.x, y: start.y + Double(i) * step.y) ?? 0
            colors[i] = pixel(table, spread(t, .pad), dither[(column + i) & DitherTile.mask])
            i += 1
        }
        return true
    }

    /// Whether a span of `count` pixels from `start` by `step` stays within `laneReach` of the
    /// centre on both axes, where `Float` lanes keep their precision.
    @inline(__always)
    static func withinReach(_ start: (x: Double, y: Double), _ step: (x: Double, y: Double), _ count: Int)
        -> Bool
    {
        let end = (x: start.x + step.x * Double(count), y: start.y + step.y * Double(count))
        return abs(start.x) < laneReach && abs(start.y) < laneReach && abs(end.x) < laneReach
            && abs(end.y) < laneReach
    }

    /// A conic span of one full turn from `startAngle` (radians; clockwise on screen unless
    /// `clockwise` is false): each pixel's angle about the centre from the start, in turns,
    /// four at a time by `flipbook_turns_from` (a polynomial within 2·10⁻⁶ of a turn of
    /// `atan2`, a five-hundredth of a table entry). `false` when the span reaches too far, for
    /// the `atan2` loop to draw.
    @inline(__always)
    static func shadeConicLanes(
        _ start: (x: Double, y: Double), _ step: (x: Double, y: Double), _ startAngle: Double,
        clockwise: Bool, _ count: Int, _ column: Int, _ table: UnsafeBufferPointer<UInt64>,
        _ dither: UnsafePointer<UInt16>, _ colors: UnsafeMutablePointer<UInt32>, lanes widths: GradientLanes
    ) -> Bool {
        guard startAngle.isFinite, withinReach(start, step, count) else { return false }
        let turn = 2 * Double.pi
        let offset = Float((startAngle / turn) - (startAngle / turn).rounded(.down))
        var i = 0
        if widths == .wide {
            i = flipbook_conic_span_wide(
                start.x, start.y, step.x, step.y, offset, clockwise, count, table.baseAddress,
                Float(GradientTable.count - 1), dither, column, colors)
        }
        let lanes = SIMD4<Float>(0, 1, 2, 3)
        while i + 4 <= count {
            let x = Float(start.x + Double(i) * step.x) + lanes * Float(step.x)
            let y = Float(start.y + Double(i) * step.y) + lanes * Float(step.y)
            let t = flipbook_turns_from(x, y, offset)
            store(clockwise ? t : 1 - t, table, column + i, dither, at: colors + i)
            i += 4
        }
        while i < count {
            var angle = atan2(start.y + Double(i) * step.y, start.x + Double(i) * step.x) - startAngle
            angle -= (angle / turn).rounded(.down) * turn
            let t = angle / turn
            colors[i] = pixel(
                table, spread(clockwise ? t : 1 - t, .pad), dither[(column + i) & DitherTile.mask])
            i += 1
        }
        return true
    }
}

extension GradientPaint {
    /// The packed colours a fill under `transform` gives the `count` pixels from (`column`,
    /// `row`) on, shaded in `lanes`: so that tests can hold every width to the same bytes.
    package func shadedSpan(
        row: Int, column: Int, count: Int, transform: CGAffineTransform = .identity, lanes: GradientLanes
    ) -> [UInt32] {
        var span = GradientSpan(gradient: self, inverse: transform.inverted())
        span.lanes = lanes
        let table = GradientTable.make(self)
        return [UInt32](unsafeUninitializedCapacity: count) { colors, initialized in
            guard let target = colors.baseAddress else { return }
            table.withUnsafeBufferPointer { table in
                span.shade(row: row, column: column, count: count, table: table, into: target)
            }
            initialized = count
        }
    }
}
