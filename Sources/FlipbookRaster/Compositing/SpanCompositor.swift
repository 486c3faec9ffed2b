/// Composites a row of paint colours into pixels, weighted by coverage and an optional clip
/// mask, with a blend mode and an opacity.
///
/// `normal` stays in exact integer source-over (as solid fills); every other mode blends in
/// floating point (`BlendMode.blend`) and then moves the old pixel towards the result by the
/// pixel's weight, rounding to the nearest code value.
struct SpanCompositor {
    let blendMode: BlendMode
    /// 0…255.
    let opacity: UInt32

    /// `colors[i]` (premultiplied) onto `pixels[i]` for every `i` of `coverage`; `mask`, when
    /// given, holds the clip's 0…255 values for the same pixels.
    @inline(__always)
    func composite(
        _ colors: UnsafePointer<UInt32>, coverage: UnsafeBufferPointer<Float>,
        mask: UnsafePointer<UInt8>?,
        into pixels: UnsafeMutablePointer<UInt32>
    ) {
        if blendMode == .normal, mask == nil, opacity == 255 {
            return sourceOver(colors, coverage: coverage, into: pixels)
        }
        if blendMode == .normal, let mask {
            return maskedSourceOver(colors, coverage: coverage, mask: mask, into: pixels)
        }
        for i in 0..<coverage.count {
            var weight = coverage[i]
            guard weight > 0 else { continue }
            if let mask {
                weight *= Float(mask[i]) * (1 / 255)
                guard weight > 0 else { continue }
            }
            if blendMode == .normal {
                blend(colors[i], weighted: weight, over: &pixels[i])
                continue
            }
            let source = Self.unpack(colors[i]) * (Float(opacity) / 255)
            let destination = Self.unpack(pixels[i])
            let blended = blendMode.blend(source, destination)
            pixels[i] = Self.pack(destination + (blended - destination) * min(weight, 1))
        }
    }

    /// Source-over through a clip mask, as `composite` blends each pixel, four pixels at a
    /// time where the mask shuts all four (skipped) or opens all four onto covered opaque paint
    /// at full opacity (stored): a shape under a matte or a mask mostly lies wholly inside or
    /// wholly outside it, and a pixel at a time these runs took most of a clipped fill's time.
    @inline(__always)
    private func maskedSourceOver(
        _ colors: UnsafePointer<UInt32>, coverage: UnsafeBufferPointer<Float>, mask: UnsafePointer<UInt8>,
        into pixels: UnsafeMutablePointer<UInt32>
    ) {
        let count = coverage.count
        var i = 0
        while i &+ 4 <= count {
            let shut = UnsafeRawPointer(mask + i).loadUnaligned(as: UInt32.self)
            if shut == 0 {
                i &+= 4
                continue
            }
            if shut == .max, opacity == 255 {
                let weights = UnsafeRawPointer(coverage.baseAddress.unsafelyUnwrapped + i).loadUnaligned(
                    as: SIMD4<Float>.self)
                let paint = UnsafeRawPointer(colors + i).loadUnaligned(as: SIMD4<UInt32>.self)
                if all(weights .>= 1), all(paint .>= 0xFF00_0000) {
                    UnsafeMutableRawPointer(pixels + i).storeBytes(of: paint, as: SIMD4<UInt32>.self)
                    i &+= 4
                    continue
                }
            }
            for j in i..<(i &+ 4) { maskedBlendOne(colors, coverage, mask, pixels, j) }
            i &+= 4
        }
        while i < count {
            maskedBlendOne(colors, coverage, mask, pixels, i)
            i &+= 1
        }
    }

    /// `maskedSourceOver` of pixel `i` alone: its weight, coverage times mask, scaled by the
    /// opacity to a factor.
    @inline(__always)
    private func maskedBlendOne(
        _ colors: UnsafePointer<UInt32>, _ coverage: UnsafeBufferPointer<Float>, _ mask: UnsafePointer<UInt8>,
        _ pixels: UnsafeMutablePointer<UInt32>, _ i: Int
    ) {
        let weight = coverage[i] * (Float(mask[i]) * (1 / 255))
        if weight > 0 { blend(colors[i], weighted: weight, over: &pixels[i]) }
    }

