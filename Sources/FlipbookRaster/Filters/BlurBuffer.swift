/// The working copy of a region that `GaussianBlur` blurs: premultiplied channels as integers
/// scaled by 2⁸, one `SIMD4<Int32>` per pixel, row after row, and a second buffer each pass
/// writes into (then the two swap). Zero is assumed outside the region.
///
/// Sums stay exact in `Int32` (at most 255·2⁸ per value times a box width ≤ 1001); each output
/// is the sum times the reciprocal of the width, rounded — within 2⁻¹⁶ of the exact mean.
struct BlurBuffer {
    let region: PixelBounds
    let width: Int
    let height: Int
    var pixels: [SIMD4<Int32>]
    /// Where a pass writes; allocated by the first pass (a buffer that is only stored needs none).
    private var output: [SIMD4<Int32>] = []

    /// A buffer holding `pixels` (`width` × `height`, row after row) for `region`.
    init(region: PixelBounds, width: Int, height: Int, pixels: [SIMD4<Int32>]) {
        (self.region, self.width, self.height, self.pixels) = (region, width, height, pixels)
    }

    init(_ pixmap: Pixmap, region: PixelBounds) {
        self.region = region
        (width, height) = (region.columns.count, region.rows.count)
        var pixels = [SIMD4<Int32>](repeating: .zero, count: width * height)
        pixels.withUnsafeMutableBufferPointer { pixels in
            Self.read(pixmap, region: region) { row, column, value in
                pixels[row * region.columns.count + column] = value
            }
        }
        self.pixels = pixels
    }

    /// Moves every pixel's colour through `curve` (the sRGB transfer function one way or the
    /// other) as straight colour, keeping the 2⁸ scale and alpha.
    mutating func convert(_ curve: (Float) -> Float) {
        for i in pixels.indices where pixels[i].w > 0 {
            pixels[i] = Self.rounded(LinearLight.convert(Self.floats(pixels[i]), curve))
        }
    }

    /// Writes the blurred region back to 8 bits, colour kept within alpha, finished as
    /// `options` say.
    func store(into pixmap: inout Pixmap, options: Filter.BlurOptions = []) {
        pixels.withUnsafeBufferPointer { pixels in
            Self.write(into: &pixmap, region: region, options: options) { row, column in
                pixels[row * width + column]
            }
        }
    }

    /// Calls `body` with every pixel of `region` that lies in `pixmap` (row and column within
    /// the region) as four channels scaled by 2⁸, row after row.
    @inline(__always)
    static func read(_ pixmap: Pixmap, region: PixelBounds, _ body: (Int, Int, SIMD4<Int32>) -> Void) {
        guard let pixels = pixmap.pixels(of: region) else { return }
        pixmap.bytes.withUnsafeBytes { raw in
            let source = raw.bindMemory(to: UInt32.self)
            pixels.visit { row, column, index in
                let p = source[index]
                body(
                    row, column,
                    SIMD4(Int32(p & 0xFF), Int32(p >> 8 & 0xFF), Int32(p >> 16 & 0xFF), Int32(p >> 24)) &<< 8)
            }
        }
    }

