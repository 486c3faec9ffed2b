import FlipbookRaster

/// Reduces one picture to at most 256 colours and maps its pixels to palette indices (GIF).
///
/// A picture with at most 256 distinct colours (flat motion graphics, usually) keeps exactly
/// those colours. Otherwise the palette comes from median cut over a 5-bit-per-channel
/// histogram: the box holding the most pixels × widest extent is split at its pixel median
/// along its widest channel until there are 256 boxes; each palette colour is the exact mean of
/// its box's pixels. Pixels map to the nearest palette colour (squared RGB distance), looked up
/// once per histogram cell, with the chosen `Dither`. Deterministic: no randomness, ties broken
/// by index.
struct PaletteQuantizer {
    /// Palette colours as 0xRRGGBB.
    private(set) var palette: [UInt32] = []
    private var exact: [UInt32: UInt8] = [:]
    private var nearestInCell: [Int16] = []
    let dither: Dither

    init(dither: Dither) {
        self.dither = dither
    }

    /// Chooses the palette for `pixmap` (premultiplied RGBA shown over black, alpha ignored) and
    /// writes one index per pixel into `indices` (rows of `stride` bytes).
    mutating func quantize(_ pixmap: Pixmap, into indices: UnsafeMutablePointer<UInt8>, stride: Int) {
        if let colors = Self.distinctColors(pixmap, limit: 256) {
            palette = colors
            exact = Dictionary(uniqueKeysWithValues: colors.enumerated().map { ($1, UInt8($0)) })
            mapExactly(pixmap, into: indices, stride: stride)
            return
        }
        palette = Self.medianCut(pixmap, colors: 256)
        nearestInCell = [Int16](repeating: -1, count: 1 << 15)
        switch dither {
        case .none, .bayer: mapOrdered(pixmap, into: indices, stride: stride)
        case .floydSteinberg: mapDiffused(pixmap, into: indices, stride: stride)
        }
    }

    /// The distinct colours of `pixmap`, sorted, or `nil` if there are more than `limit`.
    static func distinctColors(_ pixmap: Pixmap, limit: Int) -> [UInt32]? {
        var seen = Set<UInt32>()
        var last: UInt32 = .max
        for index in Swift.stride(from: 0, to: pixmap.bytes.count, by: 4) {
            let color = rgb(pixmap.bytes, index)
            if color == last { continue }
            last = color
            if seen.insert(color).inserted, seen.count > limit { return nil }
        }
        return seen.sorted()
    }

    @inline(__always)
    private static func rgb(_ bytes: [UInt8], _ index: Int) -> UInt32 {
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
    }

