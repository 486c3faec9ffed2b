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
/// A class holding manually allocated buffers, so the hot loops index raw memory without array
/// uniqueness checks. Owned by one `Rasterizer`, hence by one render worker; never shared.
final class CoverageAccumulator {
    private(set) var width = 0
    private(set) var height = 0
    /// `height` rows of `stride` cells: `width`, and two more that a segment ending on (or,
    /// by rounding, just past) the right edge spills into. Always zero outside an
    /// accumulate–sweep cycle.
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
        cells = .allocate(capacity: 1)
        coverage = .allocate(capacity: 1)
        blocks = .allocate(capacity: 1)
        touchedColumns = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
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
            cells.deallocate()
            cells = .allocate(capacity: cellCount)
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

    /// Adds the directed segment from (x0, y0) to (x1, y1).
    ///
    /// The segment is clipped to the region once, here, so that the per-row work below never
    /// checks bounds: rows above and below are cut off, a part left of column 0 becomes a
    /// vertical segment on the region's left edge (it covers everything to its right, as a
    /// vertical edge there would), and a part right of the last column is dropped.
    func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        var (xa, ya, xb, yb, direction) = (x0, y0, x1, y1, 1.0)
        if ya > yb {
            (xa, ya, xb, yb, direction) = (x1, y1, x0, y0, -1)
        }
        let bottom = Double(height)
        guard yb > 0, ya < bottom else { return }
        if ya < 0 || yb > bottom {
            let dxdy = (xb - xa) / (yb - ya)
            if ya < 0 {
                xa += dxdy * -ya
                ya = 0
            }
            if yb > bottom {
                xb = xa + dxdy * (bottom - ya)
                yb = bottom
            }
        }
        let right = Double(width)
        if xa >= 0, xb >= 0, xa <= right, xb <= right {
            return addInside(xa, ya, xb, yb, direction: direction)
        }
        // Crossings of the left and right edges, as the fraction of the way from a to b.
        let dx = xb - xa
        var (from, to) = (0.0, 1.0)
        if (xa < 0) != (xb < 0) {
            let t = -xa / dx
            if xa < 0 {
                addInside(0, ya, 0, ya + (yb - ya) * t, direction: direction)
                from = t
            } else {
                addInside(0, ya + (yb - ya) * t, 0, yb, direction: direction)
                to = t
            }
        } else if xa < 0 {
            return addInside(0, ya, 0, yb, direction: direction)
        }
        if (xa > right) != (xb > right) {
            let t = (right - xa) / dx
            if xa > right { from = max(from, t) } else { to = min(to, t) }
        } else if xa > right {
            return
        }
        guard from < to else { return }
        let (yFrom, yTo) = (ya + (yb - ya) * from, ya + (yb - ya) * to)
        guard yFrom < yTo else { return }
        addInside(
            min(max(xa + dx * from, 0), right), yFrom, min(max(xa + dx * to, 0), right), yTo,
            direction: direction)
    }

    /// Adds a segment going down from (xa, ya) to (xb, yb) (`direction` −1 if it was drawn
    /// upwards) that lies within the region: 0 ≤ x ≤ width, 0 ≤ y ≤ height.
    @inline(__always)
    private func addInside(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, direction: Double) {
        guard ya < yb else { return }  // a piece cut from an edge may have lost its height
        var row = Int(ya)
        var (xTop, yTop) = (xa, ya)
        let dxdy = (xb - xa) / (yb - ya)
        // The signed height per unit of x, the same in every row (unused, and infinite, when
        // the edge is vertical: then every row's piece lies within one cell).
        let perX = direction / abs(dxdy)
        while true {
            let next = Double(row &+ 1)
            if next >= yb {
                return addRowSegment(row: row, xTop, xb, dy: (yb - yTop) * direction, perX: perX)
            }
            let xNext = xa + dxdy * (next - ya)
            addRowSegment(row: row, xTop, xNext, dy: (next - yTop) * direction, perX: perX)
            (xTop, yTop) = (xNext, next)
            row &+= 1
        }
    }

    /// Adds a segment lying within one row and within the region (up to rounding), spanning x
    /// from `xs` to `xe`, with signed height `dy`, which is `perX` per unit of x.
    ///
    /// Each cell the segment crosses gets the part of `dy` right of the segment inside it, and
    /// the rest is carried to the next cell — added in the same pass, so every cell is written
    /// once (writing a cell and its neighbour per crossed cell made each store overlap the next
    /// load, which processors cannot forward).
    @inline(__always)
    private func addRowSegment(row: Int, _ xs: Double, _ xe: Double, dy: Double, perX: Double) {
        let (left, right) = xs <= xe ? (xs, xe) : (xe, xs)
        let base = cells + row &* stride
        // A cell ending exactly at `right` is the last one crossed.
        let firstColumn = Self.column(left)
        var lastColumn = Self.column(right)
        if lastColumn > firstColumn, Double(lastColumn) == right { lastColumn &-= 1 }
        if firstColumn == lastColumn {
            // Within one cell (most segments of steep edges): no division at all.
            let offset = (left + right) / 2 - Double(firstColumn)
            base[firstColumn] += Float(dy * (1 - offset))
            base[firstColumn &+ 1] += Float(dy * offset)
            if tracksBlocks {
                let rowBlocks = blocks + row &* wordsPerRow
                Self.mark(firstColumn, in: rowBlocks)
                Self.mark(firstColumn &+ 1, in: rowBlocks)
            } else {
                touchedColumns[row].include(firstColumn, firstColumn &+ 1)
            }
            return
        }
        // First cell: the part from `left` to its right edge, its centre `offset` into the cell.
        let firstEdge = Double(firstColumn &+ 1)
        let firstShare = perX * (firstEdge - left)
        let firstOffset = (left + firstEdge) / 2 - Double(firstColumn)
        base[firstColumn] += Float(firstShare * (1 - firstOffset))
        var carry = Float(firstShare * firstOffset)
        // Whole cells: crossed through their middle, half for the cell, half carried.
        let half = Float(perX / 2)
        var column = firstColumn &+ 1
        while column < lastColumn {
            base[column] += carry + half
            carry = half
            column &+= 1
        }
        let lastShare = perX * (right - Double(lastColumn))
        let lastOffset = (right - Double(lastColumn)) / 2
        base[lastColumn] += carry + Float(lastShare * (1 - lastOffset))
        base[lastColumn &+ 1] += Float(lastShare * lastOffset)
        mark(row: row, from: firstColumn, through: lastColumn &+ 1)
    }

    /// The column of the cell holding x, ⌊x⌋, for x below 2⁵¹ (below 0, up to rounding, counts
    /// as 0). Adding 2⁵² + 2⁵¹ leaves x rounded to an integer in the low bits of the sum; one
    /// subtraction where that rounded up makes it the floor. `Int(_:)` would check the range,
    /// which cost a third of a row segment's work.
    @inline(__always)
    private static func column(_ x: Double) -> Int {
        let clamped = x > 0 ? x : 0
        let magic = 6_755_399_441_055_744.0
        let shifted = clamped + magic
        let nearest = Int(truncatingIfNeeded: shifted.bitPattern &- magic.bitPattern)
        return shifted - magic > clamped ? nearest &- 1 : nearest
    }

    /// Marks the block holding cell `column` in a row's block bits as touched.
    @inline(__always)
    private static func mark(_ column: Int, in rowBlocks: UnsafeMutablePointer<UInt64>) {
        let block = column >> blockShift
        rowBlocks[block >> 6] |= 1 &<< UInt64(block & 63)
    }

    /// Marks cells `first` through `last` of `row` as touched: their blocks, or the row's range.
    @inline(__always)
    private func mark(row: Int, from first: Int, through last: Int) {
        guard tracksBlocks else { return touchedColumns[row].include(first, last) }
        let rowBlocks = blocks + row &* wordsPerRow
        var block = first >> Self.blockShift
        let lastBlock = last >> Self.blockShift
        while block <= lastBlock {
            rowBlocks[block >> 6] |= 1 &<< UInt64(block & 63)
            block &+= 1
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
        switch (rule, antialiased) {
        case (.nonZero, true): sweep(NonZeroCoverage.self, emit: emit)
        case (.evenOdd, true): sweep(EvenOddCoverage.self, emit: emit)
        case (.nonZero, false): sweep(AliasedCoverage<NonZeroCoverage>.self, emit: emit)
        case (.evenOdd, false): sweep(AliasedCoverage<EvenOddCoverage>.self, emit: emit)
        }
    }

    private func sweep<Rule: WindingCoverage>(
        _: Rule.Type, emit: (_ row: Int, _ column: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void
    ) {
        guard tracksBlocks else { return sweepDensely(Rule.self, emit: emit) }
        let (width, stride) = (self.width, self.stride)
        let out = coverage
        for row in 0..<height {
            let base = cells + row &* stride
            let rowBlocks = blocks + row &* wordsPerRow
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
                        emit(
                            row, spanStart,
                            UnsafeBufferPointer(start: out + spanStart, count: column - spanStart))
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
                    let block = word << 6 | bits.trailingZeroBitCount
                    bits &= bits &- 1
                    let blockStart = block << Self.blockShift
                    // Only the spill cells right of the region lie further; they are zeroed below.
                    guard blockStart < width else { break }
                    run(to: blockStart)
                    let blockEnd = min(blockStart + Self.blockSize, width)
                    if spanStart < 0 { spanStart = blockStart }
                    for c in blockStart..<blockEnd {
                        winding += base[c]
                        base[c] = 0
                        out[c] = Rule.coverage(winding)
                    }
                    column = blockEnd
                }
            }
            guard touched else { continue }
            (base[width], base[width &+ 1]) = (0, 0)
            // Edges right of the region were dropped, so the winding need not return to zero:
            // whatever is left covers the rest of the row.
            run(to: width)
            if spanStart >= 0, column > spanStart {
                emit(row, spanStart, UnsafeBufferPointer(start: out + spanStart, count: column - spanStart))
            }
        }
    }

    /// The sweep of a narrow region: in each row, every cell from the first to the last one an
    /// edge touched, emitted as one span. Cells left of them are empty; right of them the
    /// winding left over (from edges dropped right of the region) covers the rest of the row.
    private func sweepDensely<Rule: WindingCoverage>(
        _: Rule.Type, emit: (_ row: Int, _ column: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void
    ) {
        let (width, stride) = (self.width, self.stride)
        let out = coverage
        for row in 0..<height {
            let touched = touchedColumns[row]
            guard touched.first <= touched.last else { continue }
            touchedColumns[row] = .none
            let base = cells + row &* stride
            let first = Int(touched.first)
            let last = min(Int(touched.last), width &- 1)
            var winding: Float = 0
            var c = first
            while c <= last {
                winding += base[c]
                base[c] = 0
                out[c] = Rule.coverage(winding)
                c &+= 1
            }
            (base[width], base[width &+ 1]) = (0, 0)
            guard first < width else { continue }
            var end = last &+ 1
            let rest = Rule.coverage(winding)
            if rest * 255 >= 0.5, end < width {
                (out + end).update(repeating: rest, count: width &- end)
                end = width
            }
            emit(row, first, UnsafeBufferPointer(start: out + first, count: end &- first))
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
