import FlipbookGeometry
import Foundation

/// The gradient colours of a row of device pixels, computed per span rather than per pixel
/// through generic code. A test holds every pixel to within one code value of the exact colour
/// it computes from the definitions (`everyGradientPixelIsWithinOneCodeValueOfTheExactRamp`).
///
/// - Linear: the ramp position is affine along a row, so it is `t₀ + i·Δt` from one inverse
///   transform per span.
/// - Radial: the sample point moves by a constant step in paint space; one square root a pixel,
///   four pixels at a time in `Float` lanes when padded (`shadeRadialLanes`).
/// - Two-point: the root of the cone's quadratic at each sample point (`TwoPointCone`), four
///   pixels at a time in `Float` lanes when padded and nested (`shadeTwoPointLanes`); one
///   quadratic a pixel in `Double` otherwise, transparent where no circle passes.
/// - Conic: the angle of each pixel, four at a time from a polynomial when the gradient is a
///   full padded turn (`shadeConicLanes`); one `atan2` a pixel otherwise (the reference).
///
/// Positions go through the spread mode with truncation instead of `floor` calls, then pick the
/// nearest of `GradientTable`'s 1024 entries: four premultiplied channels in 8.8 fixed point in
/// one 64-bit word. The dither threshold (`DitherTile`, 0…255 in 256ths) is added to all four at
/// once, and the integer parts are gathered into the packed pixel with shifts and masks — no
/// floating point, clamping or branches per channel. (Entries keep colour ≤ alpha, and adding
/// the same threshold to both keeps it so.)
struct GradientSpan {
    let gradient: GradientPaint
    /// Device pixels → paint space.
    let inverse: CGAffineTransform
    /// The lanes radial, two-point and conic spans are shaded in.
    var lanes = GradientLanes.widest

    /// Writes the colours of pixels (`column` …, `row`) into `colors[0..<count]`.
    func shade(
        row: Int, column: Int, count: Int, table: UnsafeBufferPointer<UInt64>,
        into colors: UnsafeMutablePointer<UInt32>
    ) {
        DitherTile.withRow(row) { dither in
            let origin = CGPoint(x: Double(column) + 0.5, y: Double(row) + 0.5).applying(inverse)
            let (stepX, stepY) = (inverse.a, inverse.b)
            let spread = gradient.spread
            switch gradient.geometry {
            case .linear(let start, let end):
                let (dx, dy) = (end.x - start.x, end.y - start.y)
                let length = dx * dx + dy * dy
                let t0 = length > 0 ? ((origin.x - start.x) * dx + (origin.y - start.y) * dy) / length : 1
                let dt = length > 0 ? (stepX * dx + stepY * dy) / length : 0
                if spread == .pad, Self.shadePadded(t0, dt, count, column, table, dither, colors) { return }
                for i in 0..<count {
                    let t = Self.spread(t0 + Double(i) * dt, spread)
                    colors[i] = Self.pixel(table, t, dither[(column + i) & DitherTile.mask])
                }
            case .radial(let center, let startRadius, let endRadius):
                let (px, py) = (origin.x - center.x, origin.y - center.y)
                if spread == .pad,
                    Self.shadeRadialLanes(
                        (px, py), (stepX, stepY), (startRadius, endRadius), count, column, table, dither,
                        colors, lanes: lanes)
                {
                    return
                }
                let span = endRadius - startRadius
                let reciprocal = span != 0 ? 1 / span : 0
                for i in 0..<count {
                    let (x, y) = (px + Double(i) * stepX, py + Double(i) * stepY)
                    let distance = (x * x + y * y).squareRoot()
                    let t =
                        span != 0 ? (distance - startRadius) * reciprocal : (distance < startRadius ? 0 : 1)
                    colors[i] = Self.pixel(
                        table, Self.spread(t, spread), dither[(column + i) & DitherTile.mask])
                }
            case .twoPoint(let startCenter, let startRadius, let endCenter, let endRadius):
                let cone = TwoPointCone(
                    startCenter: startCenter, startRadius: startRadius, endCenter: endCenter,
                    endRadius: endRadius)
                let (px, py) = (origin.x - startCenter.x, origin.y - startCenter.y)
                if spread == .pad,
                    Self.shadeTwoPointLanes(
                        (px, py), (stepX, stepY), cone, count, column, table, dither, colors, lanes: lanes)
                {
                    return
                }
                for i in 0..<count {
                    guard let t = cone.position(x: px + Double(i) * stepX, y: py + Double(i) * stepY) else {
                        colors[i] = 0
                        continue
                    }
                    colors[i] = Self.pixel(
                        table, Self.spread(t, spread), dither[(column + i) & DitherTile.mask])
                }
            case .conic(let center, let startAngle, let endAngle):
                // A full turn, to rounding: `conicGradient` ends its turn at start + 2π.
                if abs(abs(endAngle - startAngle) - 2 * Double.pi) < 1e-12,
                    Self.shadeConicLanes(
                        (origin.x - center.x, origin.y - center.y), (stepX, stepY), startAngle,
                        clockwise: endAngle > startAngle, count, column, table, dither, colors, lanes: lanes)
                {
                    return
                }
                for i in 0..<count {
                    let point = CGPoint(x: origin.x + Double(i) * stepX, y: origin.y + Double(i) * stepY)
                    let t = Self.spread(gradient.position(of: point), spread)
                    colors[i] = Self.pixel(table, t, dither[(column + i) & DitherTile.mask])
                }
            }
        }
    }