    /// `color` source-over `pixel` by `weight` (above 0: coverage, times the mask's value when
    /// there is one) scaled by the opacity.
    @inline(__always)
    private func blend(_ color: UInt32, weighted weight: Float, over pixel: inout UInt32) {
        let factor = UInt32(min(weight, 1) * Float(opacity) + 0.5)
        guard factor > 0 else { return }
        // Fully covered opaque paint replaces the pixel: source-over would give it exactly.
        if factor == 255, color >= 0xFF00_0000 {
            pixel = color
            return
        }
        pixel = SourceOver.blend(SourceOver.scale(color, by: factor), over: pixel)
    }

    /// For each of a clip mask's 256 values, the factor (0…255) that `composite` gives a fully
    /// covered pixel under it with `blendMode` `normal`: worked out once, so that a layer
    /// composited through a mask looks its pixels' factors up.
    static func maskFactors(opacity: UInt32) -> [UInt32] {
        (0...255).map { value in
            let weight = Float(value) * (1 / 255)
            return weight > 0 ? UInt32(min(weight, 1) * Float(opacity) + 0.5) : 0
        }
    }

    /// Plain source-over at full opacity without a clip, the common case (a gradient, an
    /// image): covered opaque colours are stored, the rest blended by their coverage.
    @inline(__always)
    private func sourceOver(
        _ colors: UnsafePointer<UInt32>, coverage: UnsafeBufferPointer<Float>,
        into pixels: UnsafeMutablePointer<UInt32>
    ) {
        // Four pixels at once where all four are covered and each is opaque paint or lies over
        // nothing — a glow drawn into a cleared frame or a layer — which store their colours.
        var i = 0
        while i &+ 4 <= coverage.count {
            let weights = UnsafeRawPointer(coverage.baseAddress.unsafelyUnwrapped + i).loadUnaligned(
                as: SIMD4<Float>.self)
            let paint = UnsafeRawPointer(colors + i).loadUnaligned(as: SIMD4<UInt32>.self)
            let target = UnsafeMutableRawPointer(pixels + i)
            let destination = target.loadUnaligned(as: SIMD4<UInt32>.self)
            if all(weights .>= 1), all((paint .>= 0xFF00_0000) .| (destination .== 0)) {
                target.storeBytes(of: paint, as: SIMD4<UInt32>.self)
            } else {
                blendOne(colors, coverage, pixels, i)
                blendOne(colors, coverage, pixels, i &+ 1)
                blendOne(colors, coverage, pixels, i &+ 2)
                blendOne(colors, coverage, pixels, i &+ 3)
            }
            i &+= 4
        }
        while i < coverage.count {
            blendOne(colors, coverage, pixels, i)
            i &+= 1
        }
    }

    /// `sourceOver` of pixel `i` alone.
    @inline(__always)
    private func blendOne(
        _ colors: UnsafePointer<UInt32>, _ coverage: UnsafeBufferPointer<Float>,
        _ pixels: UnsafeMutablePointer<UInt32>, _ i: Int
    ) {
        let (weight, color) = (coverage[i], colors[i])
        if weight >= 1 {
            // Opaque paint, or any paint over nothing (a layer starts transparent), is the paint.
            let destination = pixels[i]
            pixels[i] =
                color >= 0xFF00_0000 || destination == 0
                ? color : SourceOver.blend(color, over: destination)
        } else {
            let factor = SourceOver.weight(weight)
            if factor != 0 {
                pixels[i] = SourceOver.blend(SourceOver.scale(color, by: factor), over: pixels[i])
            }
        }
    }

    /// A packed premultiplied pixel as channels in 0…1.
    @inline(__always)
    static func unpack(_ pixel: UInt32) -> SIMD4<Float> {
        SIMD4(Float(pixel & 0xFF), Float(pixel >> 8 & 0xFF), Float(pixel >> 16 & 0xFF), Float(pixel >> 24))
            / 255
    }

    /// Channels in 0…1 as a packed premultiplied pixel, rounded, colour kept within alpha.
    @inline(__always)
    static func pack(_ color: SIMD4<Float>) -> UInt32 {
        var scaled = color * 255 + 0.5
        // `!(x >= 0)` catches NaN as well as negatives: neither may reach the integer conversion.
        scaled.replace(with: 0, where: .!(scaled .>= 0))
        scaled.replace(with: 255, where: scaled .> 255)
        let alpha = UInt32(scaled.w)
        return min(UInt32(scaled.x), alpha) | min(UInt32(scaled.y), alpha) << 8 | min(UInt32(scaled.z), alpha)
            << 16
            | alpha << 24
    }
}
