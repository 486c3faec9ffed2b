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
    /// Every pixel gets the bits of the formula computed channel by channel in the order of its
    /// terms (a test compares every pixel of a random picture). Four pixels at a time, a channel
    /// to a vector (`fourPixels`): a 1080p video under a colour adjustment spent a third of
    /// its render here when each pixel was its own vector, a quarter now (1.75× faster). A transparent pixel stays transparent
    /// unless the matrix adds alpha, and is left alone.
    func apply(to pixmap: inout Pixmap, within bounds: PixelBounds, linearLight: Bool = false) -> PixelBounds?
    {
        let whole = PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height)
        guard let region = values[19] > 0 ? whole : bounds.intersection(whole) else { return nil }
        let matrix = values.map { Float($0) }
        let width = pixmap.width
        pixmap.bytes.withUnsafeMutableBytes { raw in
            guard let pixels = raw.bindMemory(to: UInt32.self).baseAddress else { return }
            for row in region.rows {
                var column = region.columns.lowerBound
                if !linearLight {
                    while column + 4 <= region.columns.upperBound {
                        Self.fourPixels(UnsafeMutableRawPointer(pixels + row * width + column), matrix)
                        column += 4
                    }
                }
                while column < region.columns.upperBound {
                    pixels[row * width + column] = Self.pixel(
                        pixels[row * width + column], matrix, linearLight)
                    column += 1
                }
            }
        }
        return region
    }

    /// One pixel under the matrix `m` (20 values, row-major): straight components, each output
    /// channel's terms summed in order, clamped as `min(1, max(0, value))` is (NaN going to
    /// 0), premultiplied and truncated after adding a half.
    @inline(__always)
    private static func pixel(_ p: UInt32, _ m: [Float], _ linearLight: Bool) -> UInt32 {
        let alphaByte = p >> 24
        if alphaByte == 0, m[19] <= 0 { return p }
        let a = Float(alphaByte) / 255
        let straight =
            a > 0 ? SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), 0) / (255 * a) : .zero
        let (r, g, b) =
            linearLight
            ? (LinearLight.decode(straight.x), LinearLight.decode(straight.y), LinearLight.decode(straight.z))
            : (straight.x, straight.y, straight.z)
        func channel(_ k: Int) -> Float {
            clamp(SIMD4(repeating: m[k] * r + m[k + 1] * g + m[k + 2] * b + m[k + 3] * a + m[k + 4])).x
        }
        let alpha = channel(15)
        let color = SIMD4(channel(0), channel(5), channel(10), 0)
        let encoded =
            linearLight
            ? SIMD4(LinearLight.encode(color.x), LinearLight.encode(color.y), LinearLight.encode(color.z), 0)
            : color
        let scaled = encoded * alpha * 255 + 0.5
        return UInt32(scaled.x) | UInt32(scaled.y) << 8 | UInt32(scaled.z) << 16 | UInt32(alpha * 255 + 0.5)
            << 24
    }

    /// The four pixels at `address` under the matrix `m`, by `pixel(_:_:_:)`'s arithmetic with
    /// one pixel per lane: bytes to floats and back by the 2²³ trick (exact for whole numbers
    /// below 2²³, and a floor for the values in 0.5…255.5 the truncation sees).
    @inline(__always)
    private static func fourPixels(_ address: UnsafeMutableRawPointer, _ m: [Float]) {
        let p = address.loadUnaligned(as: SIMD4<UInt32>.self)
        let alphaBytes = p &>> 24
        let transparent = alphaBytes .== 0
        if m[19] <= 0, all(transparent) { return }
        // Left to the compiler's choice of inlining: forcing these inline spilled registers and
        // made the loop a fifth slower.
        func floats(_ bytes: SIMD4<UInt32>) -> SIMD4<Float> {
            unsafeBitCast(bytes | 0x4B00_0000, to: SIMD4<Float>.self) - 8_388_608
        }
        func truncated(_ value: SIMD4<Float>) -> SIMD4<UInt32> {
            let shifted = value + 8_388_608
            let nearest = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) &- 0x4B00_0000
            return nearest.replacing(with: nearest &- 1, where: shifted - 8_388_608 .> value)
        }
        let a = floats(alphaBytes) / 255
        let scale = 255 * a
        func straight(_ bytes: SIMD4<UInt32>) -> SIMD4<Float> {
            (floats(bytes & 0xFF) / scale).replacing(with: 0, where: transparent)
        }
        let (r, g, b) = (straight(p), straight(p &>> 8), straight(p &>> 16))
        func channel(_ k: Int) -> SIMD4<Float> {
            clamp(m[k] * r + m[k + 1] * g + m[k + 2] * b + m[k + 3] * a + m[k + 4])
        }
        let alpha = channel(15)
        let (red, green, blue) = (channel(0), channel(5), channel(10))
        let packed =
            truncated(red * alpha * 255 + 0.5) | truncated(green * alpha * 255 + 0.5) &<< 8
            | truncated(blue * alpha * 255 + 0.5) &<< 16 | truncated(alpha * 255 + 0.5) &<< 24
        let kept = m[19] <= 0 ? packed.replacing(with: p, where: transparent) : packed
        address.storeBytes(of: kept, as: SIMD4<UInt32>.self)
    }

    /// `min(1, max(0, value))` lane by lane: NaN goes to 0.
    @inline(__always)
    private static func clamp(_ value: SIMD4<Float>) -> SIMD4<Float> {
        let floored = value.replacing(with: 0, where: .!(value .>= 0))
        return SIMD4<Float>(repeating: 1).replacing(with: floored, where: floored .< 1)
    }
}
