import FlipbookRaster
import Foundation

/// A colour in the sRGB space, as SwiftUI's `Color`: straight (not premultiplied) components
/// in 0…1 and an opacity.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, opacity)
    }

    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from hue, saturation and brightness (HSB/HSV), each in 0…1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let (v, s) = (brightness, saturation)
        let (p, q, t) = (v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f)))
        let rgb: (Double, Double, Double)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, opacity: opacity)
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); `nil` otherwise.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else {
            return nil
        }
        // One digit per channel for 3 or 4 digits (each doubled: F is FF), two for 6 or 8.
        let bits: UInt32 = digits.count <= 4 ? 4 : 8
        let channels = digits.count == 3 || digits.count == 6 ? 3 : 4
        func channel(_ index: Int) -> Double {
            let mask: UInt32 = (1 << bits) - 1
            return Double((value >> (bits * UInt32(channels - 1 - index))) & mask) / Double(mask)
        }
        self.init(
            red: channel(0), green: channel(1), blue: channel(2), opacity: channels == 4 ? channel(3) : 1)
    }

    /// This colour with its opacity multiplied by `opacity`, as SwiftUI's `.opacity(_:)`.
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: alpha * opacity)
    }

    /// The colour premultiplied and quantised to 8 bits per channel.
    public var premultiplied: PremultipliedColor {
        PremultipliedColor(straightRed: red, green: green, blue: blue, alpha: alpha)
    }
}

extension Color {
    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque (8-bit, rounded).
    public var hexString: String {
        func byte(_ value: Double) -> String {
            let hex = String(Int((min(max(value, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return hex.count < 2 ? "0" + hex : hex
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}
