/// Porter–Duff source-over on packed premultiplied RGBA8 words, two channels per multiply.
///
/// `result = source + destination × (1 − sourceAlpha)`, with exact rounding of x·f/255
/// (the `(t + (t >> 8)) >> 8` identity with `t = x·f + 128`), so repeated compositing does not
/// drift and results are identical on every machine.
enum SourceOver {
    /// Every channel of `pixel` times `factor`/255, rounded to nearest.
    @inline(__always)
    static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var redBlue = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
        redBlue = ((redBlue &+ ((redBlue >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var greenAlpha = ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
        greenAlpha = (greenAlpha &+ ((greenAlpha >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return redBlue | greenAlpha
    }

    /// `source` over `destination`, both premultiplied.
    @inline(__always)
    static func blend(_ source: UInt32, over destination: UInt32) -> UInt32 {
        let inverseAlpha = 255 - (source >> 24)
        return source &+ scale(destination, by: inverseAlpha)
    }

    /// Composites `color` into `count` pixels from `pixels`, each weighted by its coverage
    /// (0…1).
    @inline(__always)
    static func blendSpan(
        color: UInt32, coverage: UnsafeBufferPointer<Float>, into pixels: UnsafeMutablePointer<UInt32>
    ) {
        let opaque = color >> 24 == 255
        for i in 0..<coverage.count {
            let value = coverage[i]
            // `!(value > 0)` also skips NaN, which must never reach the integer conversion.
            guard value > 0 else { continue }
            let weight = value >= 1 ? 255 : UInt32(value * 255 + 0.5)
            if weight == 0 { continue }
            if weight >= 255 {
                pixels[i] = opaque ? color : blend(color, over: pixels[i])
            } else {
                pixels[i] = blend(scale(color, by: weight), over: pixels[i])
            }
        }
    }
}
