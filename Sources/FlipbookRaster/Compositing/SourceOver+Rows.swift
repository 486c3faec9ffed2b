extension SourceOver {
    /// Composites the `count` premultiplied pixels from `source`, each first scaled by `opacity`
    /// (0…255), over those from `destination`: four at a time in vector lanes (`PixelLanes`),
    /// the last few one by one — how a layer's pixels join the frame.
    ///
    /// Bit for bit `blend(scale(pixel, by: opacity), over:)` for every pixel: over an opaque
    /// pixel the destination is scaled by 0, which leaves nothing of it, and a transparent one
    /// scales it by 255, which leaves it exactly. So only one case is told apart, and only to
    /// skip work: four opaque pixels at full opacity (a background, a photo) are stored as
    /// they are, without reading what they cover.
    @inline(__always)
    static func blendRow(
        _ source: UnsafePointer<UInt32>, count: Int, opacity: UInt32,
        into destination: UnsafeMutablePointer<UInt32>
    ) {
        let factors = SIMD4<UInt32>(repeating: opacity | opacity << 16)
        var i = 0
        while i &+ 4 <= count {
            var pixels = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt32>.self)
            if opacity == 255, (pixels[0] & pixels[1] & pixels[2] & pixels[3]) >> 24 == 255 {
                UnsafeMutableRawPointer(destination + i).storeBytes(of: pixels, as: SIMD4<UInt32>.self)
                i &+= 4
                continue
            }
            if opacity < 255 { pixels = PixelLanes.scale(pixels, by: factors) }
            blendFour(pixels, into: destination + i)
            i &+= 4
        }
        while i < count {
            let pixel = opacity < 255 ? scale(source[i], by: opacity) : source[i]
            destination[i] = blend(pixel, over: destination[i])
            i &+= 1
        }
    }

    /// Composites the `count` pixels from `pixels` over those from `below` (a layer over its
    /// shadow), in place: each becomes `blend(pixel, over: under)`, or the pixel below where
    /// this one has no alpha. Four at a time in vector lanes, the last few one by one.
    @inline(__always)
    static func blendRow(
        _ pixels: UnsafeMutablePointer<UInt32>, over below: UnsafePointer<UInt32>, count: Int
    ) {
        var i = 0
        while i &+ 4 <= count {
            let top = UnsafeMutableRawPointer(pixels + i)
            let over = top.loadUnaligned(as: SIMD4<UInt32>.self)
            let under = UnsafeRawPointer(below + i).loadUnaligned(as: SIMD4<UInt32>.self)
            let blended = PixelLanes.blend(over, over: under)
            top.storeBytes(
                of: blended.replacing(with: under, where: over & 0xFF00_0000 .== 0), as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            pixels[i] = pixels[i] >> 24 == 0 ? below[i] : blend(pixels[i], over: below[i])
            i &+= 1
        }
    }

    /// Composites the `count` premultiplied pixels from `source` over those from `destination`,
    /// each first scaled by its own weight, `weights[mask[i]]` (0…255): a layer through a clip
    /// mask, whose 256 possible weights are worked out once. Four at a time in vector lanes, the
    /// last few one by one; bit for bit `blend(scale(pixel, by: weight), over:)`, which leaves
    /// a pixel whose mask value (so weight) is 0 as it was — four of them are skipped.
    @inline(__always)
    static func blendRow(
        _ source: UnsafePointer<UInt32>, count: Int, mask: UnsafePointer<UInt8>,
        weights: UnsafePointer<UInt32>,
        into destination: UnsafeMutablePointer<UInt32>
    ) {
        var i = 0
        while i &+ 4 <= count {
            // Where the mask is closed (most of a mask cut from a word), nothing changes.
            if UnsafeRawPointer(mask + i).loadUnaligned(as: UInt32.self) == 0 {
                i &+= 4
                continue
            }
            let weight = SIMD4(
                weights[Int(mask[i])], weights[Int(mask[i &+ 1])], weights[Int(mask[i &+ 2])],
                weights[Int(mask[i &+ 3])])
            let pixels = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD4<UInt32>.self)
            blendFour(PixelLanes.scale(pixels, by: weight | weight &<< 16), into: destination + i)
            i &+= 4
        }
        while i < count {
            destination[i] = blend(scale(source[i], by: weights[Int(mask[i])]), over: destination[i])
            i &+= 1
        }
    }

    /// Stores `pixels` composited over the four pixels from `destination`.
    @inline(__always)
    private static func blendFour(_ pixels: SIMD4<UInt32>, into destination: UnsafeMutablePointer<UInt32>) {
        let under = UnsafeMutableRawPointer(destination)
        under.storeBytes(
            of: PixelLanes.blend(pixels, over: under.loadUnaligned(as: SIMD4<UInt32>.self)),
            as: SIMD4<UInt32>.self)
    }
}
