/// `SourceOver` of a colour that is not opaque into four pixels at once.
///
/// Each pixel's red–blue and green–alpha pairs sit in 16-bit lanes, so one 16-bit multiply
/// scales eight channels (x·f + 128 ≤ 65 153 fits), and the result equals the scalar
/// `SourceOver` bit for bit, weights included.
struct LaneSourceOver: LaneBlender {
    private let color: UInt32
    private let redBlue: SIMD4<UInt32>
    private let greenAlpha: SIMD4<UInt32>

    init(color: UInt32) {
        self.color = color
        redBlue = SIMD4(repeating: color & 0x00FF_00FF)
        greenAlpha = SIMD4(repeating: color >> 8 & 0x00FF_00FF)
    }

    /// Never: a colour that is not opaque does not replace what it covers.
    @inline(__always)
    func replaceIfCovered(coverage: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt32>) -> Bool {
        false
    }

    @inline(__always)
    func blend(
        coverage: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt32>, skipping skipped: Int
    ) {
        let weights = Self.weights(coverage, skipping: skipped)
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

    @inline(__always)
    func blend(weight: UInt32, over pixel: UInt32) -> UInt32 {
        SourceOver.blend(SourceOver.scale(color, by: weight), over: pixel)
    }

    /// `SourceOver.scale` on 16-bit lanes: every channel pair of `pairs` (0x00XX00YY per lane)
    /// times its lane's `factors` (the factor in both halves) / 255, rounded to nearest.
    @inline(__always)
    private static func scale(_ pairs: SIMD4<UInt32>, by factors: SIMD4<UInt32>) -> SIMD4<UInt32> {
        divideBy255(multiply(pairs, factors) &+ 0x80)
    }
}
