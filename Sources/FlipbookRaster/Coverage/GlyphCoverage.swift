import Foundation

/// One glyph's accumulated coverage cells at one transform and subpixel position, kept to be
/// added into a text's region wherever the glyph is drawn again (`GlyphCoverageCache`).
///
/// Cells, not swept coverage: a cell holds the signed area the glyph's edges add there
/// (`CoverageAccumulator`), and cells add up, so the glyphs of a text added into one region and
/// swept once give the coverage of their outlines filled together — overlapping glyphs, kerned
/// pairs and joined scripts included — exactly as flattening the whole text would, while each
/// glyph's edges are flattened and accumulated once.
final class GlyphCoverage {
    /// Where the cells' column 0 and row 0 lie, from the glyph's whole-pixel device position.
    let origin: (x: Int, y: Int)
    /// Per stored piece of a row (a row may have several, left to right): its row (from
    /// `origin.y`), its first column (from `origin.x`) and where its cells end in `cells` (they
    /// start where the previous piece's ended).
    let rows: [(row: Int32, column: Int32, end: Int32)]
    let cells: [Float]
    /// The columns and rows the cells reach, from the origin: `0..<width`, `0..<height`.
    let width: Int
    let height: Int

    /// The cells of `pieces`, each a run of `cells` as `rows` describes them, placed at
    /// `origin`; nothing when both are empty.
    init(
        origin: (x: Int, y: Int), pieces: [(row: Int32, column: Int32, end: Int32)] = [], cells: [Float] = []
    ) {
        self.origin = origin
        (rows, self.cells) = (pieces, cells)
        var (width, height, start) = (0, 0, Int32(0))
        for (row, column, end) in pieces {
            width = max(width, Int(column + end - start))
            height = max(height, Int(row) + 1)
            start = end
        }
        (self.width, self.height) = (width, height)
    }

    /// What the cells take in memory, for the cache's budget (the row table included).
    var bytes: Int { cells.count * 4 + rows.count * 12 + 64 }

    /// Adds the cells to `accumulator`, whose region's top-left corner is at `offset` from the
    /// cells' origin.
    func add(to accumulator: CoverageAccumulator, at offset: (x: Int, y: Int)) {
        cells.withUnsafeBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            var start = 0
            for (row, column, end) in rows {
                accumulator.addCells(
                    UnsafeBufferPointer(start: base + start, count: Int(end) - start),
                    row: Int(row) + offset.y, column: Int(column) + offset.x)
                start = Int(end)
            }
        }
    }
}
