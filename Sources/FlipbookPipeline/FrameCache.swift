import FlipbookCanvas
import FlipbookMedia
import Synchronization

/// Finished frames by drawing: a frame whose display lists equal an earlier frame's is not
/// rasterized again — its YUV pixels are handed to the encoder once more (a shared copy-on-write
/// buffer, so nothing is copied).
///
/// Pixels are a pure function of the display list, so equal drawings mean equal pixels and the
/// output is bit-identical with the cache on or off. Keys are the drawings' hashes; a hit also
/// compares the drawings themselves, so a hash collision cannot show a wrong frame.
///
/// Workers run frames out of order, so two may meet the same new drawing at once: the first
/// claims it and renders, the others wait for that result instead of rendering it again.
/// Memory is bounded by `budgetBytes` (least recently used frames go first). Thread-safe: all
/// state is behind one `Mutex`; waiting happens outside it.
final class FrameCache: Sendable {
    enum Claim {
        /// Already rendered by frame `source`.
        case ready(YUVFrame, source: Int)
        /// Being rendered by frame `source`: wait for it.
        case pending(PendingResult<YUVFrame>, source: Int)
        /// New: render it, then `store` it.
        case render
    }

    private struct Entry {
        var drawing: [DisplayList]
        var source: Int
        var frame: YUVFrame?
        var pending: PendingResult<YUVFrame>?
        var lastUse: Int
    }

    private struct State {
        var entries: [Int: [Entry]] = [:]
        var bytes = 0
        var clock = 0
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())
    let budgetBytes: Int

    init(budgetBytes: Int) {
        self.budgetBytes = budgetBytes
    }

    /// Hits (frames reused) and misses (frames rendered) so far.
    var counts: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }

    /// Looks `drawing` up for frame `index`; a miss registers it as pending under this frame.
    func claim(_ drawing: [DisplayList], index: Int) -> Claim {
        let key = drawing.hashValue
        return state.withLock { state in
            state.clock += 1
            if let position = state.entries[key]?.firstIndex(where: { $0.drawing == drawing }),
                let entry = state.entries[key]?[position]
            {
                state.entries[key]?[position].lastUse = state.clock
                state.hits += 1
                if let frame = entry.frame { return .ready(frame, source: entry.source) }
                if let pending = entry.pending { return .pending(pending, source: entry.source) }
            }
            state.misses += 1
            state.entries[key, default: []].append(
                Entry(
                    drawing: drawing, source: index, frame: nil, pending: PendingResult(),
                    lastUse: state.clock))
            return .render
        }
    }

    /// Stores the rendered `frame` for `drawing` (claimed by frame `index`), wakes its waiters
    /// and evicts old frames beyond the budget.
    func store(_ frame: YUVFrame, for drawing: [DisplayList], index: Int) {
        let key = drawing.hashValue
        let frameBytes = frame.luma.count + frame.chromaBlue.count + frame.chromaRed.count
        let pending: PendingResult<YUVFrame>? = state.withLock { state in
            guard
                let position = state.entries[key]?.firstIndex(where: {
                    $0.drawing == drawing && $0.source == index
                }),
                let pending = state.entries[key]?[position].pending
            else { return nil }
            state.entries[key]?[position].frame = frame
            state.entries[key]?[position].pending = nil
            state.bytes += frameBytes
            evict(&state, frameBytes: frameBytes)
            return pending
        }
        pending?.fulfil(frame)
    }

    /// Drops least recently used finished frames until the budget holds.
    private func evict(_ state: inout State, frameBytes: Int) {
        while state.bytes > budgetBytes {
            var oldest: (key: Int, position: Int, use: Int)?
            for (candidateKey, entries) in state.entries {
                for (position, entry) in entries.enumerated() where entry.frame != nil {
                    if entry.lastUse < (oldest?.use ?? .max) {
                        oldest = (candidateKey, position, entry.lastUse)
                    }
                }
            }
            guard let oldest else { return }
            state.entries[oldest.key]?.remove(at: oldest.position)
            if state.entries[oldest.key]?.isEmpty == true { state.entries[oldest.key] = nil }
            state.bytes -= frameBytes
        }
    }
}