    /// Sets every pixel of `region` that lies in `pixmap` to `value(row, column)` (row and
    /// column within the region; channels scaled by 2⁸),
    /// rounded to 8 bits — or, with `.dithersResult`, its fraction dropped after adding the
    /// dither tile's threshold of that pixel — colour kept within alpha. With `.opaque`, a
    /// pixel whose alpha rounds above zero first has its colour divided by its alpha and is
    /// made opaque.
    @inline(__always)
    static func write(
        into pixmap: inout Pixmap, region: PixelBounds, options: Filter.BlurOptions,
        _ value: (Int, Int) -> SIMD4<Int32>
    ) {
        let (opaque, dithered) = (options.contains(.opaque), options.contains(.dithersResult))
        guard let pixels = pixmap.pixels(of: region) else { return }
        pixmap.bytes.withUnsafeMutableBytes { raw in
            let target = raw.bindMemory(to: UInt32.self)
            pixels.visit { row, column, index in
                var scaled = value(row, column)
                if opaque, scaled.w >= 128 {
                    scaled = rounded(floats(scaled) * (255 * 256 / Float(scaled.w)))
                    scaled.w = 255 << 8
                }
                let threshold =
                    dithered
                    ? Int32(
                        DitherTile.threshold(
                            region.columns.lowerBound + column, region.rows.lowerBound + row))
                    : 128
                var v = (scaled &+ threshold) &>> 8
                v.clamp(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                let alpha = UInt32(v.w)
                let red = min(UInt32(v.x), alpha)
                let green = min(UInt32(v.y), alpha)
                let blue = min(UInt32(v.z), alpha)
                target[index] = red | green << 8 | blue << 16 | alpha << 24
            }
        }
    }

    /// The mean of `sum` over `count` values, rounded.
    @inline(__always)
    private static func mean(_ sum: SIMD4<Int32>, _ reciprocal: Float) -> SIMD4<Int32> {
        rounded(floats(sum) * reciprocal)
    }

    /// Lane by lane, so each is one conversion instruction (the generic vector conversions of
    /// the standard library go through a slow path).
    @inline(__always)
    static func floats(_ v: SIMD4<Int32>) -> SIMD4<Float> {
        SIMD4(Float(v.x), Float(v.y), Float(v.z), Float(v.w))
    }

    /// Non-negative values rounded to the nearest integer.
    @inline(__always)
    static func rounded(_ v: SIMD4<Float>) -> SIMD4<Int32> {
        let w = v + 0.5
        return SIMD4(Int32(w.x), Int32(w.y), Int32(w.z), Int32(w.w))
    }

    /// Makes `output` as large as `pixels`, for a pass to write into.
    private mutating func prepareOutput() {
        if output.count != pixels.count { output = [SIMD4<Int32>](repeating: .zero, count: pixels.count) }
    }

    /// One box pass along every row: each pixel becomes the mean of the `box.width` pixels
    /// starting `box.lead` before it.
    mutating func boxRows(_ box: (width: Int, lead: Int)) {
        prepareOutput()
        let (width, height) = (self.width, self.height)
        let reciprocal = 1 / Float(box.width)
        pixels.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                for row in 0..<height {
                    let line = row * width
                    var sum = SIMD4<Int32>.zero
                    for j in 0..<min(width, box.width - box.lead) { sum &+= input[line + j] }
                    for i in 0..<width {
                        output[line + i] = Self.mean(sum, reciprocal)
                        let entering = i - box.lead + box.width
                        let leaving = i - box.lead
                        if entering < width { sum &+= input[line + entering] }
                        if leaving >= 0 { sum &-= input[line + leaving] }
                    }
                }
            }
        }
        swap(&pixels, &output)
    }

    /// One box pass down every column: a row of running sums moves down the rows.
    mutating func boxColumns(_ box: (width: Int, lead: Int)) {
        prepareOutput()
        let (width, height) = (self.width, self.height)
        let reciprocal = 1 / Float(box.width)
        var sums = [SIMD4<Int32>](repeating: .zero, count: width)
        pixels.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                sums.withUnsafeMutableBufferPointer { sums in
                    for j in 0..<min(height, box.width - box.lead) {
                        for column in 0..<width { sums[column] &+= input[j * width + column] }
                    }
                    for i in 0..<height {
                        let line = i * width
                        for column in 0..<width {
                            output[line + column] = Self.mean(sums[column], reciprocal)
                        }
                        let entering = i - box.lead + box.width
                        if entering < height {
                            for column in 0..<width { sums[column] &+= input[entering * width + column] }
                        }
                        let leaving = i - box.lead
                        if leaving >= 0 {
                            for column in 0..<width { sums[column] &-= input[leaving * width + column] }
                        }
                    }
                }
            }
        }
        swap(&pixels, &output)
    }

    /// Convolution with `weights` (centred, summing to 1) along every row.
    mutating func convolveRows(_ weights: [Float]) {
        convolve(weights, along: 1, lines: height, length: width, lineStep: width)
    }

    /// Convolution with `weights` down every column.
    mutating func convolveColumns(_ weights: [Float]) {
        convolve(weights, along: width, lines: width, length: height, lineStep: 1)
    }

    /// The small-σ kernel along lines of `length` pixels `step` apart, `lineStep` between lines.
    private mutating func convolve(
        _ weights: [Float], along step: Int, lines: Int, length: Int, lineStep: Int
    ) {
        prepareOutput()
        let reach = weights.count / 2
        pixels.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                for line in 0..<lines {
                    let start = line * lineStep
                    for i in 0..<length {
                        var sum = SIMD4<Float>.zero
                        for k in max(0, reach - i)..<min(weights.count, length - i + reach) {
                            sum += Self.floats(input[start + (i + k - reach) * step]) * weights[k]
                        }
                        output[start + i * step] = Self.rounded(sum)
                    }
                }
            }
        }
        swap(&pixels, &output)
    }
}

/// The pixels of a region that lie in a pixmap, visited row after row: the one walk
/// `BlurBuffer.read` and `write` share, each with its own access to the pixmap's bytes.
private struct RegionPixels {
    /// The rows and columns of the region, counted from its corner, whose pixels lie in the
    /// pixmap.
    let rows: Range<Int>
    let columns: Range<Int>
    /// The pixmap's width: how far apart its rows are.
    let stride: Int
    /// The pixmap index of the region's corner (outside the pixmap when the region begins
    /// outside it; only `rows` and `columns` are visited).
    let corner: Int

    /// Calls `body` with each pixel's row and column within the region and its index in the
    /// pixmap.
    @inline(__always)
    func visit(_ body: (_ row: Int, _ column: Int, _ index: Int) -> Void) {
        for row in rows {
            let line = corner + row * stride
            for column in columns { body(row, column, line + column) }
        }
    }
}

extension Pixmap {
    /// The pixels of `region` that lie in this pixmap; `nil` when none do.
    fileprivate func pixels(of region: PixelBounds) -> RegionPixels? {
        guard let inside = region.intersection(PixelBounds(columns: 0..<width, rows: 0..<height)) else {
            return nil
        }
        let (top, left) = (region.rows.lowerBound, region.columns.lowerBound)
        return RegionPixels(
            rows: (inside.rows.lowerBound - top)..<(inside.rows.upperBound - top),
            columns: (inside.columns.lowerBound - left)..<(inside.columns.upperBound - left),
            stride: width, corner: top * width + left)
    }
}