    /// A padded linear span in integers: the table index moves by a constant step, kept in 16.16
    /// fixed point (over a row of 65 536 pixels the steps add up to less than an entry of error),
    /// clamped to the table's ends. `false` when the positions are too large for that (a ramp
    /// shorter than a pixel, or a span far outside it), for the general loop to draw.
    @inline(__always)
    private static func shadePadded(
        _ t0: Double, _ dt: Double, _ count: Int, _ column: Int, _ table: UnsafeBufferPointer<UInt64>,
        _ dither: UnsafePointer<UInt16>, _ colors: UnsafeMutablePointer<UInt32>
    ) -> Bool {
        let scale = Double(GradientTable.count - 1) * 65_536
        let (first, step) = (t0 * scale + 32_768, dt * scale)
        let last = first + step * Double(count)
        guard abs(first) < 1e15, abs(last) < 1e15, abs(step) < 1e12 else { return false }
        let (start, increment) = (Int64(first), Int64(step))
        let top = Int64(GradientTable.count - 1)
        @inline(__always) func entry(_ i: Int) -> UInt64 {
            table[Int(min(max((start &+ Int64(i) &* increment) >> 16, 0), top))]
        }
        var i = 0
        while i + 2 <= count {
            storePair(entry(i), entry(i + 1), column + i, dither, at: colors + i)
            i += 2
        }
        if i < count { colors[i] = Self.pack(entry(i), dither[(column + i) & DitherTile.mask]) }
        return true
    }

    /// Two table entries with the dither thresholds of columns `column` and `column + 1` added,
    /// stored as two packed pixels at `target`: `pack`'s arithmetic on eight 16-bit lanes of
    /// one 128-bit register, narrowed to the eight bytes of the two pixels.
    @inline(__always)
    static func storePair(
        _ first: UInt64, _ second: UInt64, _ column: Int, _ dither: UnsafePointer<UInt16>,
        at target: UnsafeMutablePointer<UInt32>
    ) {
        let lanes = unsafeBitCast(SIMD2(first, second), to: SIMD8<UInt16>.self)
        let (a, b) = (dither[column & DitherTile.mask], dither[(column + 1) & DitherTile.mask])
        let bytes = SIMD8<UInt8>(truncatingIfNeeded: (lanes &+ SIMD8(a, a, a, a, b, b, b, b)) &>> 8)
        UnsafeMutableRawPointer(target).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
    }

    /// The packed pixel at ramp position `t` (0…1) with dither `threshold` (0…255).
    @inline(__always)
    static func pixel(_ table: UnsafeBufferPointer<UInt64>, _ t: Double, _ threshold: UInt16) -> UInt32 {
        // Rounded to the nearest entry by adding 1.5·2⁵², which leaves the integer in the low
        // bits of the mantissa; the mask keeps the index in the table without a range check.
        let scaled = t * Double(GradientTable.count - 1) + 6_755_399_441_055_744
        return pack(table[Int(truncatingIfNeeded: scaled.bitPattern) & (GradientTable.count - 1)], threshold)
    }

    /// A table entry with dither `threshold` (0…255) added, as a packed pixel.
    @inline(__always)
    static func pack(_ entry: UInt64, _ threshold: UInt16) -> UInt32 {
        // Each 16-bit lane ≤ 255·256 + 255: adding the threshold to all four never carries.
        let sum = (entry &+ UInt64(threshold) &* 0x0001_0001_0001_0001) >> 8 & 0x00FF_00FF_00FF_00FF
        let pairs = (sum | sum >> 8) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: pairs | pairs >> 16)
    }

    /// `t` mapped into 0…1 by the spread mode, without a call to `floor` (NaN → 0; positions
    /// beyond ±2⁵² have no fraction left and count as 0).
    @inline(__always)
    static func spread(_ t: Double, _ mode: GradientPaint.Spread) -> Double {
        switch mode {
        case .pad: return t > 0 ? (t < 1 ? t : 1) : 0
        case .repeat:
            guard abs(t) < 4.5e15 else { return 0 }
            let fraction = t - Double(Int64(t))
            return fraction < 0 ? fraction + 1 : fraction
        case .mirror:
            guard abs(t) < 4.5e15 else { return 0 }
            var period = t - 2 * Double(Int64(t / 2))
            if period < 0 { period += 2 }
            return period > 1 ? 2 - period : period
        }
    }
}

/// A gradient's colours at 1024 evenly spaced ramp positions, each the four premultiplied
/// channels in 8.8 fixed point packed in one word (red in the low 16 bits): what `GradientSpan`
/// looks up. Nearest-entry lookup is within ⅛ code value of the exact ramp for a full-range
/// stop pair, and moves a hard stop by at most 1/2048 of the ramp.
enum GradientTable {
    static let count = 1024
    /// How many tables a rasterizer keeps (8 KB each).
    static let cacheLimit = 64

    static func make(_ gradient: GradientPaint) -> [UInt64] {
        (0..<count).map { index in
            let color = gradient.color(at: Double(index) / Double(count - 1))
            let alpha = fixed(color.w)
            func channel(_ value: Float) -> UInt64 { min(fixed(value), alpha) }
            return channel(color.x) | channel(color.y) << 16 | channel(color.z) << 32 | alpha << 48
        }
    }

    /// 0…255 → 8.8 fixed point, rounded, NaN as 0.
    private static func fixed(_ value: Float) -> UInt64 {
        guard value > 0 else { return 0 }
        return UInt64(min(value, 255) * 256 + 0.5) & 0xFFFF
    }
}
