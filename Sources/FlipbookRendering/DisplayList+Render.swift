import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

extension DisplayList {
    /// Draws every item, in order, into `pixmap` with `rasterizer`'s scratch buffers. Layers are
    /// drawn offscreen, filtered and composited; with a `store`, a layer equal to one drawn
    /// before is composited from the store instead of being drawn again. `onLayer` hears of
    /// every layer: its name and whether its pixels were reused.
    package func render(
        into pixmap: inout Pixmap, using rasterizer: inout Rasterizer, layers store: (any LayerStore)? = nil,
        onLayer: (_ name: String?, _ reused: Bool) -> Void = { _, _ in }
    ) {
        render(
            into: &pixmap, using: &rasterizer, layers: store,
            frame: PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height), onLayer: onLayer)
    }

    /// Draws into `pixmap` only what lies inside `window` — the part of a frame that differs
    /// from the last one drawn there (`damage(since:width:height:)`), which the caller has
    /// cleared — leaving every other pixel as it is. The items that cannot reach the window
    /// are passed over; the others are drawn as ever and written only inside it, so every
    /// pixel there comes out as `render(into:using:layers:onLayer:)` makes it.
    package func render(
        into pixmap: inout Pixmap, using rasterizer: inout Rasterizer, layers store: (any LayerStore)? = nil,
        within window: PixelBounds, onLayer: (_ name: String?, _ reused: Bool) -> Void = { _, _ in }
    ) {
        let outer = rasterizer.window
        rasterizer.window = window
        defer { rasterizer.window = outer }
        render(
            into: &pixmap, using: &rasterizer, layers: store,
            frame: PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height), onLayer: onLayer)
    }

    /// Draws every item into `pixmap`, on which the frame the video shows is `frame`: all of it,
    /// unless `pixmap` is a layer's canvas grown past the frame's edges, whose layers are drawn
    /// past the frame at most `marginLimit` in all (`overscan(of:width:height:frame:)`).
    func render(
        into pixmap: inout Pixmap, using rasterizer: inout Rasterizer, layers store: (any LayerStore)?,
        frame: PixelBounds, onLayer: (_ name: String?, _ reused: Bool) -> Void
    ) {
        var masks = ClipMasks(width: pixmap.width, height: pixmap.height, frame: frame, items: items)
        defer { masks.recycle(into: &rasterizer) }
        var stamps = StampCache()
        /// Fills `fill` where its clips let it through; a text's from the glyph cache, by `glyphs`.
        func draw(_ fill: Fill, glyphs: GlyphRun?) {
            let clip = masks.mask(for: fill.clips, using: &rasterizer, layers: store)
            if clip?.bounds == nil, !fill.clips.isEmpty { return }
            rasterizer.fill(
                fill.path, glyphs: glyphs, transform: fill.transform,
                rule: fill.style.isEOFilled ? .evenOdd : .nonZero,
                antialiased: fill.style.isAntialiased, paint: fill.paint, opacity: fill.opacity,
                blendMode: fill.blendMode, clip: clip, into: &pixmap)
        }
        let window = rasterizer.window
        // By index: switching on the element in place binds its payload without first copying
        // the whole item (a retain and a release of each reference it holds).
        for index in items.indices {
            defer { masks.release(after: index, into: &rasterizer) }
            if let window, !items[index].reaches(window, width: pixmap.width, height: pixmap.height) {
                // Its pixels stay as the last frame left them: as good as reused.
                if case .layer(let layer) = items[index] { onLayer(layer.name, true) }
                continue
            }
            switch items[index] {
            case .stamp(let stamp):
                if stamps.stamp(stamp, into: &pixmap, using: &rasterizer) { continue }
                var layer = DisplayList()
                layer.items = stamp.symbol.content.items.map { $0.transformed(by: stamp.transform) }
                DisplayList(items: [
                    .layer(
                        Layer(
                            name: nil, content: layer, opacity: stamp.opacity, blendMode: stamp.blendMode,
                            clips: stamp.clips))
                ]).render(into: &pixmap, using: &rasterizer, layers: store, frame: frame, onLayer: onLayer)
            case .fill(let fill): draw(fill, glyphs: nil)
            case .glyphs(let text): draw(text.fill, glyphs: text.run)
            case .stroke(let stroke):
                let clip = masks.mask(for: stroke.clips, using: &rasterizer, layers: store)
                if clip?.bounds == nil, !stroke.clips.isEmpty { continue }
                rasterizer.stroke(
                    stroke.path, glyphs: stroke.glyphs, style: stroke.style, transform: stroke.transform,
                    paint: stroke.paint,
                    opacity: stroke.opacity, blendMode: stroke.blendMode, clip: clip, into: &pixmap)
            case .layer(let layer):
                let clip = masks.mask(for: layer.clips, using: &rasterizer, layers: store)
                if clip?.bounds == nil, !layer.clips.isEmpty { continue }
                let (pixels, reused) = Self.pixels(
                    of: layer, size: pixmap, frame: frame, using: &rasterizer, store: store, onLayer: onLayer)
                onLayer(layer.name, reused)
                let shown =
                    window.map { window in pixels.bounds.flatMap { $0.intersection(window) } }
                    ?? pixels.bounds
                if let shown {
                    pixmap.composite(
                        pixels.pixmap, at: pixels.origin, opacity: layer.opacity, blendMode: layer.blendMode,
                        clip: clip, runs: window.map { pixels.runs(within: $0) } ?? pixels.runs)
                    rasterizer.touched = shown.union(rasterizer.touched)
                    rasterizer.recordDrawn(shown)
                }
            }
        }
    }

    /// The filtered pixels of `layer` on a canvas the size of `size`, on which the video's
    /// frame is `frame`: from the store when an equal layer (same content and filters) was
    /// drawn before, else drawn now, on a canvas the rasterizer lends, of which the painted part
    /// is kept. A layer whose filters see beyond the canvas and whose content crosses its edges
    /// is drawn on one grown past them (`overscan(of:width:height:frame:)`), moved by what it
    /// grew to the left and top.
    ///
    /// With no store, a layer without filters in a partly redrawn frame (under the rasterizer's
    /// `window`) is drawn inside the window only, where it is composited: its pixels there are
    /// a whole drawing's, and a layer around a spinner costs the spinner, not the canvas. (A
    /// store keeps whole layers, to reuse anywhere.)
    private static func pixels(
        of layer: Layer, size: Pixmap, frame: PixelBounds, using rasterizer: inout Rasterizer,
        store: (any LayerStore)?, onLayer: (String?, Bool) -> Void
    ) -> (LayerPixels, reused: Bool) {
        let withinWindow = store == nil && layer.filters.isEmpty && rasterizer.window != nil
        func drawOffscreen() -> LayerPixels {
            // Found only when drawing: a layer the store has needs no walk through its drawing.
            let overscan =
                layer.seesBeyondCanvas
                ? Self.overscan(of: layer, width: size.width, height: size.height, frame: frame) : Overscan()
            let (width, height) = (
                size.width + overscan.left + overscan.right, size.height + overscan.top + overscan.bottom
            )
            let shown = PixelBounds(
                columns: overscan.left..<(overscan.left + size.width),
                rows: overscan.top..<(overscan.top + size.height))
            var offscreen = rasterizer.borrowCanvas(width: width, height: height)
            var (content, filters) = (layer.content, layer.filters)
            if overscan.left > 0 || overscan.top > 0 {
                let (x, y) = (Double(overscan.left), Double(overscan.top))
                content = DisplayList(
                    items: content.items.map { $0.transformed(by: CGAffineTransform(translationX: x, y: y)) })
                filters = filters.map { $0.moved(x: x, y: y) }
            }
            let innerFrame = PixelBounds(
                columns: (frame.columns.lowerBound + overscan.left)..<(frame.columns.upperBound
                    + overscan.left),
                rows: (frame.rows.lowerBound + overscan.top)..<(frame.rows.upperBound + overscan.top))
            var touched = rasterizer.drawingOffscreen(withinWindow: withinWindow) {
                content.render(
                    into: &offscreen, using: &$0, layers: store, frame: innerFrame, onLayer: onLayer)
            }
            // All that the drawing and each filter may have written, to clear for the next use.
            var written = touched
            for filter in filters {
                guard let bounds = touched else { break }
                if filter.drawsOnScratch {
                    // On a lent canvas too, which the filter leaves transparent.
                    var scratch = rasterizer.borrowCanvas(width: width, height: height)
                    touched = offscreen.apply(filter, within: bounds, scratch: &scratch)
                    rasterizer.returnCanvas(consume scratch, painted: nil)
                } else {
                    touched = offscreen.apply(filter, within: bounds)
                }
                written = touched?.union(written) ?? written
            }
            // Only what the layer's fills touched can be painted: scan and keep just that.
            let pixels = LayerPixels(canvas: offscreen, painted: touched, shown: shown)
            rasterizer.returnCanvas(consume offscreen, painted: written)
            return pixels
        }
        guard let store else { return (drawOffscreen(), false) }
        // Every layer is kept under its content and filters together, as a layer alone in a
        // drawing. Keyed by its content alone, a layer holding nothing but a filtered layer had
        // the key of that filtered layer, and the cache, asked for it while drawing the outer
        // one, waited for the outer one's own result.
        let key = DisplayList(items: [
            .layer(
                Layer(
                    name: nil, content: layer.content, opacity: 1, filters: layer.filters,
                    seesBeyondCanvas: !layer.filters.isEmpty && layer.seesBeyondCanvas))
        ])
        return store.pixels(
            of: key, width: size.width, height: size.height, frame: frame, draw: drawOffscreen
        )
    }
}

extension DisplayList.Item {
    /// Whether the item may paint a pixel of `window` on a `width` × `height` canvas.
    fileprivate func reaches(_ window: PixelBounds, width: Int, height: Int) -> Bool {
        DisplayList.pixels(of: deviceBounds, width: width, height: height)?.intersection(window) != nil
    }
}
