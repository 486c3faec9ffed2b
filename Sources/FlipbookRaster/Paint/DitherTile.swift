/// Dither thresholds for gradients, 64 × 64, tiled over the pixmap: the R2 low-discrepancy
/// sequence `frac(½ + x·α₁ + y·α₂)` (α from the plastic number, Roberts 2018, "The Unreasonable
/// Effectiveness of Quasirandom Sequences") in 256ths, 0…255, added to a colour in 8.8 fixed
/// point before its fraction is dropped. Over any small area the thresholds average ½, so the
/// mean colour is exact; unlike an 8×8 ordered pattern every row holds 64 distinct
/// values spread evenly, so a ramp too slow for 8 bits shows neither bands nor long runs.
enum DitherTile {
    static let size = 64
    static let mask = size - 1
    static let alpha1 = 0.754_877_666_246_692_8
    static let alpha2 = 0.569_840_290_998_053_2

    /// Row-major thresholds, 0…255.
    private static let values: [UInt16] = (0..<size * size).map { index in
        let value = 0.5 + Double(index % size) * alpha1 + Double(index / size) * alpha2
        return UInt16((value - value.rounded(.down)) * 256)
    }

    /// The threshold of pixel (`x`, `y`).
    static func threshold(_ x: Int, _ y: Int) -> UInt16 {
        values[(y & mask) * size + (x & mask)]
    }

    /// Calls `body` with the thresholds of pixel row `y`, indexed by `x & mask`.
    @inline(__always)
    static func withRow<Result>(_ y: Int, _ body: (UnsafePointer<UInt16>) -> Result) -> Result {
        values.withUnsafeBufferPointer { tile in body(tile.baseAddress! + (y & mask) * size) }
    }
}
