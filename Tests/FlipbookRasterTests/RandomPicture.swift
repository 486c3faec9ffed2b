import FlipbookRaster

extension Pixmap {
    /// A picture of seeded random premultiplied colours for tests that compare every pixel:
    /// transparent where `transparent(x, y)`, elsewhere of a random opacity one pixel in
    /// `translucentOneIn` (opaque the others), its colour random within its alpha. A linear
    /// congruential generator's high bits are random enough for this.
    static func random(
        width: Int, height: Int, seed: UInt64, translucentOneIn: UInt64 = 1, transparent: (Int, Int) -> Bool
    ) -> Pixmap {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = transparent(x, y) ? 0 : next() % translucentOneIn == 0 ? UInt8(next() % 256) : 255
                func channel() -> UInt8 { UInt8(next() % (UInt64(alpha) + 1)) }
                pixmap[x, y] = PremultipliedColor(
                    red: channel(), green: channel(), blue: channel(), alpha: alpha)
            }
        }
        return pixmap
    }
}
