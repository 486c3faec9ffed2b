/// Source-over of an opaque colour into four pixels at once, as the interpolation it is:
/// with the source alpha equal to the weight w, `colour·w + old·(1 − w)`, each channel
/// `(colour·w + old·(255 − w)) / 255` rounded to nearest once — half the multiplies of
/// scaling both sides and reading the source alpha back, and never further from the exact
/// value than rounding each product.
///
/// Red–blue and green–alpha pairs sit in 16-bit lanes as in `LaneSourceOver`;
/// colour·w + old·(255 − w) + 128 ≤ 65 153 fits.
struct LaneInterpolation: LaneBlender {
    private let color: UInt32
    private let colors: SIMD4<UInt32>
    private let redBlue: SIMD4<UInt32>
    private let greenAlpha: SIMD4<UInt32>

    /// `color` must be opaque (alpha 255).
    init(color: UInt32) {
        self.color = color
        colors = SIMD4(repeating: color)
        redBlue = SIMD4(repeating: color & 0x00FF_00FF)
        greenAlpha = SIMD4(repeating: color >> 8 & 0x00FF_00FF)
    }

    /// Fully covered pixels become the colour: the inside of a shape is stored.
    @inline(__always)
    func replaceIfCovered(coverage: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt32>) -> Bool {
        let values = UnsafeRawPointer(coverage).loadUnaligned(as: SIMD4<Float>.self)
        guard all(values .>= 1) else { return false }
        UnsafeMutableRawPointer(pixels).storeBytes(of: colors, as: SIMD4<UInt32>.self)
        return true
    }

    @inline(__always)
    func blend(
        coverage: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt32>, skipping skipped: Int
    ) {
        let weights = Self.weights(coverage, skipping: skipped)
        let paired = weights | weights &<< 16
        let inverse = 0x00FF_00FF &- paired
        let raw = UnsafeMutableRawPointer(pixels)
        let destination = raw.loadUnaligned(as: SIMD4<UInt32>.self)
        let redBlue =
            PixelLanes.multiply(self.redBlue, paired)
            &+ PixelLanes.multiply(destination & 0x00FF_00FF, inverse)
        let greenAlpha =
            PixelLanes.multiply(self.greenAlpha, paired)
            &+ PixelLanes.multiply(destination &>> 8 & 0x00FF_00FF, inverse)
        let result =
            PixelLanes.divideBy255(redBlue &+ 0x80) | PixelLanes.divideBy255(greenAlpha &+ 0x80) &<< 8
        raw.storeBytes(of: result, as: SIMD4<UInt32>.self)
    }

    @inline(__always)
    func blend(weight: UInt32, over pixel: UInt32) -> UInt32 {
        let inverse = 255 &- weight
        let redBlue = (color & 0x00FF_00FF) &* weight &+ (pixel & 0x00FF_00FF) &* inverse &+ 0x0080_0080
        let greenAlpha =
            (color >> 8 & 0x00FF_00FF) &* weight &+ (pixel >> 8 & 0x00FF_00FF) &* inverse &+ 0x0080_0080
        return SourceOver.divideBy255(pairs: redBlue) | SourceOver.divideBy255(pairs: greenAlpha) << 8
    }
}
