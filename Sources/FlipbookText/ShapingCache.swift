import Synchronization

/// A face's HarfBuzz shapings by text, features and direction, kept across layouts and frames
/// and shared by every render worker — as FreeType's cache keeps glyph images and browsers keep
/// shaped words. A layout is cached whole by `TextLayoutCache`, but a text that changes every
/// frame is a new layout every frame: a counter's label above its changing number, the lines a
/// typewriter has finished, a paragraph laid out again at another width or set smaller to fit
/// are shaped again only where their text changed.
///
/// Shaping is in font units (`FontFace.shape`), so one shaping serves every size: the key is
/// what HarfBuzz's result depends on besides the face — the text, the features and the
/// direction. Bounded by `capacity` entries: beyond it, the least recently used go until half of
/// it is left (one sort per eviction). Owned by its face; any thread may call it (a mutex
/// guards the entries; the shaping itself runs outside it, under the face's own lock).
package final class ShapingCache: Sendable {
    /// What a shaping depends on besides its face.
    package struct Key: Hashable, Sendable {
        package var text: String
        package var features: [String]
        /// `nil`: guessed from the text.
        package var rightToLeft: Bool?

        package init(text: String, features: [String], rightToLeft: Bool?) {
            (self.text, self.features, self.rightToLeft) = (text, features, rightToLeft)
        }
    }

    private struct Entry {
        var glyphs: [ShapedGlyph]
        var lastUse: Int
        /// How many times the entry was found instead of shaped again.
        var hits: Int
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock = 0
        var shapings = 0
    }

    private let state = Mutex(State())
    package let capacity: Int

    /// Texts per face: a video's titles, labels and lines, with room for a paragraph's words.
    package static let defaultCapacity = 2048

    package init(capacity: Int = ShapingCache.defaultCapacity) {
        self.capacity = max(capacity, 1)
    }

    /// How many times `glyphs(for:shaping:)` shaped (did not find the key).
    package var shapings: Int { state.withLock { $0.shapings } }

    /// How many times `key` was found since it was shaped; `nil` when it is not kept.
    package func hits(for key: Key) -> Int? {
        state.withLock { $0.entries[key]?.hits }
    }

    /// The glyphs of `key`: kept ones, or those `shape` gives, then kept. Two threads missing the
    /// same key at once both shape it (the same glyphs); the cache never holds a lock while
    /// HarfBuzz runs.
    package func glyphs(for key: Key, shaping shape: () -> [ShapedGlyph]) -> [ShapedGlyph] {
        let found = state.withLock { state -> [ShapedGlyph]? in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            (entry.lastUse, entry.hits) = (state.clock, entry.hits + 1)
            state.entries[key] = entry
            return entry.glyphs
        }
        if let found { return found }
        let glyphs = shape()
        state.withLock { state in
            state.clock += 1
            state.shapings += 1
            state.entries[key] = Entry(glyphs: glyphs, lastUse: state.clock, hits: 0)
            guard state.entries.count > capacity else { return }
            let oldest = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
            for (key, _) in oldest.prefix(state.entries.count - capacity / 2) { state.entries[key] = nil }
        }
        return glyphs
    }
}
