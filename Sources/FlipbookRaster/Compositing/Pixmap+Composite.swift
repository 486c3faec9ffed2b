/// A rectangle of pixels as half-open column and row ranges.
package struct PixelBounds: Hashable, Sendable {
    package var columns: Range<Int>
    package var rows: Range<Int>

    package init(columns: Range<Int>, rows: Range<Int>) {
        self.columns = columns
        self.rows = rows
    }

    /// The smallest bounds holding both (`other` may be `nil`).
    package func union(_ other: PixelBounds?) -> PixelBounds {
        guard let other else { return self }
        return PixelBounds(
            columns: min(
                columns.lowerBound, other.columns.lowerBound)..<max(
                    columns.upperBound, other.columns.upperBound),
            rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound))
    }

    /// The pixels in both, or `nil` when they do not overlap.
    package func intersection(_ other: PixelBounds) -> PixelBounds? {
        let columns = columns.clamped(to: other.columns)
        let rows = rows.clamped(to: other.rows)
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        return PixelBounds(columns: columns, rows: rows)
    }

    /// These bounds with `margin` pixels more on every side.
    package func grown(by margin: Int) -> PixelBounds {
        PixelBounds(
            columns: (columns.lowerBound - margin)..<(columns.upperBound + margin),
            rows: (rows.lowerBound - margin)..<(rows.upperBound + margin))
    }
}

/// A horizontal run of pixels in one row, half-open: columns `start..<end`.
package struct PixelRun: Hashable, Sendable {
    package var row: Int
    package var start: Int
    package var end: Int

    package init(row: Int, start: Int, end: Int) {
        (self.row, self.start, self.end) = (row, start, end)
    }
}

/// Compositing one pixmap onto another: how offscreen layers join the frame.
extension Pixmap {
    /// The runs of pixels inside `bounds` that are not fully transparent, row by row. A layer's
    /// runs are found once, when it is drawn; compositing it again then touches only painted
    /// pixels (a chart's thin line, not its whole bounding box).
    ///
    /// Eight pixels at a time where all eight continue what the scan is in (painted inside a
    /// run, transparent outside one): a blur's wide painted rows and a layer's empty margins
    /// cost one vector test per eight pixels; only the eights where a run starts or ends are
    /// looked at pixel by pixel.
    package func paintedRuns(within bounds: PixelBounds) -> [PixelRun] {
        var runs: [PixelRun] = []
        let columns = bounds.columns.clamped(to: 0..<width)
        bytes.withUnsafeBytes { bytes in
            let pixels = bytes.bindMemory(to: UInt32.self)
            guard let first = pixels.baseAddress else { return }
            for row in bounds.rows.clamped(to: 0..<height) {
                let base = first + row * width
                var start = -1  // where the run the scan is in began, or −1 outside one
                var x = columns.lowerBound
                while x < columns.upperBound {
                    if x &+ 8 <= columns.upperBound,
                        start >= 0 ? Self.allPainted(base + x) : Self.nonePainted(base + x)
                    {
                        x &+= 8
                        continue
                    }
                    for column in x..<min(x &+ 8, columns.upperBound) {
                        let painted = base[column] & 0xFF00_0000 != 0
                        if painted, start < 0 { start = column }
                        if !painted, start >= 0 {
                            runs.append(PixelRun(row: row, start: start, end: column))
                            start = -1
                        }
                    }
                    x = min(x &+ 8, columns.upperBound)
                }
                if start >= 0 { runs.append(PixelRun(row: row, start: start, end: columns.upperBound)) }
            }
        }
        return runs
    }

    /// The alpha bytes of two packed pixels.
    private static let alphaBytes: UInt64 = 0xFF00_0000_FF00_0000

