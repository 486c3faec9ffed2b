import FlipbookGeometry
import Foundation

/// Exact-area scan conversion: turns line segments into per-pixel signed coverage.
///
/// For every pixel cell a segment passes through, the accumulator adds the segment's signed
/// height in that cell (`dy`, positive downwards) split between the cell and its right
/// neighbour by how far right the segment sits in the cell:
/// ```
///   cell c            cell c+1
///  ┌─────────┐       ┌─────────┐
///  │    ╲    │  c   += dy·(1 − xmid)   ← area of the cell right of the segment
///  │     ╲   │  c+1 += dy·xmid         ← the rest, carried on to every pixel further right
///  └─────────┘       └─────────┘
/// ```
/// A running sum along the row then gives each pixel its exact fractional winding number — the
/// covered area for non-overlapping edges — which a `FillRule` turns into coverage. This is the
/// cell-accumulation idea behind FreeType's "smooth" rasterizer and font-rs, computed with
/// exact trapezoid areas per cell rather than by supersampling.
///
/// Coordinates are relative to the region's top-left corner. Parts of a segment above or below
/// the region are cut off; parts left of it still add their winding to column 0 (they cover
/// everything to their right); parts right of it cannot affect visible pixels and are dropped.
/// So work per segment is bounded by the region, whatever the coordinates.
///
/// `CellWriter` writes the segments; this class owns the buffers and sweeps them. A class
/// holding manually allocated buffers, so the hot loops index raw memory without array
/// uniqueness checks. Owned by one `Rasterizer`, hence by one render worker; never shared.
final class CoverageAccumulator {
    private(set) var width = 0
    private(set) var height = 0
    /// `height` rows of `stride` cells: `width`, and two more that a segment ending on (or,
    /// by rounding, just past) the right edge spills into. Always zero outside an
    /// accumulate–sweep cycle. On huge pages when large (`HugePages`): edges reach rows all
    /// over the region in any order.
    private var cells: UnsafeMutablePointer<Float>
    private var stride = 2
    private var cellCapacity = 0
    /// One row of coverage values, handed to the compositor.
    private var coverage: UnsafeMutablePointer<Float>
    private var coverageCapacity = 0
    /// Per row, one bit per block of `blockSize` cells that an edge touched since the last
    /// sweep. The sweep finds touched blocks by counting trailing zeros and treats the cells
    /// between them as one run of constant winding — the empty inside of a thin ring or a
    /// spirograph costs nothing, a solid interior is filled without summing ("sparse strips").
    private var blocks: UnsafeMutablePointer<UInt64>
    private var blockCapacity = 0
    private var wordsPerRow = 1
    /// Regions at most this wide (a piece of confetti, a glyph) keep, instead of block bits,
    /// each row's first and last touched cell, and are swept densely between them: cheaper
    /// than keeping and scanning bits for a few cells.
    static let denseWidth = 48
    private var tracksBlocks = false
    /// Per row of a narrow region, the first and last cell an edge touched since the last
    /// sweep; `first > last` when none.
    private var touchedColumns: UnsafeMutablePointer<TouchedColumns>
    private var touchedCapacity = 0
    static let blockShift = 2
    static let blockSize = 1 << blockShift

    init() {
        cells = HugePages.allocate(Float.self, capacity: 1)
        coverage = .allocate(capacity: 1)
        blocks = .allocate(capacity: 1)
        touchedColumns = .allocate(capacity: 1)
    }

    deinit {
        HugePages.deallocate(cells)
        coverage.deallocate()
        blocks.deallocate()
        touchedColumns.deallocate()
    }

    /// Prepares an empty region of `width` × `height` cells. Cells are kept zero between uses,
    /// so nothing is reset when the buffers are large enough.
    func reset(width: Int, height: Int) {
        self.width = width
        self.height = height
        tracksBlocks = width > Self.denseWidth
        stride = width + 2
        let cellCount = stride * height
        if cellCapacity < cellCount {
            HugePages.deallocate(cells)
            cells = HugePages.allocate(Float.self, capacity: cellCount)
            cells.initialize(repeating: 0, count: cellCount)
            cellCapacity = cellCount
        }
        wordsPerRow = ((stride - 1) >> Self.blockShift) / 64 + 1
        if blockCapacity < wordsPerRow * height {
            blocks.deallocate()
            blocks = .allocate(capacity: wordsPerRow * height)
            blocks.initialize(repeating: 0, count: wordsPerRow * height)
            blockCapacity = wordsPerRow * height
        }
        if touchedCapacity < height {
            touchedColumns.deallocate()
            touchedColumns = .allocate(capacity: height)
            touchedColumns.initialize(repeating: .none, count: height)
            touchedCapacity = height
        }
        if coverageCapacity < width + 1 {
            coverage.deallocate()
            coverage = .allocate(capacity: width + 1)
            coverage.initialize(repeating: 0, count: width + 1)
            coverageCapacity = width + 1
        }
    }

