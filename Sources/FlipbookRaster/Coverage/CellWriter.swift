/// Adds line segments to a region's coverage cells: the accumulation half of
/// `CoverageAccumulator`, made for each fill with the accumulator's buffers and sizes as
/// constants, so that the per-row work keeps them in registers instead of reloading them from
/// the accumulator after every store to a cell.
///
/// For every pixel cell a segment passes through, the cell gets the segment's signed height in
/// it (`dy`, positive downwards) times the part of the cell right of the segment, and the cell
/// to its right the rest (see `CoverageAccumulator`).
struct CellWriter {
    let cells: UnsafeMutablePointer<Float>
    /// Cells per row: `width` and two spill cells.
    let stride: Int
    let width: Double
    let height: Double
    /// Touched 4-cell blocks, one bit each, `wordsPerRow` words per row — or, for a narrow
    /// region (`tracksBlocks` false), touched columns per row.
    let blocks: UnsafeMutablePointer<UInt64>
    let wordsPerRow: Int
    let tracksBlocks: Bool
    let touchedColumns: UnsafeMutablePointer<TouchedColumns>

    /// Adds the directed segment from (x0, y0) to (x1, y1), both finite.
    ///
    /// The segment is clipped to the region once, here, so that the per-row work below never
    /// checks bounds: rows above and below are cut off, a part left of column 0 becomes a
    /// vertical segment on the region's left edge (it covers everything to its right, as a
    /// vertical edge there would), and a part right of the last column is dropped.
    @inline(__always)
    func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1 else { return }
        var (xa, ya, xb, yb, direction) = (x0, y0, x1, y1, 1.0)
        if ya > yb {
            (xa, ya, xb, yb, direction) = (x1, y1, x0, y0, -1)
        }
        guard yb > 0, ya < height else { return }
        if ya < 0 || yb > height || !(xa >= 0 && xb >= 0 && xa <= width && xb <= width) {
            return addClipped(xa, ya, xb, yb, direction: direction)
        }
        addInside(xa, ya, xb, yb, direction: direction)
    }

    /// `addLine` for a segment going down that reaches outside the region.
    private func addClipped(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, direction: Double) {
        var (xa, ya, xb, yb) = (x0, y0, x1, y1)
        let dxdy = (xb - xa) / (yb - ya)
        if ya < 0 {
            xa += dxdy * -ya
            ya = 0
        }
        if yb > height {
            xb = xa + dxdy * (height - ya)
            yb = height
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
        if (xa > width) != (xb > width) {
            let t = (width - xa) / dx
            if xa > width { from = max(from, t) } else { to = min(to, t) }
        } else if xa > width {
            return
        }
        guard from < to else { return }
        let (yFrom, yTo) = (ya + (yb - ya) * from, ya + (yb - ya) * to)
        addInside(
            min(max(xa + dx * from, 0), width), yFrom, min(max(xa + dx * to, 0), width), yTo,
            direction: direction)
    }

    /// Adds a segment going down from (xa, ya) to (xb, yb) (`direction` −1 if it was drawn
    /// upwards) that lies within the region: 0 ≤ x ≤ width, 0 ≤ y ≤ height.
    ///
    /// Row by row: the x where the segment leaves a row, and its cell, are where it enters
    /// the next, so each row converts one x to a column.
    @inline(__always)
    private func addInside(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, direction: Double) {
        guard ya < yb else { return }  // a piece cut from an edge may have lost its height
        var row = Self.floor(ya)
        let dxdy = (xb - xa) / (yb - ya)
        var (xTop, yTop, columnTop) = (xa, ya, Self.floor(xa))
        let columnEnd = Self.floor(xb)
        if columnTop == columnEnd {
            return addInColumn(xa, ya, xb, yb, column: columnTop, dxdy: dxdy, direction: direction)
        }
        // The signed height per unit of x, the same in every row.
        let perX = direction / abs(dxdy)
        var next = Double(row &+ 1)
        while next < yb {
            let xBottom = xa + dxdy * (next - ya)
            let columnBottom = Self.floor(xBottom)
            addRowSegment(
                row: row, xTop, columnTop, xBottom, columnBottom, dy: (next - yTop) * direction, perX: perX)
            (xTop, yTop, columnTop) = (xBottom, next, columnBottom)
            row &+= 1
            next += 1
        }
        addRowSegment(row: row, xTop, columnTop, xb, columnEnd, dy: (yb - yTop) * direction, perX: perX)
    }

    /// `addInside` for a segment that lies within one column of cells (a steep or short edge):
    /// every row's piece goes to that cell and the one right of it, without a column per row.
    @inline(__always)
    private func addInColumn(
        _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, column: Int, dxdy: Double, direction: Double
    ) {
        var row = Self.floor(ya)
        var cell = cells + (row &* stride &+ column)
        let left = Double(column)
        var (xTop, yTop) = (xa, ya)
        var next = Double(row &+ 1)
        while next < yb {
            let xBottom = xa + dxdy * (next - ya)
            let dy = (next - yTop) * direction
            Self.split(dy, at: (xTop + xBottom) / 2 - left, into: cell)
            mark(row: row, column, column &+ 1)
            cell += stride
            row &+= 1
            (xTop, yTop) = (xBottom, next)
            next += 1
        }
        Self.split((yb - yTop) * direction, at: (xTop + xb) / 2 - left, into: cell)
        mark(row: row, column, column &+ 1)
    }

    /// Adds a segment lying within one row and within the region (up to rounding), from x `xs`
    /// in cell `cs` to x `xe` in cell `ce`, with signed height `dy`, which is `perX` per unit
    /// of x.
    ///
    /// Each cell the segment crosses gets the part of `dy` right of the segment inside it, and
    /// the rest is carried to the next cell — added in the same pass, so every cell is written
    /// once (writing a cell and its neighbour per crossed cell made each store overlap the next
    /// load, which processors cannot forward).
    @inline(__always)
    private func addRowSegment(
        row: Int, _ xs: Double, _ cs: Int, _ xe: Double, _ ce: Int, dy: Double, perX: Double
    ) {
        let (left, right) = xs <= xe ? (xs, xe) : (xe, xs)
        // A segment ending exactly on a cell's right edge takes the path for several cells, whose
        // last share is then 0.
        let (firstColumn, lastColumn) = xs <= xe ? (cs, ce) : (ce, cs)
        let base = cells + row &* stride
        if firstColumn == lastColumn {
            // Within one cell (most segments of steep edges): no division at all.
            Self.split(dy, at: (left + right) / 2 - Double(firstColumn), into: base + firstColumn)
            return mark(row: row, firstColumn, firstColumn &+ 1)
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
        mark(row: row, firstColumn, lastColumn &+ 1)
    }

    /// Adds the signed height `dy` of a piece lying within cell `cell[0]`, centred `offset`
    /// (0…1) into it: the part right of the piece to that cell, the rest to the next.
    @inline(__always)
    private static func split(_ dy: Double, at offset: Double, into cell: UnsafeMutablePointer<Float>) {
        cell[0] += Float(dy * (1 - offset))
        cell[1] += Float(dy * offset)
    }

    /// ⌊x⌋ for x below 2⁵¹ (below 0, up to rounding, counts as 0). Adding 2⁵² + 2⁵¹ leaves x
    /// rounded to an integer in the low bits of the sum; one subtraction where that rounded up
    /// makes it the floor. `Int(_:)` would check the range, which cost a third of a row's work.
    @inline(__always)
    private static func floor(_ x: Double) -> Int {
        let clamped = x > 0 ? x : 0
        let magic = 6_755_399_441_055_744.0
        let shifted = clamped + magic
        let nearest = Int(truncatingIfNeeded: shifted.bitPattern &- magic.bitPattern)
        return shifted - magic > clamped ? nearest &- 1 : nearest
    }

    /// Marks cells `first` through `last` of `row` as touched: their blocks, or the row's range.
    /// The blocks' bits are set by one mask from the first block's bit to the last's: a loop
    /// over the blocks, with its one to three turns, mispredicted its end for most pieces.
    @inline(__always)
    private func mark(row: Int, _ first: Int, _ last: Int) {
        guard tracksBlocks else { return touchedColumns[row].include(first, last) }
        let rowBlocks = blocks + row &* wordsPerRow
        var block = first >> CoverageAccumulator.blockShift
        let lastBlock = last >> CoverageAccumulator.blockShift
        // Rarely, the cells straddle two words of blocks (256 cells each).
        while block >> 6 != lastBlock >> 6 {
            rowBlocks[block >> 6] |= UInt64.max &<< UInt64(block & 63)
            block = (block | 63) &+ 1
        }
        // Bits `block` through `lastBlock`: a shift of 2 by 64 is 0, so all 64 work.
        let bits = (2 &<< UInt64(lastBlock &- block)) &- 1
        rowBlocks[block >> 6] |= bits &<< UInt64(block & 63)
    }
}
