/// One glyph's swept coverage at one transform and subpixel position, kept to be composited
/// wherever the glyph is drawn again (`GlyphCoverageCache`), as Skia blits a cached glyph mask.
///
/// The glyph's outline is accumulated alone and swept under the non-zero rule; its spans are
/// kept row by row, in pieces: the values of a span's edges, and runs of at least `solidRun`
/// fully covered pixels as a count only (the inside of a large glyph costs no memory). A text
/// composites its glyphs' masks merged row by row (`GlyphMaskComposer`), without a region of
/// cells to add them into and sweep again.
///
/// Coverage adds where glyphs do not overlap: an edge pixel shared by two glyphs (a kerned
/// pair, a joined script) gets the sum of their areas in it, which is what the whole text's
/// path swept at once gives there. Where outlines overlap (the rims of an outlined text), the
/// sum, at most 1, may exceed the area of their union in the pixels where both are partly
/// covered — a few pixels along the overlap's edge, within the peer band (tested).
///
/// Immutable once built; its values live in memory of its own, so that a composer may hold
/// pointers into them while it holds the mask.
final class GlyphMask {
    /// A run of a row's pixels: `count` pixels from `column` (from the origin), their coverage
    /// in `values` from `start`, or fully covered when `start` is negative.
    struct Piece {
        var column: Int32
        var count: Int32
        var start: Int32
    }

    /// Runs of fully covered pixels at least this long are kept as a count rather than values
    /// (a 1000 px glyph's inside). Shorter ones, a headline's stems, stay part of their span's
    /// values, which composite as one span in vector lanes.
    static let solidRun = 32

    /// Where the mask's column 0 and row 0 lie, from the glyph's whole-pixel device position.
    let origin: (x: Int, y: Int)
    /// The rows the mask reaches, from the origin: `0..<height`.
    let height: Int
    /// The pieces of row `r` are `pieces[rowStarts[r]..<rowStarts[r + 1]]`, left to right.
    let rowStarts: UnsafePointer<Int32>
    let pieces: UnsafePointer<Piece>
    let pieceCount: Int
    /// Every piece's coverage values, one after another.
    let values: UnsafePointer<Float>
    /// The most pieces any one row has.
    let widestRow: Int
    /// The tables and values above, in one allocation of `byteCount` bytes: text that scales
    /// makes every glyph's mask anew every frame.
    private let storage: UnsafeMutableRawPointer
    private let byteCount: Int

    /// The mask of `pieces` (`rowStarts` as described there) with their `values`, placed at
    /// `origin`; the tables are copied.
    init(
        origin: (x: Int, y: Int), rowStarts: UnsafeBufferPointer<Int32> = .init(start: nil, count: 0),
        pieces: UnsafeBufferPointer<Piece> = .init(start: nil, count: 0),
        values: UnsafeBufferPointer<Float> = .init(start: nil, count: 0)
    ) {
        self.origin = origin
        height = max(rowStarts.count - 1, 0)
        pieceCount = pieces.count
        // Pieces first (4-byte aligned, as the others are), then the row table, then values.
        let piecesBytes = pieces.count * MemoryLayout<Piece>.stride
        let rowBytes = rowStarts.count * 4
        byteCount = max(piecesBytes + rowBytes + values.count * 4, 4)
        storage = .allocate(byteCount: byteCount, alignment: 4)
        let piecesStart = storage.bindMemory(to: Piece.self, capacity: pieces.count)
        if let base = pieces.baseAddress { piecesStart.initialize(from: base, count: pieces.count) }
        let rowsStart = (storage + piecesBytes).bindMemory(to: Int32.self, capacity: rowStarts.count)
        if let base = rowStarts.baseAddress { rowsStart.initialize(from: base, count: rowStarts.count) }
        let valuesStart = (storage + piecesBytes + rowBytes).bindMemory(
            to: Float.self, capacity: values.count)
        if let base = values.baseAddress { valuesStart.initialize(from: base, count: values.count) }
        (self.pieces, self.rowStarts, self.values) = (
            UnsafePointer(piecesStart), UnsafePointer(rowsStart), UnsafePointer(valuesStart)
        )
        var widest = 0
        for row in 0..<height { widest = max(widest, Int(rowsStart[row + 1] &- rowsStart[row])) }
        widestRow = widest
    }

    deinit {
        storage.deallocate()
    }

    /// What the mask takes in memory, for the cache's budget.
    var bytes: Int { byteCount + 96 }
}
