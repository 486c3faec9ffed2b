/// Canvases for offscreen layers, lent and taken back.
///
/// Why: a layer (a shadow, a blur, a composition's text) is drawn on a transparent canvas the
/// size of the frame, then filtered and composited. A new canvas is a frame's worth of zeroed
/// memory — 8 MB at 1080p, 33 MB at 4K — while a layer usually paints a small part of it. A
/// canvas taken back is cleared where the layer painted, which is all that is not transparent,
/// and lent again. A layer whose filters see past the frame's edges borrows a larger canvas.
extension Rasterizer {
    /// The most spare canvases a rasterizer keeps: enough for a layer inside a layer, and one
    /// larger canvas for a layer drawn past the frame's edges beside them.
    static let spareCanvasLimit = 3

    /// A transparent `width` × `height` canvas: a spare one of that size, or a new one. Hand it
    /// back with `returnCanvas(_:painted:)`.
    package mutating func borrowCanvas(width: Int, height: Int) -> Pixmap {
        if let index = spareCanvases.lastIndex(where: { $0.width == width && $0.height == height }) {
            return spareCanvases.remove(at: index)
        }
        return Pixmap(width: width, height: height)
    }

    /// Takes back a canvas that is transparent outside `painted` (`nil`: everywhere), clearing
    /// that part, to lend again; the spare taken back longest ago makes way for it.
    package mutating func returnCanvas(_ canvas: consuming Pixmap, painted: PixelBounds?) {
        var canvas = canvas
        if let painted { canvas.clear(within: painted) }
        if spareCanvases.count >= Self.spareCanvasLimit { spareCanvases.removeFirst() }
        spareCanvases.append(canvas)
    }
}
