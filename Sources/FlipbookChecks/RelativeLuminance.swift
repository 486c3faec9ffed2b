import Foundation

/// WCAG 2.2's relative luminance and contrast ratio of sRGB colours: each 8-bit channel made
/// linear by the sRGB transfer curve (`(c + 0.055) / 1.055` to the 2.4th power above 0.04045,
/// `c / 12.92` below), weighted 0.2126 R + 0.7152 G + 0.0722 B — the definitions the flash
/// and contrast checks implement.
package enum RelativeLuminance {
    /// An 8-bit sRGB code value as linear light, 0…1.
    package static let linear: [Double] = (0...255).map { code in
        let value = Double(code) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The relative luminance of an opaque sRGB colour, 0 (black) … 1 (white).
    @inline(__always)
    package static func of(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        0.2126 * linear[Int(red)] + 0.7152 * linear[Int(green)] + 0.0722 * linear[Int(blue)]
    }

    /// The contrast ratio of two relative luminances, `(lighter + 0.05) / (darker + 0.05)`,
    /// 1…21.
    package static func contrast(_ first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}
