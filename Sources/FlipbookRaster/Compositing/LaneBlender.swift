/// Composites one colour into four pixels at a time, each weighted by its coverage, in 128-bit
/// vector lanes: what `SourceOver.blendSpan` runs over a span. A conforming type also
/// composites single pixels (`blend(weight:over:)`) with bit-identical results, for spans
/// shorter than four.
///
/// Pixels are computed with `PixelLanes`.
protocol LaneBlender {
    /// Stores the colour in `pixels[0..<4]` when all four are fully covered and the result
    /// would be the colour itself, and returns whether it did.
    func replaceIfCovered(coverage: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt32>) -> Bool

    /// Composites the colour into `pixels[skipped..<4]`, weighted by `coverage[skipped..<4]`;
    /// the first `skipped` pixels get weight 0, which leaves them exactly as they are.
    func blend(
        coverage: UnsafePointer<Float>, into pixels: UnsafeMutablePointer<UInt32>, skipping skipped: Int)

    /// The same for one pixel with its weight (1…255).
    func blend(weight: UInt32, over pixel: UInt32) -> UInt32
}

extension LaneBlender {
    static var lanes: Int { 4 }

    /// The weights of four coverages, with the first `skipped` set to 0.
    @inline(__always)
    static func weights(_ coverage: UnsafePointer<Float>, skipping skipped: Int) -> SIMD4<UInt32> {
        let lane = SIMD4<UInt32>(0, 1, 2, 3)
        return weights(UnsafeRawPointer(coverage).loadUnaligned(as: SIMD4<Float>.self))
            .replacing(with: 0, where: lane .< UInt32(truncatingIfNeeded: skipped))
    }

    /// `SourceOver.weight` of four coverage values from the sweep: times 255, plus ½, rounded
    /// down. Adding 2²³ rounds a float in 0…2²³ to an integer in its low mantissa bits (to
    /// nearest, ties to even); one subtraction where that went up makes it the floor.
    ///
    /// The sweep's rules (`WindingCoverage`) give coverage in 0…1, or NaN where a cell holds
    /// one (a segment with coordinates near ±10³⁰⁸ can put it there); only NaN, which would
    /// make a garbage integer, is mapped to 0 here. Clamping to 0…1 as well, as the scalar
    /// `SourceOver.weight` does for every caller, cost five instructions per four pixels.
    @inline(__always)
    static func weights(_ coverage: SIMD4<Float>) -> SIMD4<UInt32> {
        let value = coverage.replacing(with: 0, where: coverage .!= coverage) * 255 + 0.5
        let shifted = value + 8_388_608
        let rounded = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) &- 0x4B00_0000
        return rounded.replacing(with: rounded &- 1, where: shifted - 8_388_608 .> value)
    }
}
