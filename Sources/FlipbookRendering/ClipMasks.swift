import FlipbookCanvas
import FlipbookRaster

/// The clip masks of one display list's rendering, made once per distinct clip stack: the
/// items of a `clip(to:)` block share one mask instead of rasterizing the clip each time.
///
/// A mask is computed only where the items drawn under it may paint (`regions`): a turned
/// precomposition's frame covers most of the canvas, the spinner inside it a corner.
struct ClipMasks {
    let width: Int
    let height: Int
    /// Where the video's frame lies on the canvas (`DisplayList.render(into:using:layers:frame:onLayer:)`).
    let frame: PixelBounds
    private var made: [[DisplayList.Clip]: ClipMask] = [:]
    /// The stack asked for last and its mask. Items drawn one after another under the same
    /// clips share the array (copied from one context), and comparing an array with itself
    /// is immediate, while hashing it hashes every clip — a matte's whole drawing — again.
    private var last: (clips: [DisplayList.Clip], mask: ClipMask?)?
    /// Per clip stack, the pixels its items — and those of every longer stack it begins —
    /// may paint: outside them its mask is never read.
    private let regions: [[DisplayList.Clip]: PixelBounds]

    init(width: Int, height: Int, frame: PixelBounds, items: [DisplayList.Item]) {
        (self.width, self.height, self.frame) = (width, height, frame)
        var regions: [[DisplayList.Clip]: PixelBounds] = [:]
        // Runs of items under the same stack are gathered first, so that a stack is hashed
        // once per run rather than once per item.
        var run: (clips: [DisplayList.Clip], bounds: PixelBounds)?
        func close() {
            guard let run else { return }
            for length in 1...run.clips.count {
                let stack = Array(run.clips.prefix(length))
                regions[stack] = run.bounds.union(regions[stack])
            }
        }
        for item in items {
            let clips = item.clips
            guard !clips.isEmpty,
                let bounds = DisplayList.pixels(of: item.deviceBounds, width: width, height: height)
            else { continue }
            if let open = run, open.clips == clips {
                run = (open.clips, bounds.union(open.bounds))
            } else {
                close()
                run = (clips, bounds)
            }
        }
        close()
        self.regions = regions
    }

    /// The intersection of `clips`, or `nil` when there are none (draw everywhere).
    mutating func mask(
        for clips: [DisplayList.Clip], using rasterizer: inout Rasterizer, layers store: (any LayerStore)?
    ) -> ClipMask? {
        guard !clips.isEmpty else { return nil }
        if let last, last.clips == clips { return last.mask }
        let mask = made[clips] ?? make(clips, using: &rasterizer, layers: store)
        last = (clips, mask)
        return mask
    }

    /// Hands every mask made back to `rasterizer`, whose coverage the masks of later drawings
    /// reuse (`Rasterizer.recycle`): called when the drawing is done.
    mutating func recycle(into rasterizer: inout Rasterizer) {
        last = nil
        var masks = Array(made.values)
        made = [:]
        while var mask = masks.popLast() { rasterizer.recycle(&mask) }
    }

    /// The mask of `clips`, made now (and kept in `made`): the last clip's, within the mask
    /// of those before it.
    private mutating func make(
        _ clips: [DisplayList.Clip], using rasterizer: inout Rasterizer, layers store: (any LayerStore)?
    ) -> ClipMask {
        guard let last = clips.last else { return ClipMask(width: width, height: height) }
        let outer = mask(for: Array(clips.dropLast()), using: &rasterizer, layers: store)
        // Computed inside the window only, and there only where the items may paint.
        let window = rasterizer.window
        defer { rasterizer.window = window }
        if let region = regions[clips] {
            guard let inside = window.map({ region.intersection($0) }) ?? region else {
                let empty = ClipMask(
                    width: width, height: height,
                    coverage: rasterizer.blankMaskCoverage(count: width * height),
                    bounds: nil)
                made[clips] = empty
                return empty
            }
            rasterizer.window = inside
        }
        let mask: ClipMask
        switch last {
        case .path(let path, let transform, let style, let inverse):
            let saved = rasterizer.touched
            mask = rasterizer.clipMask(
                path, transform: transform, rule: style.isEOFilled ? .evenOdd : .nonZero,
                antialiased: style.isAntialiased, inverse: inverse, intersecting: outer, width: width,
                height: height)
            rasterizer.touched = saved
        case .layer(let content, let opacity, let inverse):
            mask = layerMask(
                content, opacity: opacity, inverse: inverse, outer: outer, using: &rasterizer, store: store)
        }
        made[clips] = mask
        return mask
    }

    /// A mask from a layer's alpha (`clipToLayer`).
    private func layerMask(
        _ content: DisplayList, opacity: Double, inverse: Bool, outer: ClipMask?,
        using rasterizer: inout Rasterizer,
        store: (any LayerStore)?
    ) -> ClipMask {
        var offscreen = rasterizer.borrowCanvas(width: width, height: height)
        let touched = rasterizer.drawingOffscreen {
            content.render(into: &offscreen, using: &$0, layers: store, frame: frame, onLayer: { _, _ in })
        }
        let scale = Float(min(max(opacity, 0), 1))
        // Outside what the content touched its alpha is 0, so a mask that is not inverted is 0
        // there: only the touched part is computed.
        // And only inside the window, where it is read.
        let window = rasterizer.window ?? PixelBounds(columns: 0..<width, rows: 0..<height)
        let canvas = PixelBounds(columns: 0..<width, rows: 0..<height).intersection(window)
        let computed = inverse ? canvas : canvas.flatMap { touched?.intersection($0) }
        var coverage = rasterizer.blankMaskCoverage(count: width * height)
        if let computed {
            let width = self.width
            let outerCoverage = outer?.coverage ?? []
            offscreen.bytes.withUnsafeBufferPointer { pixels in
                outerCoverage.withUnsafeBufferPointer { outerCoverage in
                    coverage.withUnsafeMutableBufferPointer { coverage in
                        // A matte at full opacity inside no other clip is its alpha as it is
                        // (or inverted): the arithmetic below gives exactly that.
                        let plain = scale == 1 && outer == nil
                        for row in computed.rows {
                            let line = row * width
                            let columns =
                                (line + computed.columns.lowerBound)..<(line + computed.columns.upperBound)
                            if plain {
                                for i in columns {
                                    coverage[i] = inverse ? 255 - pixels[i * 4 + 3] : pixels[i * 4 + 3]
                                }
                                continue
                            }
                            for i in columns {
                                var value = Float(pixels[i * 4 + 3]) * scale
                                if inverse { value = 255 - value }
                                if outer != nil { value *= Float(outerCoverage[i]) / 255 }
                                coverage[i] = UInt8(value + 0.5)
                            }
                        }
                    }
                }
            }
        }
        rasterizer.returnCanvas(consume offscreen, painted: touched)
        let bounds =
            inverse
            ? outer?.bounds.flatMap { canvas?.intersection($0) } ?? canvas
            : touched.flatMap { t in outer?.bounds.flatMap { t.intersection($0) } ?? t }
        return ClipMask(width: width, height: height, coverage: coverage, bounds: bounds)
    }
}
