import FlipbookCanvas

extension DisplayList {
    /// The list with every fill's and stroke's glyphs taken away (in layers too): the rasterizer
    /// then fills or strokes each text's whole path, flattened where it is, with no glyph cache
    /// and no subpixel bins — the uncached reference that the glyph cache's pixels answer to, in
    /// the glyph-cache tests and in the benchmark's fidelity rows (`flipbook-bench --animation`).
    package var withoutGlyphs: DisplayList {
        DisplayList(
            items: items.map { item in
                switch item {
                case .glyphs(let text): return .fill(text.fill)
                case .stroke(var stroke):
                    stroke.glyphs = nil
                    return .stroke(stroke)
                case .layer(var layer):
                    layer.content = layer.content.withoutGlyphs
                    return .layer(layer)
                default: return item
                }
            })
    }
}
