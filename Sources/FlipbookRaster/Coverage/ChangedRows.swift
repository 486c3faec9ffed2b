/// Per row of a pixmap, the columns that may have changed: from the leftmost to the rightmost
/// pixel recorded in that row. What a render worker knows about its frame, so that work after
/// drawing (the conversion to `yuv420p`) can skip the pixels that are as they were.
///
/// One range per row, not the runs themselves: a row's pieces are usually close together, and a
/// consumer then does one pass per row.
package struct ChangedRows: Sendable {
    package let width: Int
    /// Per row, the first changed column (`width` when none) and one past the last (0 when none).
    private var starts: [Int32]
    private var ends: [Int32]

    /// Nothing changed yet, in a pixmap of `width` × `height` pixels.
    package init(width: Int, height: Int) {
        self.width = width
        starts = [Int32](repeating: Int32(width), count: height)
        ends = [Int32](repeating: 0, count: height)
    }

    package var height: Int { starts.count }

    /// The columns of `row` that may have changed, or `nil` when none did.
    package func columns(inRow row: Int) -> Range<Int>? {
        let (start, end) = (Int(starts[row]), Int(ends[row]))
        return start < end ? start..<end : nil
    }

    /// Notes that `columns` of `row` may have changed; parts outside the pixmap are ignored.
    package mutating func include(row: Int, columns: Range<Int>) {
        guard row >= 0, row < height else { return }
        let start = Int32(max(0, columns.lowerBound))
        let end = Int32(min(width, columns.upperBound))
        guard start < end else { return }
        starts[row] = min(starts[row], start)
        ends[row] = max(ends[row], end)
    }

    /// Notes that every pixel of `bounds` may have changed.
    package mutating func include(_ bounds: PixelBounds) {
        for row in bounds.rows.clamped(to: 0..<height) { include(row: row, columns: bounds.columns) }
    }

    /// Notes that every pixel may have changed.
    package mutating func includeEverything() {
        include(PixelBounds(columns: 0..<width, rows: 0..<height))
    }

    /// Forgets every change: nothing has changed since now.
    package mutating func removeAll() {
        for row in 0..<height {
            starts[row] = Int32(width)
            ends[row] = 0
        }
    }
}
