/// `SourceOver` of one colour into four pixels at once, in 128-bit vector lanes.
///
/// Each pixel's red–blue and green–alpha pairs sit in 16-bit lanes, so one 16-bit multiply
/// scales eight channels (x·f + 128 ≤ 65 153 fits), and the result equals the scalar
/// `SourceOver` bit for bit, weights included. Only lane-wise operations and bit casts are used:
/// the standard library's conversions between vector types compile to per-lane calls.
struct QuadSourceOver {
    static let lanes = 4

    private let color: SIMD4<UInt32>
    private let redBlue: SIMD4<UInt32>
    private let greenAlpha: SIMD4<UInt32>

    init(color: UInt32) {
        self.color = SIMD4(repeating: color)
        redBlue = SIMD4(repeating: color & 0x00FF_00FF)
        greenAlpha = SIMD4(repeating: color >> 8 & 0x00FF_00FF)
    }

    /// Stores the colour, which must be opaque, in `pixels[0..<4]` when all four are fully
    /// covered — what `blend` would give — and returns whether it did.
    @inline(__always)
    func replaceIfCovered(coverage: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt32>) -> Bool {
        let values = UnsafeRawPointer(coverage).loadUnaligned(as: SIMD4<Float>.self)
        guard all(values .>= 1) else { return false }
        UnsafeMutableRawPointer(pixels).storeBytes(of: color, as: SIMD4<UInt32>.self)
        return true
    }

    /// Blends the colour over `pixels[skipped..<4]`, weighted by `coverage[skipped..<4]`; the
    /// first `skipped` pixels get weight 0, which leaves them exactly as they are.
    @inline(__always)
    func blend(
        coverage: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt32>, skipping skipped: Int
    ) {
        let lane = SIMD4<UInt32>(0, 1, 2, 3)
        let weights = Self.weights(UnsafeRawPointer(coverage).loadUnaligned(as: SIMD4<Float>.self))
            .replacing(with: 0, where: lane .< UInt32(truncatingIfNeeded: skipped))
        let paired = weights | weights &<< 16
        let sourceGreenAlpha = Self.scale(greenAlpha, by: paired)
        let source = Self.scale(redBlue, by: paired) | sourceGreenAlpha &<< 8
        // 255 − the source's alpha, in both halves of each lane.
        let alpha = sourceGreenAlpha & 0xFFFF_0000
        let factor = unsafeBitCast(
            255 &- unsafeBitCast(alpha | alpha &>> 16, to: SIMD8<UInt16>.self), to: SIMD4<UInt32>.self)
        let raw = UnsafeMutableRawPointer(pixels)
        let destination = raw.loadUnaligned(as: SIMD4<UInt32>.self)
        let kept =
            Self.scale(destination & 0x00FF_00FF, by: factor)
            | Self.scale(destination &>> 8 & 0x00FF_00FF, by: factor) &<< 8
        raw.storeBytes(of: source &+ kept, as: SIMD4<UInt32>.self)
    }

    /// `SourceOver.weight` of four coverage values: clamped to 0…1 (NaN to 0), times 255, plus
    /// ½, rounded down. Adding 2²³ rounds a float in 0…2²³ to an integer in its low mantissa
    /// bits (to nearest, ties to even); one subtraction where that went up makes it the floor.
    @inline(__always)
    static func weights(_ coverage: SIMD4<Float>) -> SIMD4<UInt32> {
        let value =
            coverage.replacing(with: 0, where: .!(coverage .> 0)).replacing(with: 1, where: coverage .>= 1)
            * 255 + 0.5
        let shifted = value + 8_388_608
        let rounded = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) &- 0x4B00_0000
        return rounded.replacing(with: rounded &- 1, where: shifted - 8_388_608 .> value)
    }

    /// `SourceOver.scale` on 16-bit lanes: every channel pair of `pairs` (0x00XX00YY per lane)
    /// times its lane's `factors` (the factor in both halves) / 255, rounded to nearest.
    @inline(__always)
    private static func scale(_ pairs: SIMD4<UInt32>, by factors: SIMD4<UInt32>) -> SIMD4<UInt32> {
        var t =
            unsafeBitCast(pairs, to: SIMD8<UInt16>.self) &* unsafeBitCast(factors, to: SIMD8<UInt16>.self)
            &+ 0x80
        t = (t &+ t &>> 8) &>> 8
        return unsafeBitCast(t, to: SIMD4<UInt32>.self)
    }
}
