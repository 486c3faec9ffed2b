/// What a rasterizer keeps from one frame to the next, for the memory estimate.
///
/// Why: a render worker's rasterizer keeps spare mask arrays, so that the next frame's masks
/// find zeroed memory instead of fresh pages, and caches of swept coverage and glyph masks, so
/// that what is drawn again is not swept again. All of it is held by every worker for the whole
/// render, beside the frame it draws, and `--max-memory` must see it.
extension Rasterizer {
    /// The most memory a rasterizer drawing `width` × `height` frames keeps between frames:
    /// `spareMaskLimit` mask arrays (a byte a pixel; a frame's masks may all be made while they
    /// are held) and its coverage and glyph caches filled to their budgets. Its spare canvases
    /// are not counted here: they are the offscreen canvases a scene's estimate counts, lent
    /// again, and a frame holds a spare or a layer's canvas, not both.
    package static func keptBytes(width: Int, height: Int) -> Int {
        let masks = MemoryEstimate.Item.product(
            MemoryEstimate.Item.product(max(width, 0), max(height, 0)), spareMaskLimit)
        return MemoryEstimate.Item.sum(masks, CoverageCache.budgetBytes + GlyphCoverageCache.budgetBytes)
    }
}
