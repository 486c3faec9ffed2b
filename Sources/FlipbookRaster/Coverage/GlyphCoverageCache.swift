import FlipbookGeometry
import Foundation

/// The masks (swept coverage, `GlyphMask`) of glyphs drawn before, by (face, glyph, size,
/// transform, subpixel position bin, and the pen of an outlined glyph), kept by a rasterizer so
/// that text that moves, or changes some of its characters, flattens, accumulates and sweeps
/// only the glyphs it has not drawn at that bin before — as Skia's `SkStrike` and FreeType's
/// `FTC_*` caches keep glyph images.
///
/// **Subpixel bins.** A glyph's device position is rounded to the nearest `1 / bins` of a pixel
/// on each axis and drawn there: a glyph moves by at most half a bin (1/16 px) from where the
/// path would put it, a shift of at most 16/255 at an edge pixel, inside the peer band. Skia
/// bins horizontal text to quarters horizontally and whole pixels vertically; text in a video
/// slides along both axes, and eighths keep a moving edge's steps below what the eye sees.
///
/// Bounded by `budgetBytes`: beyond it, the least recently used entries go until half the
/// budget is left (one sort per eviction, not one scan per entry). Entries depend only on their
/// key, so what is cached never changes pixels.
struct GlyphCoverageCache {
    /// Everything a glyph's mask depends on.
    struct Key: Hashable {
        var outline: GlyphRun.OutlineID
        /// The transform's linear part (its translation only places the glyph).
        var a: Double
        var b: Double
        var c: Double
        var d: Double
        /// The subpixel position, in `1 / bins` of a pixel from the whole pixel.
        var binX: Int
        var binY: Int
        /// The pen the outline is stroked with (its width in points), or `nil` for its fill.
        var stroke: StrokeStyle? = nil
    }

    static let bins = 8
    static let budgetBytes = 8 << 20
    /// The largest box of cells a glyph is accumulated alone in (4 MB, a glyph of about 1000 px):
    /// what its mask keeps is its edges' coverage values and its inside's runs as counts
    /// (`GlyphMask.solidRun`), about its outline's length rather than its area, so a 600 px
    /// title slides through the cache as a 96 px headline does. Larger glyphs are filled as
    /// paths.
    static let maximumCells = 1024 * 1024

    /// How many glyphs were accumulated, swept and stored: what a counter or a typewriter must
    /// not raise for the glyphs it keeps (tests read it).
    private(set) var stored = 0
    private var entries: [Key: (mask: GlyphMask, lastUse: Int)] = [:]
    private var bytes = 0
    private var clock = 0

    /// The mask of `key`, if kept.
    mutating func mask(for key: Key) -> GlyphMask? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entry.mask
    }

    /// Keeps `mask` for `key`, dropping the least recently used entries beyond the budget.
    mutating func store(_ mask: GlyphMask, for key: Key) {
        clock += 1
        stored += 1
        entries[key] = (mask, clock)
        bytes += mask.bytes
        guard bytes > Self.budgetBytes else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard bytes > Self.budgetBytes / 2 else { break }
            entries[key] = nil
            bytes -= entry.mask.bytes
        }
    }
}
