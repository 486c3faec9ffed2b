extension GlyphMask {
    /// Gathers a glyph's spans as the sweep hands them over, row by row from row 0, into the
    /// pieces of a mask: runs of at least `solidRun` fully covered pixels (weight 255, what the
    /// compositor stores as the colour itself) as counts, everything else as values.
    ///
    /// A rasterizer keeps one and `reset`s it for each glyph, so that its tables grow once:
    /// text that scales builds every glyph's mask anew every frame.
    struct Builder: SpanSink {
        private var rowStarts: [Int32] = [0]
        private var pieces: [Piece] = []
        private var values: [Float] = []

        /// Forgets the spans gathered, keeping the memory.
        mutating func reset() {
            rowStarts.removeAll(keepingCapacity: true)
            rowStarts.append(0)
            pieces.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
        }

        /// The smallest coverage whose weight is 255 (`SourceOver.weight`).
        private static let covered: Float = 254.5 / 255

        mutating func add(row: Int, column: Int, coverage: UnsafeBufferPointer<Float>) {
            while rowStarts.count <= row + 1 { rowStarts.append(Int32(pieces.count)) }
            let count = coverage.count
            var (index, kept) = (0, 0)  // values before `kept` are in pieces
            // A span shorter than a solid run is kept whole.
            if count < GlyphMask.solidRun { index = count }
            while index < count {
                guard coverage[index] >= Self.covered else {
                    index &+= 1
                    continue
                }
                var end = index &+ 1
                while end < count, coverage[end] >= Self.covered { end &+= 1 }
                if end &- index >= GlyphMask.solidRun {
                    keep(coverage, kept..<index, column: column)
                    pieces.append(
                        Piece(column: Int32(column &+ index), count: Int32(end &- index), start: -1))
                    kept = end
                }
                index = end
            }
            keep(coverage, kept..<count, column: column)
            rowStarts[row + 1] = Int32(pieces.count)
        }

        /// Keeps `coverage[range]` as a piece of values, if not empty.
        private mutating func keep(_ coverage: UnsafeBufferPointer<Float>, _ range: Range<Int>, column: Int) {
            guard !range.isEmpty else { return }
            pieces.append(
                Piece(
                    column: Int32(column &+ range.lowerBound), count: Int32(range.count),
                    start: Int32(values.count)))
            values.append(contentsOf: UnsafeBufferPointer(rebasing: coverage[range]))
        }

        /// The mask of the spans gathered, placed at `origin` (its tables copied: the builder's
        /// memory is reused).
        func mask(origin: (x: Int, y: Int)) -> GlyphMask {
            rowStarts.withUnsafeBufferPointer { rowStarts in
                pieces.withUnsafeBufferPointer { pieces in
                    values.withUnsafeBufferPointer { values in
                        GlyphMask(origin: origin, rowStarts: rowStarts, pieces: pieces, values: values)
                    }
                }
            }
        }
    }
}
