/// `SourceOver` of a colour that is not opaque into four pixels at once, in `PixelLanes`: the
/// result equals the scalar `SourceOver` bit for bit, weights included.
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
        let sourceGreenAlpha = PixelLanes.scale(pairs: greenAlpha, by: paired)
        let source = PixelLanes.scale(pairs: redBlue, by: paired) | sourceGreenAlpha &<< 8
        // 255 − the source's alpha, in both halves of each lane.
        let alpha = sourceGreenAlpha & 0xFFFF_0000
        let factor = unsafeBitCast(
            255 &- unsafeBitCast(alpha | alpha &>> 16, to: SIMD8<UInt16>.self), to: SIMD4<UInt32>.self)
        let raw = UnsafeMutableRawPointer(pixels)
        let destination = raw.loadUnaligned(as: SIMD4<UInt32>.self)
        let kept = PixelLanes.scale(destination, by: factor)
        raw.storeBytes(of: source &+ kept, as: SIMD4<UInt32>.self)
    }

    @inline(__always)
    func blend(weight: UInt32, over pixel: UInt32) -> UInt32 {
        SourceOver.blend(SourceOver.scale(color, by: weight), over: pixel)
    }

}
