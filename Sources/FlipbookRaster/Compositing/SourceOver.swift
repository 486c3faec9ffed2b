/// Porter–Duff source-over on packed premultiplied RGBA8 words, two channels per multiply.
///
/// `result = source + destination × (1 − sourceAlpha)`, with exact rounding of x·f/255
/// (the `(t + (t >> 8)) >> 8` identity with `t = x·f + 128`), so repeated compositing does not
/// drift and results are identical on every machine.
enum SourceOver {
    /// Every channel of `pixel` times `factor`/255, rounded to nearest.
    @inline(__always)
    static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        let redBlue = divideBy255(pairs: (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080)
        let greenAlpha = divideBy255(pairs: ((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080)
        return redBlue | greenAlpha << 8
    }

    /// Two 16-bit halves of `t` (each a product plus 128, below 65 536) divided by 255 and
    /// rounded to nearest, as 0x00XX00YY.
    @inline(__always)
    static func divideBy255(pairs t: UInt32) -> UInt32 {
        ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }

    /// `source` over `destination`, both premultiplied.
    @inline(__always)
    static func blend(_ source: UInt32, over destination: UInt32) -> UInt32 {
        let inverseAlpha = 255 - (source >> 24)
        return source &+ scale(destination, by: inverseAlpha)
    }

    /// The weight 0…255 of a coverage value: 0 for none (or NaN), 255 from 1 up, else
    /// `value·255` rounded half up.
    @inline(__always)
    static func weight(_ value: Float) -> UInt32 {
        // `!(value > 0)` also catches NaN, which must never reach the integer conversion.
        guard value > 0 else { return 0 }
        return value >= 1 ? 255 : UInt32(value * 255 + 0.5)
    }

    /// Spans at least this long may hold a shape's inside, whose fully covered groups of four are
    /// stored without blending. Shorter ones (a stroke's crossing of a row) are all edge: there
    /// the test only mispredicted, and blending at full coverage gives the colour anyway. Eight,
    /// not the 32 it was: a headline's stems and a rim's band are 8 to 30 px across, and their
    /// insides were blended at full weight (the outlined headline about 5 % faster; confetti
    /// and the spirograph unchanged within the host's noise).
    static let interiorSpan = 8

    /// Composites `blender`'s colour into the pixels from `pixels`, each weighted by its coverage
    /// (0…1): four pixels at a time in vector lanes, a last partial four as the span's last
    /// four pixels with the ones already done left out, spans shorter than four one pixel at a
    /// time. All three give identical results.
    @inline(__always)
    static func blendSpan<Blender: LaneBlender>(
        _ blender: Blender, coverage: UnsafeBufferPointer<Float>, into pixels: UnsafeMutablePointer<UInt32>
    ) {
        guard let start = coverage.baseAddress else { return }
        let count = coverage.count
        let lanes = Blender.lanes
        guard count >= lanes else {
            for i in 0..<count {
                let weight = weight(start[i])
                if weight != 0 { pixels[i] = blender.blend(weight: weight, over: pixels[i]) }
            }
            return
        }
        var i = 0
        let mayHoldInside = count >= interiorSpan
        while i &+ lanes <= count {
            if !(mayHoldInside && blender.replaceIfCovered(coverage: start + i, into: pixels + i)) {
                blender.blend(coverage: start + i, into: pixels + i, skipping: 0)
            }
            i &+= lanes
        }
        if i < count {
            blender.blend(
                coverage: start + count - lanes, into: pixels + count - lanes, skipping: i &+ lanes &- count)
        }
    }
}
