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

    /// This matrix, then `next`, as one matrix: what applying the two one after the other
    /// gives, except that the values in between are not clamped to 0…1.
    public func followed(by next: ColorMatrix) -> ColorMatrix {
        var result = [Double](repeating: 0, count: 20)
        for row in 0..<4 {
            for column in 0..<5 {
                var sum = column == 4 ? next.values[row * 5 + 4] : 0
                for k in 0..<4 { sum += next.values[row * 5 + k] * values[k * 5 + column] }
                result[row * 5 + column] = sum
            }
        }
        return ColorMatrix(result)
    }

    /// Applies the matrix to every pixel of `bounds` (of the whole pixmap when it adds
    /// alpha); to linear-light components when `linearLight`.
    ///
    /// Four channels at a time: the matrix's columns as vectors, so a pixel is four
    /// multiply-adds in the same order as the formula's terms (the same bits as channel by
    /// channel). A transparent pixel stays transparent unless the matrix adds alpha, and is
    /// skipped.
    func apply(to pixmap: inout Pixmap, within bounds: PixelBounds, linearLight: Bool = false) -> PixelBounds?
    {
        let whole = PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height)
        guard let region = values[19] > 0 ? whole : bounds.intersection(whole) else { return nil }
        let m = values.map { Float($0) }
        let columns = (0..<5).map { j in SIMD4(m[j], m[5 + j], m[10 + j], m[15 + j]) }
        let (red, green, blue, alphaColumn, offset) = (
            columns[0], columns[1], columns[2], columns[3], columns[4]
        )
        let skipsTransparent = m[19] <= 0
        let width = pixmap.width
        pixmap.bytes.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            for row in region.rows {
                for column in region.columns {
                    let index = row * width + column
                    let p = pixels[index]
                    let alphaByte = p >> 24
                    if alphaByte == 0, skipsTransparent { continue }
                    let a = Float(alphaByte) / 255
                    let straight =
                        a > 0
                        ? SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), 0) / (255 * a)
                        : .zero
                    let (r, g, b) =
                        linearLight
                        ? (
                            LinearLight.decode(straight.x), LinearLight.decode(straight.y),
                            LinearLight.decode(straight.z)
                        )
                        : (straight.x, straight.y, straight.z)
                    // Clamped as `min(1, max(0, value))` is, NaN going to 0.
                    let sum = red * r + green * g + blue * b + alphaColumn * a + offset
                    let floored = sum.replacing(with: 0, where: .!(sum .>= 0))
                    var out = SIMD4<Float>(repeating: 1).replacing(with: floored, where: floored .< 1)
                    if linearLight {
                        out = SIMD4(
                            LinearLight.encode(out.x), LinearLight.encode(out.y), LinearLight.encode(out.z),
                            out.w)
                    }
                    let scaled = out * out.w * 255 + 0.5
                    pixels[index] =
                        UInt32(scaled.x) | UInt32(scaled.y) << 8 | UInt32(scaled.z) << 16
                        | UInt32(out.w * 255 + 0.5) << 24
                }
            }
        }
        return region
    }
}
