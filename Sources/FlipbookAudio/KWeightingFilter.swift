/// ITU-R BS.1770's K-weighting of one channel at 48 kHz: a high shelf of about +4 dB above
/// 2 kHz (the head's effect on sound) followed by a high-pass below about 60 Hz (the "revised
/// low-frequency B-curve"), as two biquad sections with the coefficients the recommendation
/// tabulates for 48 kHz — the only rate Flipbook mixes at. Loudness is the mean square of what
/// comes out.
struct KWeightingFilter {
    /// One second-order section in direct form I, with its two samples of input and output.
    private struct Section {
        let b0, b1, b2, a1, a2: Double
        var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

        init(_ b0: Double, _ b1: Double, _ b2: Double, _ a1: Double, _ a2: Double) {
            (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0, b1, b2, a1, a2)
        }

        mutating func process(_ x: Double) -> Double {
            let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            (x2, x1, y2, y1) = (x1, x, y1, y)
            return y
        }
    }

    private var shelf = Section(
        1.535_124_859_586_97, -2.691_696_189_406_38, 1.198_392_810_852_85, -1.690_659_293_182_41,
        0.732_480_774_215_85)
    private var highPass = Section(1, -2, 1, -1.990_047_454_833_98, 0.990_072_250_366_21)

    /// The next filtered sample.
    mutating func process(_ sample: Double) -> Double {
        highPass.process(shelf.process(sample))
    }
}
