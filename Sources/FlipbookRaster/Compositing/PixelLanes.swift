/// Integer arithmetic on four packed premultiplied RGBA8 pixels at once, in 128-bit vector
/// lanes: each pixel's red–blue and green–alpha pairs (0x00XX00YY) sit in 16-bit lanes, so one
/// 16-bit multiply scales eight channels (x·f + 128 ≤ 65 153 fits), and every result equals
/// `SourceOver`'s scalar one bit for bit.
///
/// Only lane-wise operations and bit casts are used: the standard library's conversions
/// between vector types compile to per-lane calls.
enum PixelLanes {
    /// (t + (t >> 8)) >> 8 in 16-bit lanes: t / 255 rounded to nearest when t already holds
    /// the + 128 (the identity behind `SourceOver.scale`).
    @inline(__always)
    static func divideBy255(_ t: SIMD8<UInt16>) -> SIMD4<UInt32> {
        unsafeBitCast((t &+ t &>> 8) &>> 8, to: SIMD4<UInt32>.self)
    }

    /// Two 8-bit channels per 32-bit lane (0x00XX00YY) times 16-bit factors, in 16-bit lanes.
    @inline(__always)
    static func multiply(_ pairs: SIMD4<UInt32>, _ factors: SIMD4<UInt32>) -> SIMD8<UInt16> {
        unsafeBitCast(pairs, to: SIMD8<UInt16>.self) &* unsafeBitCast(factors, to: SIMD8<UInt16>.self)
    }

    /// `SourceOver.scale` of channel pairs: every pair of `pairs` times its lane's `factors`
    /// (the factor in both halves) / 255, rounded to nearest.
    @inline(__always)
    static func scale(pairs: SIMD4<UInt32>, by factors: SIMD4<UInt32>) -> SIMD4<UInt32> {
        divideBy255(multiply(pairs, factors) &+ 0x80)
    }

    /// `SourceOver.scale` of whole pixels: all four channels of each times its lane's `factors`
    /// (the factor in both halves) / 255, rounded to nearest.
    @inline(__always)
    static func scale(_ pixels: SIMD4<UInt32>, by factors: SIMD4<UInt32>) -> SIMD4<UInt32> {
        scale(pairs: pixels & 0x00FF_00FF, by: factors) | scale(
            pairs: pixels &>> 8 & 0x00FF_00FF, by: factors) &<< 8
    }

    /// `SourceOver.blend` of four pixels: each of `top` over the pixel of `under` in its lane,
    /// `top + under × (255 − top's alpha) / 255`.
    @inline(__always)
    static func blend(_ top: SIMD4<UInt32>, over under: SIMD4<UInt32>) -> SIMD4<UInt32> {
        // 255 − each pixel's alpha, in both halves of its lane.
        let alpha = top & 0xFF00_0000
        return top &+ scale(under, by: 0x00FF_00FF &- (alpha &>> 24 | alpha &>> 8))
    }
}
