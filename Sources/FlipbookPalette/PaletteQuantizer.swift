/// Reduces each frame of a GIF to at most 256 colours and maps its pixels to palette indices.
///
/// A picture with at most 256 distinct colours (flat motion graphics, usually) keeps exactly
/// those colours. Otherwise the palette is median cut (`MedianCut`) over a 5-bit-per-channel
/// histogram, plus every exact colour that covers at least 0.5 % of the picture (a flat
/// background, a logo's fill), kept exactly. Pixels map to the nearest palette colour (squared
/// RGB distance), looked up once per histogram cell, with the chosen `Dither` — except pixels
/// whose exact colour is in the palette, which are never dithered.
///
/// **Transparent GIFs** keep the last palette entry, `clearIndex`, for clear pixels
/// (`PalettePicture`): they take it without dithering, and the colours get the other 255 entries.
///
/// **Stable from frame to frame.** The previous frame's palette is kept while it still holds
/// the frame's exact colours and represents the frame nearly as well as a fresh one (mean squared
/// error within 10 % + 1). Mapping is a pure function of the pixel, its position (the Bayer
/// pattern) and the palette, so an area that does not change keeps the same indices — no
/// drifting, flickering background — and FFmpeg's GIF encoder can skip it (an unchanged
/// palette lets it crop to the changed rectangle and mark unchanged pixels transparent).
/// Deterministic: no randomness, ties broken by index. One per encoder, on its thread.
package struct PaletteQuantizer {
    /// Palette colours as 0xRRGGBB.
    package private(set) var palette: [UInt32] = []
    /// The palette's colours and their indices.
    private var exact: [UInt32: UInt8] = [:]
    /// Per histogram cell, the nearest palette index (-1: not looked up yet), for this palette.
    private var nearestInCell = [Int16](repeating: -1, count: 1 << 15)
    let dither: Dither

    /// The share of the picture an exact colour must cover to be kept exactly.
    static let dominantShare = 0.005
    /// How much worse (relative, and in squared 8-bit steps per pixel) the previous palette may
    /// represent a frame than a fresh one and still be kept.
    static let reuseTolerance = (relative: 1.1, absolute: 1.0)

    package init(dither: Dither) {
        self.dither = dither
    }

    /// The palette entry of clear pixels in a transparent GIF: the last, so that the colours'
    /// entries are numbered as in an opaque one.
    package static let clearIndex: UInt8 = 255

    /// Chooses the palette for `picture` and writes one index per pixel into `indices` (rows of
    /// `stride` bytes).
    package mutating func quantize(
        _ picture: PalettePicture, into indices: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        let limit = picture.keepsAlpha ? Int(Self.clearIndex) : 256
        if let colors = Self.distinctColors(picture, limit: limit) {
            if !colors.allSatisfy({ exact[$0] != nil }) { use(colors) }
            mapExactly(picture, into: indices, stride: stride)
            return
        }
        let histogram = ColorHistogram(picture)
        let kept = histogram.dominantColors(share: Self.dominantShare, limit: 64)
        var fresh = MedianCut.palette(histogram, colors: limit - kept.count).filter { !kept.contains($0) }
        fresh = kept + fresh
        let keepsPrevious =
            !palette.isEmpty && kept.allSatisfy { exact[$0] != nil }
            && Self.meanSquaredError(palette, histogram)
                <= Self.meanSquaredError(fresh, histogram) * Self.reuseTolerance.relative
                + Self.reuseTolerance.absolute
        if !keepsPrevious { use(fresh) }
        switch dither {
        case .none, .bayer: mapOrdered(picture, histogram, into: indices, stride: stride)
        case .floydSteinberg: mapDiffused(picture, histogram, into: indices, stride: stride)
        }
    }

    /// Makes `colors` the palette.
    private mutating func use(_ colors: [UInt32]) {
        palette = colors
        exact = [:]
        for (index, color) in colors.enumerated() where exact[color] == nil { exact[color] = UInt8(index) }
        for cell in nearestInCell.indices { nearestInCell[cell] = -1 }
    }

    /// The distinct colours of `picture`'s pixels that are not clear, sorted, or `nil` if there
    /// are more than `limit`.
    static func distinctColors(_ picture: PalettePicture, limit: Int) -> [UInt32]? {
        var seen = Set<UInt32>()
        var tooMany = false
        picture.forEachRun { color, _ in
            if !tooMany, seen.insert(color).inserted, seen.count > limit { tooMany = true }
        }
        return tooMany ? nil : seen.sorted()
    }

    /// How well `palette` represents the picture: the mean over pixels of the squared distance
    /// from each cell's mean colour to its nearest palette colour.
    static func meanSquaredError(_ palette: [UInt32], _ histogram: ColorHistogram) -> Double {
        var total = 0
        for key in histogram.occupied {
            let (r, g, b) = histogram.mean(key)
            total += histogram.counts[key] * nearestEntry(palette, r, g, b).distance
        }
        return Double(total) / Double(max(histogram.pixelCount, 1))
    }

    /// The palette entry nearest to a colour and its squared distance (ties: the lower index).
    static func nearestEntry(_ palette: [UInt32], _ r: Int, _ g: Int, _ b: Int) -> (index: Int, distance: Int)
    {
        var best = (index: 0, distance: Int.max)
        for (index, color) in palette.enumerated() {
            let dr = Int(color >> 16) - r
            let dg = Int((color >> 8) & 0xFF) - g
            let db = Int(color & 0xFF) - b
            let distance = dr * dr + dg * dg + db * db
            if distance < best.distance { best = (index, distance) }
        }
        return best
    }

    /// Every pixel to its colour's entry, looked up once per run of one colour.
    private func mapExactly(_ picture: PalettePicture, into indices: UnsafeMutablePointer<UInt8>, stride: Int)
    {
        var (lastColor, lastIndex): (UInt32, UInt8) = (.max, 0)
        Self.mapDrawn(picture, into: indices, stride: stride) { _, _, _, color in
            if color != lastColor { (lastColor, lastIndex) = (color, exact[color] ?? 0) }
            return lastIndex
        }
    }

    /// Writes `clearIndex` for every clear pixel and `index(x, y, pixels, colour)` for every
    /// other, row by row. Inlined, so that each caller's `index` is compiled into its loop.
    @inline(__always)
    private static func mapDrawn(
        _ picture: PalettePicture, into indices: UnsafeMutablePointer<UInt8>, stride: Int,
        _ index: (_ x: Int, _ y: Int, _ pixels: PalettePicture.Pixels, _ color: UInt32) -> UInt8
    ) {
        picture.withPixels { pixels in
            for y in 0..<picture.height {
                for x in 0..<picture.width {
                    let pixel = y * picture.width + x
                    indices[y * stride + x] =
                        pixels.isClear(pixel) ? clearIndex : index(x, y, pixels, pixels.rgb(pixel))
                }
            }
        }
    }

    /// Per cell, the palette index of the cell's dominant colour when the palette holds it
    /// exactly, else -1: pixels of that colour map to it without dithering.
    private func exactIndices(_ histogram: ColorHistogram) -> [Int16] {
        var result = [Int16](repeating: -1, count: 1 << 15)
        for key in histogram.occupied {
            if let index = exact[histogram.dominant[key]] { result[key] = Int16(index) }
        }
        return result
    }

    /// Nearest-colour mapping, with the Bayer threshold added first when dithering.
    private mutating func mapOrdered(
        _ picture: PalettePicture, _ histogram: ColorHistogram, into indices: UnsafeMutablePointer<UInt8>,
        stride: Int
    ) {
        let strength = dither == .bayer ? Self.ditherSpread : 0
        let exactInCell = exactIndices(histogram)
        // The last colour that the palette holds exactly, and its entry: a run of it (a flat
        // background) is mapped without looking it up again.
        var (lastExact, lastIndex): (UInt32, UInt8) = (.max, 0)
        Self.mapDrawn(picture, into: indices, stride: stride) { x, y, pixels, color in
            if color == lastExact { return lastIndex }
            let key = ColorHistogram.cell(color)
            if exactInCell[key] >= 0, histogram.dominant[key] == color {
                (lastExact, lastIndex) = (color, UInt8(exactInCell[key]))
                return lastIndex
            }
            let offset = strength * (Self.bayer[(y & 7) * 8 + (x & 7)] - 31.5) / 64
            let pixel = y * picture.width + x
            return nearest(
                Self.clamp(Double(pixels.channel(0, of: pixel)) + offset),
                Self.clamp(Double(pixels.channel(1, of: pixel)) + offset),
                Self.clamp(Double(pixels.channel(2, of: pixel)) + offset))
        }
    }

    /// Floyd–Steinberg error diffusion (7/16 right, 3/16, 5/16, 1/16 below), left to right.
    /// Pixels of an exact palette colour take it and pass no error on, as do clear pixels.
    private mutating func mapDiffused(
        _ picture: PalettePicture, _ histogram: ColorHistogram, into indices: UnsafeMutablePointer<UInt8>,
        stride: Int
    ) {
        let exactInCell = exactIndices(histogram)
        let width = picture.width
        var current = [Double](repeating: 0, count: (width + 2) * 3)
        var next = current
        picture.withPixels { pixels in
            for y in 0..<picture.height {
                for x in 0..<width {
                    let pixel = y * width + x
                    if pixels.isClear(pixel) {
                        indices[y * stride + x] = Self.clearIndex
                        continue
                    }
                    let color = pixels.rgb(pixel)
                    let key = ColorHistogram.cell(color)
                    if exactInCell[key] >= 0, histogram.dominant[key] == color {
                        indices[y * stride + x] = UInt8(exactInCell[key])
                        continue
                    }
                    var wanted = (0.0, 0.0, 0.0)
                    wanted.0 = Double(pixels.channel(0, of: pixel)) + current[(x + 1) * 3]
                    wanted.1 = Double(pixels.channel(1, of: pixel)) + current[(x + 1) * 3 + 1]
                    wanted.2 = Double(pixels.channel(2, of: pixel)) + current[(x + 1) * 3 + 2]
                    let index = nearest(Self.clamp(wanted.0), Self.clamp(wanted.1), Self.clamp(wanted.2))
                    indices[y * stride + x] = index
                    let chosen = palette[Int(index)]
                    let errors = [
                        wanted.0 - Double(chosen >> 16), wanted.1 - Double((chosen >> 8) & 0xFF),
                        wanted.2 - Double(chosen & 0xFF),
                    ]
                    for channel in 0..<3 {
                        let error = errors[channel]
                        current[(x + 2) * 3 + channel] += error * 7 / 16
                        next[x * 3 + channel] += error * 3 / 16
                        next[(x + 1) * 3 + channel] += error * 5 / 16
                        next[(x + 2) * 3 + channel] += error / 16
                    }
                }
                swap(&current, &next)
                for index in next.indices { next[index] = 0 }
            }
        }
    }

    private static func clamp(_ value: Double) -> Int {
        Int(min(255, max(0, value.rounded())))
    }

    /// The palette index nearest to the colour, computed once per histogram cell.
    private mutating func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let key = ColorHistogram.cell(r, g, b)
        if nearestInCell[key] >= 0 { return UInt8(nearestInCell[key]) }
        // The cell's centre stands for all its colours.
        let (cr, cg, cb) = ((key >> 10) << 3 | 4, ((key >> 5) & 31) << 3 | 4, (key & 31) << 3 | 4)
        let best = Self.nearestEntry(palette, cr, cg, cb).index
        nearestInCell[key] = Int16(best)
        return UInt8(best)
    }

    /// How far (in 8-bit steps, peak to peak) the Bayer pattern moves a colour: one histogram cell.
    private static let ditherSpread = 8.0
    /// The 8×8 Bayer threshold matrix, values 0…63: bit i of `x ^ y` and of `y`, interleaved
    /// and reversed, so that neighbouring thresholds are as far apart as possible.
    private static let bayer: [Double] = (0..<64).map { position in
        let (x, y) = (position % 8, position / 8)
        var value = 0
        for bit in 0..<3 {
            value |= ((x ^ y) >> bit & 1) << (2 * (2 - bit) + 1)
            value |= (y >> bit & 1) << (2 * (2 - bit))
        }
        return Double(value)
    }
}
