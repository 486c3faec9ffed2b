import Foundation

extension Color {
    /// SwiftUI's `Color.RGBColorSpace`: the space a colour's components are given in.
    public enum RGBColorSpace: Hashable, Sendable {
        /// sRGB, gamma-encoded (what Flipbook draws in).
        case sRGB
        /// sRGB primaries with linear components.
        case sRGBLinear
        /// Display P3 (DCI-P3 primaries, D65, the sRGB transfer curve), as Apple's displays.
        case displayP3
    }

    /// A colour from components in `space`, converted to sRGB as SwiftUI does: P3 colours go
    /// through linear light and the P3 → sRGB matrix (colours outside sRGB are clipped).
    public init(_ space: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        switch space {
        case .sRGB:
            self.init(red: red, green: green, blue: blue, opacity: opacity)
        case .sRGBLinear:
            self.init(
                red: Self.encode(red), green: Self.encode(green), blue: Self.encode(blue), opacity: opacity)
        case .displayP3:
            let (r, g, b) = (Self.decode(red), Self.decode(green), Self.decode(blue))
            // Linear Display P3 → linear sRGB (both D65; from the spaces' primaries).
            let sr = 1.224_940_2 * r - 0.224_940_2 * g
            let sg = -0.042_056_9 * r + 1.042_056_9 * g
            let sb = -0.019_637_6 * r - 0.078_636_1 * g + 1.098_273_7 * b
            self.init(
                red: Self.encode(min(max(sr, 0), 1)), green: Self.encode(min(max(sg, 0), 1)),
                blue: Self.encode(min(max(sb, 0), 1)), opacity: opacity)
        }
    }

    /// A grey in `space` (SwiftUI's `Color(_:white:opacity:)`).
    public init(_ space: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(space, red: white, green: white, blue: white, opacity: opacity)
    }

    /// This colour `fraction` of the way to `other`, as SwiftUI's `mix(with:by:in:)`: in a
    /// perceptual space by default (Oklab, so a mix of blue and yellow passes through grey-green,
    /// not dark grey), or in the device's gamma-encoded components (`.device`). Opacity mixes
    /// linearly.
    public func mix(with other: Color, by fraction: Double, in space: MixSpace = .perceptual) -> Color {
        let t = min(max(fraction, 0), 1)
        if t == 0 { return self }
        if t == 1 { return other }
        let opacity = alpha + (other.alpha - alpha) * t
        switch space {
        case .device:
            return Color(
                red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                blue: blue + (other.blue - blue) * t, opacity: opacity)
        case .perceptual:
            let (a, b) = (oklab, other.oklab)
            var mixed = Color.fromOklab(
                (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t))
            mixed.alpha = opacity
            return mixed
        }
    }

    /// How `mix(with:by:in:)` mixes (SwiftUI's `Gradient.ColorSpace`): `.perceptual` in Oklab,
    /// `.device` in the gamma-encoded sRGB components.
    public enum MixSpace: Hashable, Sendable {
        case perceptual, device
    }

    /// The colour in Oklab (L, a, b), from linear sRGB (Björn Ottosson's matrices).
    var oklab: (Double, Double, Double) {
        let (r, g, b) = (Self.decode(red), Self.decode(green), Self.decode(blue))
        let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        return (
            0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
            1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
            0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s
        )
    }

    /// The opaque sRGB colour of Oklab `lab` (clipped to sRGB).
    static func fromOklab(_ lab: (Double, Double, Double)) -> Color {
        let l = pow(lab.0 + 0.396_337_777_4 * lab.1 + 0.215_803_757_3 * lab.2, 3)
        let m = pow(lab.0 - 0.105_561_345_8 * lab.1 - 0.063_854_172_8 * lab.2, 3)
        let s = pow(lab.0 - 0.089_484_177_5 * lab.1 - 1.291_485_548_0 * lab.2, 3)
        let r = 4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s
        let g = -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s
        let b = -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s
        func channel(_ value: Double) -> Double { encode(min(max(value, 0), 1)) }
        return Color(red: channel(r), green: channel(g), blue: channel(b))
    }

    /// The sRGB transfer curve: linear light → encoded component.
    static func encode(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// Its inverse: encoded component → linear light.
    static func decode(_ encoded: Double) -> Double {
        encoded <= 0.040_45 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }
}
