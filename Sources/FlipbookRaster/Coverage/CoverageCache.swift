import FlipbookGeometry
import Foundation

/// The swept coverage of large fills that are drawn again and again — a headline, a detailed
/// logo outline — kept by a rasterizer so that a later frame drawing the same path at the same
/// place replays the spans instead of flattening, accumulating and sweeping it again. Replayed
/// spans are the very values the sweep produced, handed to the same compositing, so the pixels
/// are identical.
///
/// A gradient fill keeps its colours too: they depend only on the gradient, the transform and
/// the pixel (the dither included), so a glow drawn at the same place every frame is shaded
/// once — one square root per pixel saved, the composite left.
///
/// Paths of at least `minimumElements` elements qualify, and gradient fills of at least
/// `minimumShadedPixels` (a confetti piece would pay the lookup for nothing); a fill is recorded
/// only the second time it is met, so that text moving to a new place every frame costs a hash
/// per frame and nothing more. Bounded by `budgetBytes`; the least recently used recordings go
/// first.
struct CoverageCache {
    /// Everything the swept coverage depends on (with no clip: the cache is for unclipped fills).
    struct Key: Hashable {
        var path: Path
        var transform: CGAffineTransform
        var rule: FillRule
        var antialiased: Bool
        /// The canvas the coverage was swept on, which clips it.
        var width: Int
        var height: Int
        /// The gradient whose colours are kept with the coverage, if any.
        var shading: GradientPaint?

        /// Hashes the path's length and every 16th element, not all of them: a headline's
        /// outline has thousands of elements, and hashing them every frame, to find the
        /// recording it replays, cost 3 % of drawing it. Equal keys still hash alike, and `==`
        /// compares every element.
        func hash(into hasher: inout Hasher) {
            hashElements(stride: 16, into: &hasher)
        }

        /// A hash of every element, for remembering keys met once by their hash alone: there a
        /// path that differs only between the sampled elements must not pass for another.
        var exhaustiveHash: Int {
            var hasher = Hasher()
            hashElements(stride: 1, into: &hasher)
            return hasher.finalize()
        }

        private func hashElements(stride step: Int, into hasher: inout Hasher) {
            let elements = path.elements
            hasher.combine(elements.count)
            for index in stride(from: 0, to: elements.count, by: step) { hasher.combine(elements[index]) }
            if let last = elements.last { hasher.combine(last) }
            hasher.combine(transform)
            hasher.combine(rule)
            hasher.combine(antialiased)
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(shading)
        }
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
        /// The paint's colour of every pixel in `coverage`, at the same index; empty unless the
        /// recording was shaded.
        private(set) var colors: [UInt32] = []
        fileprivate var lastUse = 0

        init(origin: (x: Int, y: Int), region: PixelBounds) {
            (self.origin, self.region) = (origin, region)
        }

        var bytes: Int { coverage.count * 4 + colors.count * 4 + rows.count * 12 }

        func append(row: Int, column: Int, coverage span: UnsafeBufferPointer<Float>) {
            rows.append(Int32(row))
            columns.append(Int32(column))
            coverage.append(contentsOf: span)
            ends.append(Int32(coverage.count))
        }

        /// Keeps `shader`'s colours of every recorded pixel.
        func shade(with shader: SpanShader) {
            colors = [UInt32](repeating: 0, count: coverage.count)
            colors.withUnsafeMutableBufferPointer { colors in
                guard let base = colors.baseAddress else { return }
                forEachSpan { row, column, start, end in
                    shader.shade(
                        row: row + origin.y, column: column + origin.x, count: end - start, into: base + start
                    )
                }
            }
        }

        /// Calls `body` with each span's row and column (from the origin) and where its coverage
        /// starts and ends in `coverage`, in sweep order.
        @inline(__always)
        private func forEachSpan(_ body: (_ row: Int, _ column: Int, _ start: Int, _ end: Int) -> Void) {
            var start = 0
            for span in rows.indices {
                let end = Int(ends[span])
                body(Int(rows[span]), Int(columns[span]), start, end)
                start = end
            }
        }

        /// Calls `body` with where `coverage` and `colors` start (`nil` when not shaded), so that
        /// a replayed span's colours are found at its coverage's offset.
        func withShading<Result>(
            _ body: ((coverage: UnsafePointer<Float>, colors: UnsafePointer<UInt32>)?) -> Result
        ) -> Result {
            coverage.withUnsafeBufferPointer { coverage in
                colors.withUnsafeBufferPointer { colors in
                    guard let coverage = coverage.baseAddress, let colors = colors.baseAddress else {
                        return body(nil)
                    }
                    return body((coverage, colors))
                }
            }
        }

        /// Hands every span to `sink`, as the sweep did.
        func replay<Sink: SpanSink>(into sink: inout Sink) {
            coverage.withUnsafeBufferPointer { coverage in
                guard let base = coverage.baseAddress else { return }
                forEachSpan { row, column, start, end in
                    sink.add(
                        row: row, column: column,
                        coverage: UnsafeBufferPointer(start: base + start, count: end - start))
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
    /// 128 × 128 device pixels of gradient: shading them costs far more than a lookup.
    static let minimumShadedPixels = 16_384
    static let budgetBytes = 16 << 20
    /// How many fills met once are remembered (by hash) before the memory is reset.
    static let seenLimit = 4096

    private var recordings: [Key: Recording] = [:]
    private var seen: Set<Int> = []
    private var bytes = 0
    private var clock = 0

    /// Whether a fill of `path` under `transform` may be cached at all, with its colours when
    /// `shading` is given: detailed, or shaded and large enough to be worth it (its box is only
    /// computed then, for a path of few elements).
    static func qualifies(
        _ path: Path, transform: CGAffineTransform, shading: GradientPaint?, clip: ClipMask?
    ) -> Bool {
        guard clip == nil else { return false }
        if path.elements.count >= minimumElements { return true }
        guard shading != nil else { return false }
        let box = path.boundingRect.applying(transform)
        return box.width * box.height >= Double(minimumShadedPixels)
    }

    /// Whether a recording of a fill over `region` fits the share of the budget one recording
    /// may take: a full-frame gradient would otherwise be recorded every frame and never kept.
    /// Coverage is a `Float` a pixel, and a shaded recording adds a colour.
    static func fits(_ region: PixelBounds, shaded: Bool) -> Bool {
        region.columns.count * region.rows.count * (shaded ? 8 : 4) <= budgetBytes / 4
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
        return !seen.insert(key.exhaustiveHash).inserted
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
