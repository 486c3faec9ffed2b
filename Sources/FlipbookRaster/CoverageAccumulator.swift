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
    /// `height` rows of `width + 1` cells (a segment in the last column spills into one more).
    /// Always zero outside an accumulate–sweep cycle.
    private var cells: UnsafeMutablePointer<Float>
    private var cellCapacity = 0
    /// Per row, the first and last cell touched since the last sweep (`Int32.max`/`-1` if none).
    private var rowMin: UnsafeMutablePointer<Int32>
    private var rowMax: UnsafeMutablePointer<Int32>
    private var rowCapacity = 0
    /// One row of coverage values, handed to the compositor.
    private var coverage: UnsafeMutablePointer<Float>
    private var coverageCapacity = 0
    /// Per row, one bit per block of 16 cells that an edge touched since the last sweep. The
    /// sweep skips untouched blocks where the winding gives no coverage — the empty inside of a
    /// thin ring or a spirograph — instead of walking them cell by cell ("sparse strips").
    private var blocks: UnsafeMutablePointer<UInt64>
    private var blockCapacity = 0
    private var wordsPerRow = 1
    static let blockShift = 4

    init() {
        cells = .allocate(capacity: 1)
        rowMin = .allocate(capacity: 1)
        rowMax = .allocate(capacity: 1)
        coverage = .allocate(capacity: 1)
        blocks = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
        rowMin.deallocate()
        rowMax.deallocate()
        coverage.deallocate()
        blocks.deallocate()
    }

    /// Prepares an empty region of `width` × `height` cells. Cells are kept zero between uses,
    /// so only the row bounds are reset when the buffers are large enough.
    func reset(width: Int, height: Int) {
        self.width = width
        self.height = height
        let cellCount = (width + 1) * height
        if cellCapacity < cellCount {
            cells.deallocate()
            cells = .allocate(capacity: cellCount)
            cells.initialize(repeating: 0, count: cellCount)
            cellCapacity = cellCount
        }
        if rowCapacity < height {
            rowMin.deallocate()
            rowMax.deallocate()
            rowMin = .allocate(capacity: height)
            rowMax = .allocate(capacity: height)
            rowMin.initialize(repeating: .max, count: height)
            rowMax.initialize(repeating: -1, count: height)
            rowCapacity = height
        }
        wordsPerRow = ((width + 1) >> Self.blockShift) / 64 + 1
        if blockCapacity < wordsPerRow * height {
            blocks.deallocate()
            blocks = .allocate(capacity: wordsPerRow * height)
            blocks.initialize(repeating: 0, count: wordsPerRow * height)
            blockCapacity = wordsPerRow * height
        }
        if coverageCapacity < width + 1 {
            coverage.deallocate()
            coverage = .allocate(capacity: width + 1)
            coverage.initialize(repeating: 0, count: width + 1)
            coverageCapacity = width + 1
        }
    }

    /// Adds the directed segment from (x0, y0) to (x1, y1).
    func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        var (xa, ya, xb, yb, direction) = (x0, y0, x1, y1, Float(1))
        if ya > yb {
            (xa, ya, xb, yb, direction) = (x1, y1, x0, y0, -1)
        }
        let bottom = Double(height)
        guard yb > 0, ya < bottom else { return }
        let dxdy = (xb - xa) / (yb - ya)
        if ya < 0 {
            xa += dxdy * -ya
            ya = 0
        }
        if yb > bottom {
            xb = xa + dxdy * (bottom - ya)
            yb = bottom
        }
        var row = Int(ya)
        let lastRow = min(Int(yb.rounded(.up)) - 1, height - 1)
        var (xTop, yTop) = (xa, ya)
        while row <= lastRow {
            let yBottom = min(yb, Double(row + 1))
            let xBottom = yBottom == yb ? xb : xa + dxdy * (yBottom - ya)
            addRowSegment(row: row, xTop, xBottom, dy: Float(yBottom - yTop) * direction)
            (xTop, yTop) = (xBottom, yBottom)
            row += 1
        }
    }

    /// Adds a segment lying within one row, spanning x from `xs` to `xe`, with signed height `dy`.
    private func addRowSegment(row: Int, _ xs: Double, _ xe: Double, dy: Float) {
        guard dy != 0 else { return }
        var (left, right) = xs <= xe ? (xs, xe) : (xe, xs)
        let limit = Double(width)
        guard left < limit else { return }
        if right <= 0 || left == right {
            // Vertical, or wholly left of the region.
            let x = max(left, 0)
            let column = Int(x)
            add(row: row, column: column, dy: dy, offset: Float(x - Double(column)))
            return
        }
        // The share of dy in a sub-span of x is width / span (at most 1), computed as a ratio
        // first, so that a vanishing span cannot overflow a slope to infinity.
        let span = right - left
        func share(_ width: Double) -> Float { Float(Double(dy) * (width / span)) }
        if left < 0 {
            add(row: row, column: 0, dy: share(-left), offset: 0)
            left = 0
        }
        right = min(right, limit)
        guard left < right else { return }
        let firstColumn = Int(left)
        var lastColumn = Int(right)
        if Double(lastColumn) == right { lastColumn -= 1 }
        if firstColumn >= lastColumn {
            let offset = (left + right) / 2 - Double(firstColumn)
            add(row: row, column: firstColumn, dy: share(right - left), offset: Float(offset))
            return
        }
        let firstEdge = Double(firstColumn + 1)
        add(
            row: row, column: firstColumn, dy: share(firstEdge - left),
            offset: Float((left + firstEdge) / 2 - Double(firstColumn)))
        if lastColumn > firstColumn + 1 {
            let fullCell = share(1)
            for column in (firstColumn + 1)..<lastColumn {
                add(row: row, column: column, dy: fullCell, offset: 0.5)
            }
        }
        let lastEdge = Double(lastColumn)
        add(
            row: row, column: lastColumn, dy: share(right - lastEdge),
            offset: Float((lastEdge + right) / 2 - lastEdge))
    }

    /// Splits `dy` between `column` (the part right of the segment) and the next column.
    @inline(__always)
    private func add(row: Int, column: Int, dy: Float, offset: Float) {
        let index = row &* (width &+ 1) &+ column
        cells[index] += dy * (1 - offset)
        cells[index &+ 1] += dy * offset
        let rowBlocks = blocks + row &* wordsPerRow
        let block = column >> Self.blockShift
        rowBlocks[block >> 6] |= 1 &<< UInt64(block & 63)
        let next = (column &+ 1) >> Self.blockShift
        rowBlocks[next >> 6] |= 1 &<< UInt64(next & 63)
        if Int32(truncatingIfNeeded: column) < rowMin[row] { rowMin[row] = Int32(truncatingIfNeeded: column) }
        if Int32(truncatingIfNeeded: column &+ 1) > rowMax[row] {
            rowMax[row] = Int32(truncatingIfNeeded: column &+ 1)
        }
    }

    /// Sums each touched row into coverage under `rule` (thresholded at ½ unless `antialiased`),
    /// hands every non-empty span to `emit` (`row`, first column, coverages in 0…1), and leaves
    /// the cells zeroed for the next use. Blocks of 16 cells that no edge touched and where the
    /// winding gives no coverage end a span instead of being walked.
    func sweep(
        rule: FillRule, antialiased: Bool,
        emit: (_ row: Int, _ column: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void
    ) {
        let stride = width + 1
        let plain = rule == .nonZero && antialiased
        @inline(__always) func value(_ winding: Float) -> Float {
            if plain { return min(abs(winding), 1) }
            let raw = rule.coverage(winding)
            return antialiased ? raw : (raw >= 0.5 ? 1 : 0)
        }
        for row in 0..<height {
            let first = Int(rowMin[row])
            let last = Int(rowMax[row])
            guard last >= 0 else { continue }
            rowMin[row] = .max
            rowMax[row] = -1
            let base = cells + row * stride
            let rowBlocks = blocks + row * wordsPerRow
            let out = coverage - first  // indexed by column
            var winding: Float = 0
            var spanStart = -1
            let visibleLast = min(last, width - 1)
            var column = first
            while column <= visibleLast {
                let block = column >> Self.blockShift
                let blockEnd = min((block + 1) << Self.blockShift, visibleLast + 1)
                if rowBlocks[block >> 6] & (1 &<< UInt64(block & 63)) == 0 {
                    // No edge in this block: the winding is constant across it.
                    let constant = value(winding)
                    if constant * 255 < 0.5 {
                        if spanStart >= 0 {
                            emit(
                                row, spanStart,
                                UnsafeBufferPointer(start: out + spanStart, count: column - spanStart))
                            spanStart = -1
                        }
                    } else {
                        if spanStart < 0 { spanStart = column }
                        for c in column..<blockEnd { out[c] = constant }
                    }
                    column = blockEnd
                    continue
                }
                if spanStart < 0 { spanStart = column }
                for c in column..<blockEnd {
                    winding += base[c]
                    base[c] = 0
                    out[c] = value(winding)
                }
                column = blockEnd
            }
            if last > visibleLast {
                for c in max(first, visibleLast + 1)...last {
                    winding += base[c]
                    base[c] = 0
                }
            }
            for word in 0..<wordsPerRow { rowBlocks[word] = 0 }
            // Edges right of the region were dropped, so the winding need not return to zero:
            // whatever is left covers the rest of the row.
            var end = visibleLast
            let rest = rule.coverage(winding)
            if end < width - 1, rest * 255 >= 0.5 {
                let filled = antialiased ? rest : (rest >= 0.5 ? 1 : 0)
                if spanStart < 0 { spanStart = max(end + 1, first) }
                for c in max(end + 1, first)..<width { out[c] = filled }
                end = width - 1
            }
            if spanStart >= 0, end >= spanStart {
                emit(row, spanStart, UnsafeBufferPointer(start: out + spanStart, count: end - spanStart + 1))
            }
        }
    }
}