    /// Adds the edges of `path`'s polylines, each closed back to its start, shifted by
    /// (`dx`, `dy`) into the region's coordinates. A flattened path holds finite points only,
    /// as `CellWriter` requires.
    func add(_ path: FlattenedPath, dx: Double, dy: Double) {
        let writer = CellWriter(
            cells: cells, stride: stride, width: Double(width), height: Double(height), blocks: blocks,
            wordsPerRow: wordsPerRow, tracksBlocks: tracksBlocks, touchedColumns: touchedColumns)
        path.points.withUnsafeBufferPointer { points in
            for subpath in path.subpaths {
                // From the last point, so that the closing edge comes first and every edge is
                // added by the one call below.
                let last = points[subpath.start + subpath.count - 1]
                var (x0, y0) = (last.x + dx, last.y + dy)
                for point in points[subpath.start..<(subpath.start + subpath.count)] {
                    let (x1, y1) = (point.x + dx, point.y + dy)
                    writer.addLine(x0, y0, x1, y1)
                    (x0, y0) = (x1, y1)
                }
            }
        }
    }

    /// Sums each touched row into coverage under `rule` (thresholded at ½ unless `antialiased`),
    /// hands every non-empty span to `emit` (`row`, first column, coverages in 0…1), and leaves
    /// the cells and block bits zeroed for the next use.
    ///
    /// Only touched blocks are summed cell by cell. Between them the winding is constant: a run
    /// that it leaves uncovered ends the span, one that it covers is filled with its coverage.
    func sweep(
        rule: FillRule, antialiased: Bool,
        emit: (_ row: Int, _ column: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void
    ) {
        withoutActuallyEscaping(emit) { emit in
            var sink = SpanClosure(body: emit)
            sweep(rule: rule, antialiased: antialiased, into: &sink)
        }
    }

    /// `sweep(rule:antialiased:emit:)` into a sink, compiled for each kind of sink; only the
    /// rows in `rows` (all when `nil`) are summed and handed on, the others just left empty —
    /// a row's coverage depends on its own cells alone, so those handed on are the same.
    func sweep<Sink: SpanSink>(
        rule: FillRule, antialiased: Bool, rows: Range<Int>? = nil, into sink: inout Sink
    ) {
        let rows = rows ?? 0..<height
        switch (rule, antialiased) {
        case (.nonZero, true): sweep(NonZeroCoverage.self, rows: rows, into: &sink)
        case (.evenOdd, true): sweep(EvenOddCoverage.self, rows: rows, into: &sink)
        case (.nonZero, false): sweep(AliasedCoverage<NonZeroCoverage>.self, rows: rows, into: &sink)
        case (.evenOdd, false): sweep(AliasedCoverage<EvenOddCoverage>.self, rows: rows, into: &sink)
        }
    }

    private func sweep<Rule: WindingCoverage, Sink: SpanSink>(
        _: Rule.Type, rows: Range<Int>, into sink: inout Sink
    ) {
        guard tracksBlocks else { return sweepDensely(Rule.self, rows: rows, into: &sink) }
        let (width, stride) = (self.width, self.stride)
        let out = coverage
        for row in 0..<height {
            let base = cells + row &* stride
            let rowBlocks = blocks + row &* wordsPerRow
            guard rows.contains(row) else {
                emptyRow(base, blocks: rowBlocks)
                continue
            }
            var winding: Float = 0
            var spanStart = -1
            var column = 0  // cells before `column` are summed and emitted or skipped
            var touched = false
            /// The cells from `column` up to `end`, where no edge is: constant winding.
            @inline(__always) func run(to end: Int) {
                guard end > column else { return }
                let constant = Rule.coverage(winding)
                if constant * 255 < 0.5 {
                    if spanStart >= 0 {
                        sink.add(
                            row: row, column: spanStart,
                            coverage: UnsafeBufferPointer(start: out + spanStart, count: column - spanStart))
                        spanStart = -1
                    }
                } else {
                    if spanStart < 0 { spanStart = column }
                    (out + column).update(repeating: constant, count: end - column)
                }
                column = end
            }
            for word in 0..<wordsPerRow {
                var bits = rowBlocks[word]
                guard bits != 0 else { continue }
                touched = true
                rowBlocks[word] = 0
                while bits != 0 {
                    // The next run of consecutive touched blocks, summed in one pass. Adding its
                    // lowest bit carries through the run: the carry's position is the run's end
                    // (64 when it overflows), and the sum has the run's bits cleared.
                    let first = bits.trailingZeroBitCount
                    let carried = bits &+ (bits & (0 &- bits))
                    let end = carried.trailingZeroBitCount
                    bits &= carried
                    let blockStart = (word << 6 | first) << Self.blockShift
                    // Only the spill cells right of the region lie further; they are zeroed below.
                    guard blockStart < width else { break }
                    run(to: blockStart)
                    let blockEnd = min((word << 6 + end) << Self.blockShift, width)
                    if spanStart < 0 { spanStart = blockStart }
                    Self.sum(Rule.self, base, from: blockStart, to: blockEnd, onto: &winding, into: out)
                    column = blockEnd
                }
            }
            guard touched else { continue }
            (base[width], base[width &+ 1]) = (0, 0)
            // Edges right of the region were dropped, so the winding need not return to zero:
            // whatever is left covers the rest of the row.
            run(to: width)
            if spanStart >= 0, column > spanStart {
                sink.add(
                    row: row, column: spanStart,
                    coverage: UnsafeBufferPointer(start: out + spanStart, count: column - spanStart))
            }
        }
    }

    /// The sweep of a narrow region: in each row, every cell from the first to the last one an
    /// edge touched, emitted as one span. Cells left of them are empty; right of them the
    /// winding left over (from edges dropped right of the region) covers the rest of the row.
    private func sweepDensely<Rule: WindingCoverage, Sink: SpanSink>(
        _: Rule.Type, rows: Range<Int>, into sink: inout Sink
    ) {
        let (width, stride) = (self.width, self.stride)
        let out = coverage
        for row in 0..<height {
            let touched = touchedColumns[row]
            guard touched.first <= touched.last else { continue }
            touchedColumns[row] = .none
            let base = cells + row &* stride
            guard rows.contains(row) else {
                let first = Int(touched.first)
                if first < stride {
                    (base + first).update(repeating: 0, count: min(Int(touched.last) &+ 1, stride) &- first)
                }
                (base[width], base[width &+ 1]) = (0, 0)
                continue
            }
            let first = Int(touched.first)
            let last = min(Int(touched.last), width &- 1)
            var winding: Float = 0
            Self.sum(Rule.self, base, from: first, to: last &+ 1, onto: &winding, into: out)
            (base[width], base[width &+ 1]) = (0, 0)
            guard first < width else { continue }
            var end = last &+ 1
            let rest = Rule.coverage(winding)
            if rest * 255 >= 0.5, end < width {
                (out + end).update(repeating: rest, count: width &- end)
                end = width
            }
            sink.add(
                row: row, column: first,
                coverage: UnsafeBufferPointer(start: out + first, count: end &- first))
        }
    }
}

extension CoverageAccumulator {
    /// Zeroes the cells of a row that the sweep leaves out — those of the blocks its bits
    /// (`blocks`) mark, and the two spill cells — and clears the bits, as summing it would.
    private func emptyRow(_ base: UnsafeMutablePointer<Float>, blocks rowBlocks: UnsafeMutablePointer<UInt64>)
    {
        for word in 0..<wordsPerRow {
            var bits = rowBlocks[word]
            rowBlocks[word] = 0
            while bits != 0 {
                let start = (word << 6 | bits.trailingZeroBitCount) << Self.blockShift
                bits &= bits &- 1
                guard start < stride else { break }
                (base + start).update(repeating: 0, count: min(Self.blockSize, stride &- start))
            }
        }
        (base[width], base[width &+ 1]) = (0, 0)
    }

