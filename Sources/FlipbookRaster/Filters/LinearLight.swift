import Foundation

/// The sRGB transfer curve both ways, for filters that work in linear light
/// (`Filter.inLinearLight`): tables of 4096 steps over 0…1, read with linear interpolation.
enum LinearLight {
    static let steps = 4095

    /// Encoded (gamma) sRGB → linear light.
    static let decodeTable: [Float] = (0...steps).map { step in
        let x = Double(step) / Double(steps)
        return Float(x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4))
    }

    /// Linear light → encoded sRGB.
    static let encodeTable: [Float] = (0...steps).map { step in
        let x = Double(step) / Double(steps)
        return Float(x <= 0.003_130_8 ? x * 12.92 : 1.055 * pow(x, 1 / 2.4) - 0.055)
    }

    @inline(__always)
    static func decode(_ x: Float) -> Float { lookUp(x, in: decodeTable) }

    @inline(__always)
    static func encode(_ x: Float) -> Float { lookUp(x, in: encodeTable) }

    @inline(__always)
    private static func lookUp(_ x: Float, in table: [Float]) -> Float {
        let position = min(max(x.isNaN ? 0 : x, 0), 1) * Float(steps)
        let index = min(Int(position), steps - 1)
        let fraction = position - Float(index)
        return table[index] + (table[index + 1] - table[index]) * fraction
    }

    /// A premultiplied pixel's colour channels (alpha in `w`, all on one scale) moved through
    /// `curve` as straight colour, and premultiplied again.
    @inline(__always)
    static func convert(_ pixel: SIMD4<Float>, _ curve: (Float) -> Float) -> SIMD4<Float> {
        guard pixel.w > 0 else { return .zero }
        let alpha = pixel.w
        return SIMD4(
            curve(pixel.x / alpha) * alpha, curve(pixel.y / alpha) * alpha, curve(pixel.z / alpha) * alpha,
            alpha)
    }
}