    @inline(__always)
    private static func cell(_ r: Int, _ g: Int, _ b: Int) -> Int {
        (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
    }

    private func mapExactly(_ pixmap: Pixmap, into indices: UnsafeMutablePointer<UInt8>, stride: Int) {
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                indices[y * stride + x] = exact[Self.rgb(pixmap.bytes, (y * pixmap.width + x) * 4)] ?? 0
            }
        }
    }

    /// Nearest-colour mapping, with the Bayer threshold added first when dithering.
    private mutating func mapOrdered(_ pixmap: Pixmap, into indices: UnsafeMutablePointer<UInt8>, stride: Int)
    {
        let strength = dither == .bayer ? Self.ditherSpread : 0
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let offset = strength * (Self.bayer[(y & 7) * 8 + (x & 7)] - 31.5) / 64
                let i = (y * pixmap.width + x) * 4
                let (r, g, b) = (
                    Self.clamp(Double(pixmap.bytes[i]) + offset),
                    Self.clamp(Double(pixmap.bytes[i + 1]) + offset),
                    Self.clamp(Double(pixmap.bytes[i + 2]) + offset)
                )
                indices[y * stride + x] = nearest(r, g, b)
            }
        }
    }

    /// Floyd–Steinberg error diffusion (7/16 right, 3/16, 5/16, 1/16 below), left to right.
    private mutating func mapDiffused(
        _ pixmap: Pixmap, into indices: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        let width = pixmap.width
        var current = [Double](repeating: 0, count: (width + 2) * 3)
        var next = current
        for y in 0..<pixmap.height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                var wanted = (0.0, 0.0, 0.0)
                wanted.0 = Double(pixmap.bytes[i]) + current[(x + 1) * 3]
                wanted.1 = Double(pixmap.bytes[i + 1]) + current[(x + 1) * 3 + 1]
                wanted.2 = Double(pixmap.bytes[i + 2]) + current[(x + 1) * 3 + 2]
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

    private static func clamp(_ value: Double) -> Int {
        Int(min(255, max(0, value.rounded())))
    }

    /// The palette index nearest to the colour, computed once per histogram cell.
    private mutating func nearest(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        let key = Self.cell(r, g, b)
        if nearestInCell[key] >= 0 { return UInt8(nearestInCell[key]) }
        // The cell's centre stands for all its colours.
        let (cr, cg, cb) = ((key >> 10) << 3 | 4, ((key >> 5) & 31) << 3 | 4, (key & 31) << 3 | 4)
        var best = 0
        var bestDistance = Int.max
        for (index, color) in palette.enumerated() {
            let dr = Int(color >> 16) - cr
            let dg = Int((color >> 8) & 0xFF) - cg
            let db = Int(color & 0xFF) - cb
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
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

    /// Median cut over the 5-bit histogram of `pixmap`.
    static func medianCut(_ pixmap: Pixmap, colors: Int) -> [UInt32] {
        var counts = [Int](repeating: 0, count: 1 << 15)
        var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 1 << 15)
        let bytes = pixmap.bytes
        for i in Swift.stride(from: 0, to: bytes.count, by: 4) {
            let (r, g, b) = (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
            let key = cell(r, g, b)
            counts[key] += 1
            sums[key] = (sums[key].0 + r, sums[key].1 + g, sums[key].2 + b)
        }
        var boxes = [ColorBox(cells: counts.indices.filter { counts[$0] > 0 }, counts: counts)]
        while boxes.count < colors {
            guard
                let widest = boxes.indices.filter({ boxes[$0].cells.count > 1 })
                    .max(by: { boxes[$0].priority < boxes[$1].priority })
            else { break }
            let (low, high) = boxes[widest].split(counts: counts)
            boxes[widest] = low
            boxes.append(high)
        }
        return boxes.map { box in
            var (r, g, b, n) = (0, 0, 0, 0)
            for key in box.cells {
                (r, g, b, n) = (r + sums[key].0, g + sums[key].1, b + sums[key].2, n + counts[key])
            }
            let mean = { (sum: Int) in UInt32((sum + n / 2) / max(n, 1)) }
            return mean(r) << 16 | mean(g) << 8 | mean(b)
        }
    }
}

/// A box of histogram cells in median cut.
private struct ColorBox {
    var cells: [Int]
    var population: Int
    /// The channel (0 red, 1 green, 2 blue) with the widest extent, and that extent in cells.
    var widestChannel: Int
    var extent: Int

    init(cells: [Int], counts: [Int]) {
        self.cells = cells
        population = cells.reduce(0) { $0 + counts[$1] }
        var best = (channel: 0, extent: -1)
        for channel in 0..<3 {
            let values = cells.map { ColorBox.component($0, channel) }
            let extent = (values.max() ?? 0) - (values.min() ?? 0)
            if extent > best.extent { best = (channel, extent) }
        }
        (widestChannel, extent) = (best.channel, best.extent)
    }

    /// Which box to split next: many pixels spread over a wide range first.
    var priority: Int { population * (extent + 1) }

    static func component(_ cell: Int, _ channel: Int) -> Int {
        (cell >> (10 - 5 * channel)) & 31
    }

    /// The two halves at the pixel median along the widest channel.
    func split(counts: [Int]) -> (ColorBox, ColorBox) {
        let sorted = cells.sorted {
            (ColorBox.component($0, widestChannel), $0) < (ColorBox.component($1, widestChannel), $1)
        }
        var running = 0
        var cut = 1
        for (index, cell) in sorted.enumerated().dropLast() {
            running += counts[cell]
            cut = index + 1
            if running * 2 >= population { break }
        }
        return (
            ColorBox(cells: Array(sorted[..<cut]), counts: counts),
            ColorBox(cells: Array(sorted[cut...]), counts: counts)
        )
    }
}
