extension BlurBuffer {
    /// The region averaged in blocks of `factor` × `factor` pixels (a block reaching past the
    /// region counts the missing pixels as transparent): the small picture a wide blur works on.
    init(_ pixmap: Pixmap, region: PixelBounds, averagingBlocksOf factor: Int) {
        let width = (region.columns.count + factor - 1) / factor
        let height = (region.rows.count + factor - 1) / factor
        var small = [SIMD4<Int32>](repeating: .zero, count: width * height)
        let area = Int32(factor * factor)
        small.withUnsafeMutableBufferPointer { small in
            Self.read(pixmap, region: region) { row, column, value in
                small[row / factor * width + column / factor] &+= value
            }
            for i in small.indices { small[i] = (small[i] &+ area / 2) / area }
        }
        self.init(region: region, width: width, height: height, pixels: small)
    }

    /// Writes this small picture back into `region` of `pixmap`, `factor` times larger, by
    /// bilinear interpolation between the block centres (rows first, then columns), finished
    /// as `options` say.
    func storeEnlarged(
        into pixmap: inout Pixmap, region: PixelBounds, by factor: Int, options: Filter.BlurOptions
    ) {
        let (fullWidth, fullHeight) = (region.columns.count, region.rows.count)
        let across = Self.samples(count: fullWidth, of: width, factor: factor)
        let down = Self.samples(count: fullHeight, of: height, factor: factor)
        // Rows first: every small row stretched to the full width.
        var stretched = [SIMD4<Float>](repeating: .zero, count: height * fullWidth)
        pixels.withUnsafeBufferPointer { small in
            stretched.withUnsafeMutableBufferPointer { stretched in
                for row in 0..<height {
                    for (x, sample) in across.enumerated() {
                        stretched[row * fullWidth + x] = Self.mix(
                            sample, { Self.floats(small[row * width + $0]) }, limit: width)
                    }
                }
            }
        }
        stretched.withUnsafeBufferPointer { stretched in
            guard let base = stretched.baseAddress else { return }
            // Each full row mixes the same two stretched rows (transparency past the ends) by the
            // same weight: found once per row, not per pixel.
            let rows = down.map { sample in
                (
                    upper: (0..<height).contains(sample.index) ? base + sample.index * fullWidth : nil,
                    lower: (0..<height).contains(sample.index + 1)
                        ? base + (sample.index + 1) * fullWidth : nil,
                    weight: sample.weight
                )
            }
            Self.write(into: &pixmap, region: region, options: options) { y, x in
                let (upper, lower, weight) = rows[y]
                let left = upper?[x] ?? .zero
                let right = lower?[x] ?? .zero
                return Self.rounded(left + (right - left) * weight)
            }
        }
    }

    /// For each of `count` full-size pixels, the small-picture sample left of its centre and the
    /// weight of the one right of it.
    private static func samples(count: Int, of limit: Int, factor: Int) -> [(index: Int, weight: Float)] {
        (0..<count).map { pixel in
            let position = (Double(pixel) + 0.5) / Double(factor) - 0.5
            let index = Int(position.rounded(.down))
            return (index, Float(position - Double(index)))
        }
    }

    /// The interpolation of `value(index)` and `value(index + 1)`; samples outside 0..<limit
    /// are transparent.
    @inline(__always)
    private static func mix(
        _ sample: (index: Int, weight: Float), _ value: (Int) -> SIMD4<Float>, limit: Int
    ) -> SIMD4<Float> {
        let left = sample.index >= 0 && sample.index < limit ? value(sample.index) : .zero
        let right = sample.index + 1 < limit && sample.index + 1 >= 0 ? value(sample.index + 1) : .zero
        return left + (right - left) * sample.weight
    }
}
