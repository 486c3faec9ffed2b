import FlipbookGeometry

/// The swept coverage of large fills that are drawn again and again — a headline, a detailed
/// logo outline — kept by a rasterizer so that a later frame drawing the same path at the same
/// place replays the spans instead of flattening, accumulating and sweeping it again. Replayed
/// spans are the very values the sweep produced, handed to the same compositing, so the pixels
/// are identical.
///
/// Only paths of at least `minimumElements` elements qualify (a confetti piece would pay the
/// lookup for nothing), and a fill is recorded only the second time it is met, so that text
/// moving to a new place every frame costs a hash per frame and nothing more. Bounded by
/// `budgetBytes`; the least recently used recordings go first.
struct CoverageCache {
    /// Everything the swept coverage depends on (with no clip: the cache is for unclipped fills).
    struct Key: Hashable {
        var path: Path
        var transform: CGAffineTransform
        var rule: FillRule
        var antialiased: Bool
        var width: Int
        var height: Int
    }

    /// One fill's spans, in sweep order, with where its cells start and what it covers.
    final class Recording {
        let origin: (x: Int, y: Int)
        let region: PixelBounds
        private(set) var rows: [Int32] = []
        private(set) var columns: [Int32] = []
        /// Where each span's coverage ends in `coverage` (it starts where the previous ended).
        private(set) var ends: [Int32] = []
        private(set) var coverage: [Float] = []
        fileprivate var lastUse = 0

        init(origin: (x: Int, y: Int), region: PixelBounds) {
            (self.origin, self.region) = (origin, region)
        }

        var bytes: Int { coverage.count * 4 + rows.count * 12 }

        func append(row: Int, column: Int, coverage span: UnsafeBufferPointer<Float>) {
            rows.append(Int32(row))
            columns.append(Int32(column))
            coverage.append(contentsOf: span)
            ends.append(Int32(coverage.count))
        }

        /// Hands every span to `sink`, as the sweep did.
        func replay<Sink: SpanSink>(into sink: inout Sink) {
            coverage.withUnsafeBufferPointer { coverage in
                guard let base = coverage.baseAddress else { return }
                var start = 0
                for span in rows.indices {
                    let end = Int(ends[span])
                    sink.add(
                        row: Int(rows[span]), column: Int(columns[span]),
                        coverage: UnsafeBufferPointer(start: base + start, count: end - start))
                    start = end
                }
            }
        }
    }

    /// A sink that keeps the spans it is given.
    struct RecordingSink: SpanSink {
        let recording: Recording

        func add(row: Int, column: Int, coverage: UnsafeBufferPointer<Float>) {
            recording.append(row: row, column: column, coverage: coverage)
        }
    }

    static let minimumElements = 128
    static let budgetBytes = 16 << 20
    /// How many fills met once are remembered (by hash) before the memory is reset.
    static let seenLimit = 4096

    private var recordings: [Key: Recording] = [:]
    private var seen: Set<Int> = []
    private var bytes = 0
    private var clock = 0

    /// Whether a fill of `path` may be cached at all.
    static func qualifies(_ path: Path, clip: ClipMask?) -> Bool {
        clip == nil && path.elements.count >= minimumElements
    }

    /// The recording of `key`, if it was recorded.
    mutating func recording(for key: Key) -> Recording? {
        guard let recording = recordings[key] else { return nil }
        clock += 1
        recording.lastUse = clock
        return recording
    }

    /// Whether `key` has been met before (and so is worth recording now); remembers it.
    mutating func metBefore(_ key: Key) -> Bool {
        if seen.count >= Self.seenLimit { seen.removeAll(keepingCapacity: true) }
        return !seen.insert(key.hashValue).inserted
    }

    /// Keeps `recording` for `key`, dropping the least recently used beyond the budget.
    mutating func store(_ recording: Recording, for key: Key) {
        guard recording.bytes <= Self.budgetBytes / 4 else { return }
        clock += 1
        recording.lastUse = clock
        recordings[key] = recording
        bytes += recording.bytes
        while bytes > Self.budgetBytes,
            let oldest = recordings.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            recordings[oldest.key] = nil
            bytes -= oldest.value.bytes
        }
    }
}
