/// The pixels a rasterizer may have changed since the frame was last cleared, kept as row runs
/// so that the next frame clears only those: a spirograph's ring of thin stroke rather than its
/// 900 × 900 box, each piece of confetti rather than the box around all of them.
///
/// Runs of one fill come row by row and left to right; a run starting close to the end of the
/// previous one in the same row extends it (clearing a few pixels more costs less than keeping
/// another run). Past `maximumRuns`, only the union of everything is kept.
///
/// A fill moves it out of the rasterizer into a local variable while its span callback
/// records, so the callback touches no class or `self` property (which would cost a dynamic
/// exclusivity check per span).
struct DrawnRegion {
    static let maximumRuns = 1 << 17
    /// Runs closer than this many pixels merge.
    static let mergeGap = 8

    private var runs: [PixelRun] = []
    private var overflowed = false
    /// The union of everything recorded.
    private(set) var everything: PixelBounds?

    /// Records the pixels `start..<end` of `row`.
    @inline(__always)
    mutating func add(row: Int, start: Int, end: Int) {
        guard !overflowed else { return }
        if let last = runs.last, last.row == row, start >= last.start, start <= last.end + Self.mergeGap {
            runs[runs.count - 1].end = max(last.end, end)
            return
        }
        guard runs.count < Self.maximumRuns else {
            overflowed = true
            return
        }
        runs.append(PixelRun(row: row, start: start, end: end))
    }

    /// Records every pixel of `bounds` (a composited layer, a stamp).
    mutating func add(_ bounds: PixelBounds) {
        everything = bounds.union(everything)
        for row in bounds.rows {
            add(row: row, start: bounds.columns.lowerBound, end: bounds.columns.upperBound)
        }
    }

    /// Notes that a fill painted inside `bounds`; its runs follow through `add(row:start:end:)`.
    mutating func include(_ bounds: PixelBounds) {
        everything = bounds.union(everything)
    }

    /// Sets everything recorded back to `color` and forgets it; `false` (clearing nothing) when
    /// nothing was recorded.
    mutating func clear(in pixmap: inout Pixmap, to color: PremultipliedColor) -> Bool {
        defer {
            runs.removeAll(keepingCapacity: true)
            (overflowed, everything) = (false, nil)
        }
        guard let everything else { return false }
        if overflowed {
            pixmap.clear(to: color, within: everything)
        } else {
            pixmap.clear(to: color, runs: runs)
        }
        return true
    }
}
