/// A span sink that hands on only the part of each span inside `rows` × `columns` (in the
/// swept region's own row and column numbers): a fill's spans cut to the part of the canvas it
/// may change — the window of a partly redrawn frame (`Rasterizer.window`), a clip's bounds.
///
/// Coverage is computed for the whole fill as ever (the sweep sums every cell from the
/// region's left edge), and only handed on in part, so a pixel inside the window gets exactly
/// the value a whole redraw gives it.
struct WindowedSpans<Sink: SpanSink>: SpanSink {
    var sink: Sink
    let rows: Range<Int>
    let columns: Range<Int>

    @inline(__always)
    mutating func add(row: Int, column: Int, coverage: UnsafeBufferPointer<Float>) {
        guard rows.contains(row) else { return }
        let end = column &+ coverage.count
        let (first, last) = (max(column, columns.lowerBound), min(end, columns.upperBound))
        guard last > first else { return }
        if first == column, last == end { return sink.add(row: row, column: column, coverage: coverage) }
        sink.add(
            row: row, column: first,
            coverage: UnsafeBufferPointer(rebasing: coverage[(first &- column)..<(last &- column)]))
    }
}
