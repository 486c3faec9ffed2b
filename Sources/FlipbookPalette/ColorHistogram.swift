/// A picture's colours counted in 5-bit-per-channel cells (32 768 of them), with each cell's
/// sum for exact means and its dominant exact colour — the input of median cut and of the
/// palette quantizer's choices. Clear pixels (a transparent GIF's) are not counted: they take
/// the palette's clear entry, not a colour.
struct ColorHistogram {
    /// Pixels per cell.
    private(set) var counts = [Int](repeating: 0, count: 1 << 15)
    /// Sums of red, green and blue per cell.
    private(set) var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 1 << 15)
    /// Per cell, the exact colour found most often (a majority vote), as 0xRRGGBB…
    private(set) var dominant = [UInt32](repeating: 0, count: 1 << 15)
    /// …and how many pixels have exactly that colour.
    private(set) var dominantCount = [Int](repeating: 0, count: 1 << 15)
    /// The cells with at least one pixel, ascending.
    private(set) var occupied: [Int] = []
    /// The pixels counted: all but the clear ones.
    private(set) var pixelCount = 0

    init(_ picture: PalettePicture) {
        // Boyer–Moore majority vote per cell, then an exact count of each cell's winner; both a
        // run of equal pixels at a time (`PalettePicture.forEachRun`).
        var (counts, sums, dominant, dominantCount) = (counts, sums, dominant, dominantCount)
        var votes = [Int](repeating: 0, count: 1 << 15)
        var pixelCount = 0
        picture.forEachRun { color, run in
            let key = Self.cell(color)
            counts[key] &+= run
            sums[key].0 &+= Int(color >> 16) &* run
            sums[key].1 &+= Int(color >> 8 & 0xFF) &* run
            sums[key].2 &+= Int(color & 0xFF) &* run
            // `run` votes for one colour at once, as casting them one by one would end.
            let held = votes[key]
            if held == 0 || dominant[key] == color {
                (dominant[key], votes[key]) = (color, held &+ run)
            } else if held >= run {
                votes[key] = held &- run
            } else {
                (dominant[key], votes[key]) = (color, run &- held)
            }
            pixelCount &+= run
        }
        picture.forEachRun { color, run in
            let key = Self.cell(color)
            if dominant[key] == color { dominantCount[key] &+= run }
        }
        (self.counts, self.sums, self.dominant, self.dominantCount) = (counts, sums, dominant, dominantCount)
        self.pixelCount = pixelCount
        occupied = counts.indices.filter { counts[$0] > 0 }
    }

    /// The exact colours that each cover at least `share` of the picture, most common first:
    /// a flat background, a logo's fill. A palette keeps them exactly, so they are never
    /// approximated, dithered, or changed from one frame to the next.
    func dominantColors(share: Double, limit: Int) -> [UInt32] {
        let least = max(1, Int(Double(pixelCount) * share))
        let cells = occupied.filter { dominantCount[$0] >= least }
            .sorted { (dominantCount[$0], $1) > (dominantCount[$1], $0) }
        return cells.prefix(limit).map { dominant[$0] }
    }

    /// The mean colour of a cell.
    func mean(_ key: Int) -> (Int, Int, Int) {
        let n = max(counts[key], 1)
        return ((sums[key].0 + n / 2) / n, (sums[key].1 + n / 2) / n, (sums[key].2 + n / 2) / n)
    }

    /// The cell of a 0xRRGGBB colour: the top five bits of each channel.
    @inline(__always)
    static func cell(_ color: UInt32) -> Int {
        Int((color >> 19) & 31) << 10 | Int((color >> 11) & 31) << 5 | Int((color >> 3) & 31)
    }

    @inline(__always)
    static func cell(_ r: Int, _ g: Int, _ b: Int) -> Int {
        (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
    }
}