    /// Whether none of the eight pixels from `pixels` has alpha: their alphas OR-ed, two
    /// pixels per word (vector masks of eight lanes compiled to a test per lane).
    @inline(__always)
    private static func nonePainted(_ pixels: UnsafePointer<UInt32>) -> Bool {
        let raw = UnsafeRawPointer(pixels)
        var alphas: UInt64 = 0
        for word in 0..<4 { alphas |= raw.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self) }
        return alphas & alphaBytes == 0
    }

    /// Whether every one of the eight pixels from `pixels` has alpha. An alpha byte is not 0
    /// exactly when its top bit is set or its low seven bits plus 127 carry into it, a carry
    /// that cannot leave the byte.
    @inline(__always)
    private static func allPainted(_ pixels: UnsafePointer<UInt32>) -> Bool {
        let raw = UnsafeRawPointer(pixels)
        let topBits: UInt64 = 0x8000_0000_8000_0000
        let lowBits: UInt64 = 0x7F00_0000_7F00_0000
        var nonZero = topBits
        for word in 0..<4 {
            let alphas = raw.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self) & alphaBytes
            nonZero &= (alphas & lowBits &+ lowBits) | alphas
        }
        return nonZero == topBits
    }

    /// Composites `layer`, its top-left pixel at `origin` in this pixmap, at `opacity` (0…1)
    /// with `blendMode`, only where `clip` lets it through, touching only the pixels of `runs`
    /// (in this pixmap's coordinates, inside both pixmaps; others are skipped).
    package mutating func composite(
        _ layer: Pixmap, at origin: (x: Int, y: Int) = (0, 0), opacity: Double = 1,
        blendMode: BlendMode = .normal, clip: ClipMask? = nil, runs: [PixelRun]
    ) {
        guard opacity > 0 else { return }
        let inside = PixelBounds(columns: 0..<width, rows: 0..<height).intersection(
            PixelBounds(
                columns: origin.x..<(origin.x + layer.width), rows: origin.y..<(origin.y + layer.height)))
        guard let inside else { return }
        let factor = UInt32((min(opacity, 1) * 255).rounded())
        let width = self.width
        let layerWidth = layer.width
        let compositor = SpanCompositor(blendMode: blendMode, opacity: factor)
        let maskBytes = clip?.coverage ?? []
        // Plain source-over goes four pixels at a time; through a clip mask it looks each
        // pixel's factor up by its mask value. Other blend modes take the compositor, pixel by
        // pixel, at a coverage of 1.
        let plain = blendMode == .normal && clip == nil
        let masked = blendMode == .normal && clip != nil
        let maskFactors = masked ? SpanCompositor.maskFactors(opacity: factor) : []
        let full = plain || masked ? [] : [Float](repeating: 1, count: width)
        layer.bytes.withUnsafeBufferPointer { source in
            source.withMemoryRebound(to: UInt32.self) { source in
                bytes.withUnsafeMutableBufferPointer { destination in
                    destination.withMemoryRebound(to: UInt32.self) { destination in
                        full.withUnsafeBufferPointer { full in
                            maskBytes.withUnsafeBufferPointer { mask in
                                maskFactors.withUnsafeBufferPointer { factors in
                                    guard let from = source.baseAddress, let to = destination.baseAddress
                                    else { return }
                                    for run in runs
                                    where run.end > run.start && inside.rows.contains(run.row)
                                        && inside.columns.lowerBound <= run.start
                                        && run.end <= inside.columns.upperBound
                                    {
                                        let start = run.row * width + run.start
                                        let source =
                                            from + (run.row - origin.y) * layerWidth + run.start - origin.x
                                        let count = run.end - run.start
                                        if plain {
                                            SourceOver.blendRow(
                                                source, count: count, opacity: factor, into: to + start)
                                            continue
                                        }
                                        if masked, let weights = factors.baseAddress,
                                            let mask = mask.baseAddress
                                        {
                                            SourceOver.blendRow(
                                                source, count: count, mask: mask + start, weights: weights,
                                                into: to + start)
                                            continue
                                        }
                                        compositor.composite(
                                            UnsafeMutablePointer(mutating: source),
                                            coverage: UnsafeBufferPointer(
                                                start: full.baseAddress, count: count),
                                            mask: clip == nil ? nil : mask.baseAddress.map { $0 + start },
                                            into: to + start)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

extension Pixmap {
    /// Composites all of `source` over this pixmap with its top-left corner at (`x`, `y`);
    /// the parts outside are clipped.
    public mutating func draw(_ source: Pixmap, atX x: Int, y: Int) {
        draw(source, atX: x, y: y, within: PixelBounds(columns: 0..<width, rows: 0..<height))
    }

    /// `draw(_:atX:y:)`, changing only the pixels inside `bounds`.
    package mutating func draw(_ source: Pixmap, atX x: Int, y: Int, within bounds: PixelBounds) {
        let columns =
            max(0, x, bounds.columns.lowerBound)..<min(width, x + source.width, bounds.columns.upperBound)
        guard !columns.isEmpty else { return }
        let rows = max(0, y, bounds.rows.lowerBound)..<min(height, y + source.height, bounds.rows.upperBound)
        guard !rows.isEmpty else { return }
        for row in rows {
            source.bytes.withUnsafeBytes { from in
                bytes.withUnsafeMutableBytes { to in
                    for column in columns {
                        let input = from.loadUnaligned(
                            fromByteOffset: ((row - y) * source.width + column - x) * 4, as: UInt32.self)
                        let offset = (row * width + column) * 4
                        let output = to.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        to.storeBytes(
                            of: SourceOver.blend(input, over: output), toByteOffset: offset, as: UInt32.self)
                    }
                }
            }
        }
    }
}