    /// Sums the cells `start..<end` of the row at `cells` onto `winding` one after another,
    /// writing each running sum's coverage under `Rule` to `out` and zeroing the cells. Four
    /// cells at a time: running sums within each pair of lanes, then the low pair's total
    /// carried onto the high pair, so the chain from cell to cell is one add per four cells
    /// instead of one per cell.
    @inline(__always)
    fileprivate static func sum<Rule: WindingCoverage>(
        _: Rule.Type, _ cells: UnsafeMutablePointer<Float>, from start: Int, to end: Int,
        onto winding: inout Float, into out: UnsafeMutablePointer<Float>
    ) {
        var c = start
        while c &+ 4 <= end {
            let source = UnsafeMutableRawPointer(cells + c)
            let values = source.loadUnaligned(as: SIMD4<Float>.self)
            source.storeBytes(of: .zero, as: SIMD4<Float>.self)
            // Running sums within each half, then the low half's total onto the high half.
            let low = values.lowHalf + SIMD2(0, values.lowHalf.x) + winding
            let high = values.highHalf + SIMD2(0, values.highHalf.x) + low.y
            let sums = SIMD4(lowHalf: low, highHalf: high)
            winding = high.y
            UnsafeMutableRawPointer(out + c).storeBytes(of: Rule.coverage(sums), as: SIMD4<Float>.self)
            c &+= 4
        }
        while c < end {
            winding += cells[c]
            cells[c] = 0
            out[c] = Rule.coverage(winding)
            c &+= 1
        }
    }
}

/// The first and last cell of a row that edges touched.
struct TouchedColumns {
    var first: Int32
    var last: Int32

    static let none = TouchedColumns(first: .max, last: -1)

    /// Widens the range to hold cells `from` through `through`.
    @inline(__always)
    mutating func include(_ from: Int, _ through: Int) {
        first = min(first, Int32(truncatingIfNeeded: from))
        last = max(last, Int32(truncatingIfNeeded: through))
    }
}
