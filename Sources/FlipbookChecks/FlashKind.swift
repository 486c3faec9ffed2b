/// The two kinds of flash WCAG 2.2 (success criterion 2.3.1) and ITU-R BT.1702 limit.
package enum FlashKind: String, Sendable, CaseIterable {
    /// A pair of opposing changes in relative luminance of 10 % or more of the maximum, the
    /// darker image below 0.80.
    case general
    /// A pair of opposing transitions involving a saturated red: R ÷ (R + G + B) ≥ 0.8 and a
    /// change of (R − G − B) × 320 above 20, R, G and B linear (0…1).
    case red

    /// The size of a counted transition, in the kind's own measure.
    var threshold: Double { self == .general ? 0.1 : 20 }
    /// A transition counts only when its darker end is below this.
    var darkLimit: Double { self == .general ? 0.8 : .infinity }

    /// The pixel's value in the kind's measure: relative luminance, or (R − G − B) × 320 for a
    /// saturated red (0 for any other colour).
    @inline(__always)
    func value(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        switch self {
        case .general:
            return RelativeLuminance.of(red: red, green: green, blue: blue)
        case .red:
            let (r, g, b) = (
                RelativeLuminance.linear[Int(red)], RelativeLuminance.linear[Int(green)],
                RelativeLuminance.linear[Int(blue)]
            )
            let sum = r + g + b
            guard sum > 0, r / sum >= 0.8 else { return 0 }
            return max(0, r - g - b) * 320
        }
    }
}
