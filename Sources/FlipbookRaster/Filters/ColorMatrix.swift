import Foundation

/// A 4×5 colour matrix on straight (unpremultiplied) RGBA in 0…1, as SwiftUI's
/// `ColorMatrix` and SVG's `feColorMatrix`: `R' = r1·R + r2·G + r3·B + r4·A + r5`, and so on for
/// G, B and A, results clamped to 0…1. The constructors are SwiftUI's filters.
public struct ColorMatrix: Hashable, Sendable {
    /// Row-major: red row, green row, blue row, alpha row, five values each.
    public var values: [Double]

    public init(_ values: [Double]) {
        precondition(values.count == 20, "a colour matrix has 4 rows of 5 values")
        self.values = values
    }

    public static let identity = ColorMatrix([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])

    /// Multiplies each channel by the colour's (`colorMultiply`).
    public static func multiply(red: Double, green: Double, blue: Double, alpha: Double) -> ColorMatrix {
        ColorMatrix([red, 0, 0, 0, 0, 0, green, 0, 0, 0, 0, 0, blue, 0, 0, 0, 0, 0, alpha, 0])
    }

    /// Adds `amount` to red, green and blue (`brightness`).
    public static func brightness(_ amount: Double) -> ColorMatrix {
        ColorMatrix([1, 0, 0, 0, amount, 0, 1, 0, 0, amount, 0, 0, 1, 0, amount, 0, 0, 0, 1, 0])
    }

    /// Scales distances from mid-grey by `amount` (`contrast`).
    public static func contrast(_ amount: Double) -> ColorMatrix {
        let offset = 0.5 * (1 - amount)
        return ColorMatrix([
            amount, 0, 0, 0, offset, 0, amount, 0, 0, offset, 0, 0, amount, 0, offset, 0, 0, 0, 1, 0,
        ])
    }

    /// SVG's `saturate`: 0 is grey, 1 unchanged, above 1 more vivid (`saturation`).
    public static func saturation(_ s: Double) -> ColorMatrix {
        ColorMatrix([
            0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
            0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
            0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
            0, 0, 0, 1, 0,
        ])
    }

    /// Towards grey by `amount` (0 unchanged, 1 fully grey) (`grayscale`).
    public static func grayscale(_ amount: Double) -> ColorMatrix {
        saturation(1 - min(max(amount, 0), 1))
    }

    /// SVG's `hueRotate` by `radians` (`hueRotation`).
    public static func hueRotation(_ radians: Double) -> ColorMatrix {
        let (c, s) = (cos(radians), sin(radians))
        return ColorMatrix([
            0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
            0, 0, 0, 1, 0,
        ])
    }

    /// Inverts red, green and blue by `amount` (`colorInvert`).
    public static func invert(_ amount: Double = 1) -> ColorMatrix {
        let k = 1 - 2 * amount
        return ColorMatrix([k, 0, 0, 0, amount, 0, k, 0, 0, amount, 0, 0, k, 0, amount, 0, 0, 0, 1, 0])
    }

    /// Black with alpha = luminance (`luminanceToAlpha`), SVG's coefficients.
    public static let luminanceToAlpha = ColorMatrix([
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0,
    ])

    /// Applies the matrix to the pixels within `bounds`, or to all pixels when it can make
    /// transparent ones visible (a positive alpha offset).
    /// Applies the matrix to every pixel of `bounds` (of the whole pixmap when it adds
    /// alpha); to linear-light components when `linearLight`.
    func apply(to pixmap: inout Pixmap, within bounds: PixelBounds, linearLight: Bool = false) -> PixelBounds?
    {
        let whole = PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height)
        let region = values[19] > 0 ? whole : bounds
        let m = values.map { Float($0) }
        for row in region.rows {
            for column in region.columns {
                let pixel = pixmap[column, row]
                let a = Float(pixel.alpha) / 255
                let straight =
                    a > 0
                    ? SIMD4(Float(pixel.red), Float(pixel.green), Float(pixel.blue), 0) / (255 * a) : .zero
                let (r, g, b) =
                    linearLight
                    ? (
                        LinearLight.decode(straight.x), LinearLight.decode(straight.y),
                        LinearLight.decode(straight.z)
                    )
                    : (straight.x, straight.y, straight.z)
                func out(_ k: Int) -> Float {
                    let value = min(
                        1, max(0, m[k] * r + m[k + 1] * g + m[k + 2] * b + m[k + 3] * a + m[k + 4]))
                    return linearLight && k < 15 ? LinearLight.encode(value) : value
                }
                let alpha = out(15)
                pixmap[column, row] = PremultipliedColor(
                    red: UInt8(out(0) * alpha * 255 + 0.5), green: UInt8(out(5) * alpha * 255 + 0.5),
                    blue: UInt8(out(10) * alpha * 255 + 0.5), alpha: UInt8(alpha * 255 + 0.5))
            }
        }
        return region
    }
}
