/// An 8-bit RGBA colour with its colour channels already multiplied by alpha, in sRGB.
///
/// Premultiplied storage makes source-over a multiply-add per channel and keeps fully
/// transparent pixels equal whatever their colour was.
public struct PremultipliedColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// A premultiplied colour from premultiplied channel values (each ≤ `alpha`).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = min(red, alpha)
        self.green = min(green, alpha)
        self.blue = min(blue, alpha)
        self.alpha = alpha
    }

    /// Premultiplies straight (non-premultiplied) sRGB components given in 0…1; values outside
    /// the range are clamped, NaN counts as 0.
    public init(straightRed red: Double, green: Double, blue: Double, alpha: Double) {
        let a = Self.unit(alpha)
        self.init(
            red: Self.byte(Self.unit(red) * a), green: Self.byte(Self.unit(green) * a),
            blue: Self.byte(Self.unit(blue) * a), alpha: Self.byte(a))
    }

    public static let transparent = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour as one little-endian word, bytes R, G, B, A — the pixmap's memory layout.
    @inline(__always)
    var packed: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    @inline(__always)
    init(packed: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: packed), green: UInt8(truncatingIfNeeded: packed >> 8),
            blue: UInt8(truncatingIfNeeded: packed >> 16), alpha: UInt8(truncatingIfNeeded: packed >> 24))
    }

    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// 0…1 to 0…255, rounded half up (adding ½ and truncating: `rounded()` is a call into the C
    /// library, once per channel of every fill's colour).
    private static func byte(_ unit: Double) -> UInt8 {
        UInt8(unit * 255 + 0.5)
    }
}
