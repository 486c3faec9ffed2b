/// The pixels a rasterizer may have changed since the frame was last cleared, kept as row runs
/// so that the next frame clears only those: a spirograph's ring of thin stroke rather than its
/// 900 × 900 box, each piece of confetti rather than the box around all of them.
///
/// Runs of one fill come row by row and left to right; a run starting close to the end of the
/// previous one in the same row extends it (clearing a few pixels more costs less than keeping
/// another run). Past `maximumRuns`, only the union of everything is kept.
///
/// Every span of every fill records a run — ten or so per piece of confetti — so the runs live
/// in memory of their own rather than in an `Array`, whose `append` calls into the runtime
/// (uniqueness, capacity) each time: here a run costs a capacity check and a store. The memory
/// is copied when a fill begins (`include(_:)`) if a copy of the region shares it, so copies
/// stay independent.
///
/// A fill's span callback records through a pointer to the region, so the callback touches no
/// class or `self` property (which would cost a dynamic exclusivity check per span).
struct DrawnRegion {
    static let maximumRuns = 1 << 17
    /// Runs closer than this many pixels merge.
    static let mergeGap = 8

    /// Memory for `capacity` runs, freed with its last reference; replaced, never resized.
    private final class Storage {
        let runs: UnsafeMutablePointer<PixelRun>
        let capacity: Int

        init(capacity: Int) {
            runs = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit {
            runs.deallocate()
        }
    }

    /// `nil` until the first run: an empty region allocates nothing.
    private var storage: Storage?
    private var count = 0
    private var capacity = 0
    private var overflowed = false
    /// The union of everything recorded.
    private(set) var everything: PixelBounds?

    /// Records the pixels `start..<end` of `row`: one of the runs of a fill whose bounds
    /// `include(_:)` took first (which makes the runs' memory this region's own).
    @inline(__always)
    mutating func add(row: Int, start: Int, end: Int) {
        guard !overflowed else { return }
        if count > 0 {
            let last = storage.unsafelyUnwrapped.runs + (count &- 1)
            if last.pointee.row == row, start >= last.pointee.start,
                start <= last.pointee.end &+ Self.mergeGap
            {
                last.pointee.end = max(last.pointee.end, end)
                return
            }
        }
        guard count < Self.maximumRuns else {
            overflowed = true
            return
        }
        if count == capacity { reallocate() }
        (storage.unsafelyUnwrapped.runs + count).initialize(to: PixelRun(row: row, start: start, end: end))
        count &+= 1
    }

    /// Moves the runs to memory of this region's own, twice as large when full.
    @inline(never)
    private mutating func reallocate() {
        let larger = Storage(capacity: count < capacity ? capacity : max(64, capacity * 2))
        if let storage { larger.runs.initialize(from: storage.runs, count: count) }
        (storage, capacity) = (larger, larger.capacity)
    }

    /// Gives this region memory of its own for its runs, if a copy of it shares them.
    private mutating func makeUnique() {
        if storage != nil, !isKnownUniquelyReferenced(&storage) { reallocate() }
    }

    /// Records every pixel of `bounds` (a composited layer, a stamp).
    mutating func add(_ bounds: PixelBounds) {
        include(bounds)
        for row in bounds.rows {
            add(row: row, start: bounds.columns.lowerBound, end: bounds.columns.upperBound)
        }
    }

    /// Notes that a fill painted inside `bounds`; its runs follow through `add(row:start:end:)`.
    mutating func include(_ bounds: PixelBounds) {
        everything = bounds.union(everything)
        makeUnique()
    }

    /// Notes in `changes` every pixel recorded (the union of everything, past `maximumRuns`).
    func mark(in changes: inout ChangedRows) {
        guard let everything else { return }
        guard !overflowed, let storage else { return changes.include(everything) }
        for run in UnsafeBufferPointer(start: storage.runs, count: count) {
            changes.include(row: run.row, columns: run.start..<run.end)
        }
    }

    /// Forgets everything recorded.
    mutating func removeAll() {
        (count, overflowed, everything) = (0, false, nil)
    }

    /// Sets everything recorded back to `color` and forgets it; `false` (clearing nothing) when
    /// nothing was recorded.
    mutating func clear(in pixmap: inout Pixmap, to color: PremultipliedColor) -> Bool {
        defer { removeAll() }
        guard let everything else { return false }
        if overflowed {
            pixmap.clear(to: color, within: everything)
        } else {
            pixmap.clear(to: color, runs: UnsafeBufferPointer(start: storage?.runs, count: count))
        }
        return true
    }
}
