/// The glyphs of the text being drawn, each a `GlyphMask` at its whole-pixel place, handed on
/// to a fill's compositing as spans, row by row: the spans of the masks of each row, merged.
///
/// ```
///  row y:   glyph A's pieces  ████▓▒░        ░▒▓███▓▒
///           glyph B's pieces            ░▒▓██▓▒░  ░▒▓█
///  handed on:                 ████▓▒░   ░▒▓█████████▓▒▓█   (overlaps summed, at most 1)
/// ```
///
/// Each row's pieces are put in order of their first column; a piece that overlaps no other is
/// handed on as it is kept (its values, or a run of full coverage), and pieces that overlap are
/// summed into a scratch row first. So a text costs what compositing its covered pixels costs,
/// plus a few operations a piece: no cells are added or summed, and nothing between the glyphs
/// is visited.
///
/// Owned by one `Rasterizer` (one render worker); a class holding its scratch memory so that
/// the loops index raw memory, as `CoverageAccumulator` does.
final class GlyphMaskComposer {
    /// A glyph's mask and where its column 0 and row 0 lie in the canvas.
    struct Placed {
        var mask: GlyphMask
        var x: Int
        var y: Int
    }

    /// One row's piece in canvas columns, its values or `nil` for full coverage.
    private struct RowPiece {
        var start: Int
        var end: Int
        var values: UnsafePointer<Float>?
    }

    /// The glyphs placed (`place(_:)`), left to right by their masks' first column.
    private var placed: [Placed] = []
    private var rowPieces: UnsafeMutablePointer<RowPiece> = .allocate(capacity: 1)
    private var rowPieceCapacity = 1
    /// A scratch row for summing overlapping pieces, and a row of full coverage (1s), each as
    /// wide as the widest region fed so far.
    private var merged: UnsafeMutablePointer<Float> = .allocate(capacity: 1)
    private var ones: UnsafeMutablePointer<Float> = .allocate(capacity: 1)
    private var rowCapacity = 1

    deinit {
        rowPieces.deallocate()
        merged.deallocate()
        ones.deallocate()
    }

    /// Forgets the glyphs placed before: a new text begins.
    func removeAll() {
        placed.removeAll(keepingCapacity: true)
    }

    /// Adds a glyph's `mask` with its origin at `x`, `y` in the canvas.
    func place(_ mask: GlyphMask, x: Int, y: Int) {
        guard mask.pieceCount > 0 else { return }
        placed.append(Placed(mask: mask, x: x &+ mask.origin.x, y: y &+ mask.origin.y))
    }

    /// The box of the canvas's pixels `width` × `height` that the glyphs placed cover, or `nil`
    /// when they cover none; the glyphs are put in order for `feed` meanwhile.
    func bounds(width: Int, height: Int) -> PixelBounds? {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for glyph in placed {
            minY = min(minY, glyph.y)
            maxY = max(maxY, glyph.y &+ glyph.mask.height)
            for piece in UnsafeBufferPointer(start: glyph.mask.pieces, count: glyph.mask.pieceCount) {
                minX = min(minX, glyph.x &+ Int(piece.column))
                maxX = max(maxX, glyph.x &+ Int(piece.column) &+ Int(piece.count))
            }
        }
        let (x0, y0, x1, y1) = (max(minX, 0), max(minY, 0), min(maxX, width), min(maxY, height))
        guard x1 > x0, y1 > y0 else { return nil }
        // Left to right: the pieces of a row are then nearly in order already.
        placed.sort { ($0.x, $0.y) < ($1.x, $1.y) }
        return PixelBounds(columns: x0..<x1, rows: y0..<y1)
    }

    /// Hands `sink` the merged spans of the glyphs placed inside `region`, in canvas rows and
    /// columns less `origin`, row by row, each row's left to right. `bounds` must have been
    /// asked since the last glyph was placed.
    func feed<Sink: SpanSink>(into sink: inout Sink, region: PixelBounds, origin: (x: Int, y: Int)) {
        let (left, right) = (region.columns.lowerBound, region.columns.upperBound)
        reserve(pieces: placed.reduce(0) { $0 &+ $1.mask.widestRow }, columns: right &- left)
        // Locals only in the loops: a class property read there is a dynamic exclusivity check.
        let (rowPieces, merged, ones, placed) = (self.rowPieces, self.merged, self.ones, self.placed)
        for y in region.rows {
            var count = 0
            for glyph in placed {
                let row = y &- glyph.y
                guard row >= 0, row < glyph.mask.height else { continue }
                let mask = glyph.mask
                for index in Int(mask.rowStarts[row])..<Int(mask.rowStarts[row &+ 1]) {
                    let piece = mask.pieces[index]
                    var start = glyph.x &+ Int(piece.column)
                    let end = min(start &+ Int(piece.count), right)
                    var values = piece.start < 0 ? nil : mask.values + Int(piece.start)
                    if start < left {
                        values = values.map { $0 + (left &- start) }
                        start = left
                    }
                    guard end > start else { continue }
                    // Insertion in order of `start`: pieces mostly come in order.
                    var slot = count
                    while slot > 0, rowPieces[slot &- 1].start > start {
                        rowPieces[slot] = rowPieces[slot &- 1]
                        slot &-= 1
                    }
                    rowPieces[slot] = RowPiece(start: start, end: end, values: values)
                    count &+= 1
                }
            }
            var first = 0
            while first < count {
                let start = rowPieces[first].start
                var (end, next) = (rowPieces[first].end, first &+ 1)
                while next < count, rowPieces[next].start < end {
                    end = max(end, rowPieces[next].end)
                    next &+= 1
                }
                let coverage: UnsafePointer<Float>
                if next == first &+ 1 {
                    coverage = rowPieces[first].values ?? UnsafePointer(ones)
                } else {
                    let sum = merged + (start &- left)
                    sum.update(repeating: 0, count: end &- start)
                    for index in first..<next {
                        let piece = rowPieces[index]
                        let target = sum + (piece.start &- start)
                        if let values = piece.values {
                            for i in 0..<(piece.end &- piece.start) { target[i] += values[i] }
                        } else {
                            for i in 0..<(piece.end &- piece.start) { target[i] += 1 }
                        }
                    }
                    for i in 0..<(end &- start) where sum[i] > 1 { sum[i] = 1 }
                    coverage = UnsafePointer(sum)
                }
                sink.add(
                    row: y &- origin.y, column: start &- origin.x,
                    coverage: UnsafeBufferPointer(start: coverage, count: end &- start))
                first = next
            }
        }
    }

    /// Makes room for `pieces` pieces in a row and rows `columns` wide.
    private func reserve(pieces: Int, columns: Int) {
        if rowPieceCapacity < pieces {
            rowPieces.deallocate()
            rowPieces = .allocate(capacity: pieces)
            rowPieceCapacity = pieces
        }
        if rowCapacity < columns {
            merged.deallocate()
            ones.deallocate()
            merged = .allocate(capacity: columns)
            ones = .allocate(capacity: columns)
            ones.initialize(repeating: 1, count: columns)
            rowCapacity = columns
        }
    }
}
