/// Median cut (Heckbert, "Color Image Quantization for Frame Buffer Display", 1982) over a
/// `ColorHistogram`: the box holding the most pixels × widest extent is split at its pixel
/// median along its widest channel until there are enough boxes; each palette colour is the
/// exact mean of its box's pixels. Deterministic: ties broken by cell order.
enum MedianCut {
    static func palette(_ histogram: ColorHistogram, colors: Int) -> [UInt32] {
        guard colors > 0, !histogram.occupied.isEmpty else { return [] }
        let counts = histogram.counts
        var boxes = [ColorBox(cells: histogram.occupied, counts: counts)]
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
                let sum = histogram.sums[key]
                (r, g, b, n) = (r + sum.0, g + sum.1, b + sum.2, n + counts[key])
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
