import Synchronization

/// Text laid out before, by its runs and settings: shaping (HarfBuzz) and outline placement
/// happen once per distinct text, not once per frame, and every render worker shares the
/// result. Bounded: beyond `capacity` layouts the least recently used one goes.
final class TextLayoutCache: Sendable {
    /// What layouts are kept by: a request as far as it matters.
    typealias Key = TextLayout.Request

    private struct Entry {
        var layout: TextLayout
        var lastUse: Int
    }

    static let shared = TextLayoutCache(capacity: 512)

    private let entries = Mutex<(layouts: [Key: Entry], clock: Int)>(([:], 0))
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func layout(for key: Key) -> TextLayout? {
        entries.withLock { state in
            guard var entry = state.layouts[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.layouts[key] = entry
            return entry.layout
        }
    }

    func store(_ layout: TextLayout, for key: Key) {
        entries.withLock { state in
            state.clock += 1
            state.layouts[key] = Entry(layout: layout, lastUse: state.clock)
            if state.layouts.count > capacity,
                let oldest = state.layouts.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.layouts[oldest] = nil
            }
        }
    }
}
