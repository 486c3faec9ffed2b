import FlipbookCanvas
import Synchronization

/// Drawn layers by content: a layer (`drawLayer`) whose display list equals one drawn before is
/// composited from its kept pixels instead of being rasterized again — a static background or
/// title costs one composite per frame, not one drawing.
///
/// Equal display lists give equal pixels, so output is identical with the cache on or off. Keys
/// are content hashes; a hit compares the display lists themselves. Memory is bounded by
/// `budgetBytes` (least recently used layers go first); hits and misses are counted.
/// Thread-safe: shared by all render workers, state behind one `Mutex`. A new layer is drawn by
/// the first worker to meet it; others meeting it meanwhile wait for that result, so every
/// distinct layer is drawn exactly once (while it stays in the cache).
final class LayerCache: LayerStore {
    private struct Entry {
        var content: DisplayList
        var width: Int
        var height: Int
        /// `nil` while the first worker is still drawing it.
        var pixels: LayerPixels?
        var pending: PendingResult<LayerPixels>?
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

    /// Layers composited from the cache, and layers drawn, so far.
    var counts: (hits: Int, misses: Int) {
        state.withLock { ($0.hits, $0.misses) }
    }

    func pixels(
        of layer: DisplayList, width: Int, height: Int, draw: () -> LayerPixels
    ) -> (LayerPixels, reused: Bool) {
        let key = layer.hashValue
        enum Claim {
            case ready(LayerPixels)
            case pending(PendingResult<LayerPixels>)
            case draw(PendingResult<LayerPixels>)
        }
        let claim: Claim = state.withLock { state in
            state.clock += 1
            if let position = state.entries[key]?.firstIndex(where: {
                $0.width == width && $0.height == height && $0.content == layer
            }), let entry = state.entries[key]?[position] {
                state.hits += 1
                state.entries[key]?[position].lastUse = state.clock
                if let pixels = entry.pixels { return .ready(pixels) }
                if let pending = entry.pending { return .pending(pending) }
            }
            state.misses += 1
            let pending = PendingResult<LayerPixels>()
            state.entries[key, default: []].append(
                Entry(
                    content: layer, width: width, height: height, pixels: nil, pending: pending,
                    lastUse: state.clock))
            return .draw(pending)
        }
        switch claim {
        case .ready(let pixels):
            return (pixels, true)
        case .pending(let pending):
            if let pixels = pending.wait() { return (pixels, true) }
            return (draw(), false)
        case .draw(let pending):
            let pixels = draw()
            state.withLock { state in
                if let position = state.entries[key]?.firstIndex(where: { $0.pending === pending }) {
                    state.entries[key]?[position].pixels = pixels
                    state.entries[key]?[position].pending = nil
                    state.bytes += pixels.pixmap.bytes.count
                }
                evict(&state)
            }
            pending.fulfil(pixels)
            return (pixels, false)
        }
    }

    /// Drops least recently used layers until the budget holds.
    private func evict(_ state: inout State) {
        while state.bytes > budgetBytes {
            var oldest: (key: Int, position: Int, use: Int)?
            for (key, entries) in state.entries {
                for (position, entry) in entries.enumerated()
                where entry.pixels != nil && entry.lastUse < (oldest?.use ?? .max) {
                    oldest = (key, position, entry.lastUse)
                }
            }
            guard let oldest, let entry = state.entries[oldest.key]?.remove(at: oldest.position) else {
                return
            }
            if state.entries[oldest.key]?.isEmpty == true { state.entries[oldest.key] = nil }
            state.bytes -= entry.pixels?.pixmap.bytes.count ?? 0
        }
    }
}
