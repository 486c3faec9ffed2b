import FlipbookCanvas
import FlipbookRaster

/// The clip masks of one display list's rendering, made once per distinct clip stack: the
/// items of a `clip(to:)` block share one mask instead of rasterizing the clip each time.
///
/// A mask is computed only where the items drawn under it may paint (`regions`): a turned
/// precomposition's frame covers most of the canvas, the spinner inside it a corner.
///
/// A mask's coverage goes back to the rasterizer as soon as the last item drawn under it is
/// drawn (`release(after:into:)`), not when the drawing ends: a file with a mask on each of
/// twenty layers holds one or two at a time instead of twenty — a new array is a canvas's
/// worth of pages the kernel faults in and zeroes, a fifth of the time of such files.
struct ClipMasks {
    let width: Int
    let height: Int
    /// Where the video's frame lies on the canvas (`DisplayList.render(into:using:layers:frame:onLayer:)`).
    let frame: PixelBounds
    /// Each stack's mask, by its place in `masks`.
    private var made: [[DisplayList.Clip]: Int] = [:]
    /// The masks made, in the order they were made.
    private var masks: [Made] = []
    /// The first item after which a mask made can be released; `Int.max` when none can.
    private var nextRelease = Int.max
    /// The stack asked for last and its mask's place. Items drawn one after another under the
    /// same clips share the array (copied from one context), and comparing an array with itself
    /// is immediate, while hashing it hashes every clip — a matte's whole drawing — again.
    private var last: (clips: [DisplayList.Clip], index: Int)?
    /// Per clip stack, the pixels its items — and those of every longer stack it begins —
    /// may paint (outside them its mask is never read), and the last of those items.
    private let regions: [[DisplayList.Clip]: Reach]

    /// Where a stack's items (and those of the stacks it begins) paint, and which is drawn last.
    private struct Reach {
        var bounds: PixelBounds
        var lastItem: Int
    }

    /// A mask made, and the last item drawn under it (`nil`: not known, kept to the end).
    private struct Made {
        var mask: ClipMask
        var lastItem: Int?
        var released = false
    }

    init(width: Int, height: Int, frame: PixelBounds, items: [DisplayList.Item]) {
        (self.width, self.height, self.frame) = (width, height, frame)
        var regions: [[DisplayList.Clip]: Reach] = [:]
        // Runs of items under the same stack are gathered first, so that a stack is hashed
        // once per run rather than once per item.
        var run: (clips: [DisplayList.Clip], reach: Reach)?
        func close() {
            guard let run else { return }
            for length in 1...run.clips.count {
                let stack = Array(run.clips.prefix(length))
                // Runs come in order: this one's last item is the stack's last so far.
                let bounds = run.reach.bounds.union(regions[stack]?.bounds)
                regions[stack] = Reach(bounds: bounds, lastItem: run.reach.lastItem)
            }
        }
        for (index, item) in items.enumerated() {
            let clips = item.clips
            guard !clips.isEmpty,
                let bounds = DisplayList.pixels(of: item.deviceBounds, width: width, height: height)
            else { continue }
            if let open = run, open.clips == clips {
                run = (open.clips, Reach(bounds: bounds.union(open.reach.bounds), lastItem: index))
            } else {
                close()
                run = (clips, Reach(bounds: bounds, lastItem: index))
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
        if let last, last.clips == clips { return masks[last.index].mask }
        // A mask released too early (its items' bounds said they were all drawn) is made again.
        let index =
            made[clips].flatMap { masks[$0].released ? nil : $0 }
            ?? make(clips, using: &rasterizer, layers: store)
        last = (clips, index)
        return masks[index].mask
    }

    /// Hands back to `rasterizer` the masks no item after `item` (an index in the drawing's
    /// items) is drawn under, for the masks made next to reuse (`Rasterizer.recycle`).
    mutating func release(after item: Int, into rasterizer: inout Rasterizer) {
        guard item >= nextRelease else { return }
        nextRelease = .max
        for index in masks.indices where !masks[index].released {
            guard let lastItem = masks[index].lastItem else { continue }
            guard lastItem <= item else {
                nextRelease = min(nextRelease, lastItem)
                continue
            }
            if last?.index == index { last = nil }
            masks[index].released = true
            rasterizer.recycle(&masks[index].mask)
        }
    }

    /// Hands every mask made back to `rasterizer`, whose coverage the masks of later drawings
    /// reuse (`Rasterizer.recycle`): called when the drawing is done.
    mutating func recycle(into rasterizer: inout Rasterizer) {
        last = nil
        made = [:]
        while var made = masks.popLast() {
            if !made.released { rasterizer.recycle(&made.mask) }
        }
        nextRelease = .max
    }

    /// Makes the mask of `clips` now, keeps it in `made` and returns its place in `masks`.
    private mutating func make(
        _ clips: [DisplayList.Clip], using rasterizer: inout Rasterizer, layers store: (any LayerStore)?
    ) -> Int {
        let mask = makeMask(clips, using: &rasterizer, layers: store)
        let lastItem = regions[clips]?.lastItem
        if let lastItem { nextRelease = min(nextRelease, lastItem) }
        masks.append(Made(mask: mask, lastItem: lastItem))
        made[clips] = masks.count - 1
        return masks.count - 1
    }

    /// The mask of `clips`: the last clip's, within the mask of those before it.
    private mutating func makeMask(
        _ clips: [DisplayList.Clip], using rasterizer: inout Rasterizer, layers store: (any LayerStore)?
    ) -> ClipMask {
        guard let last = clips.last else { return ClipMask(width: width, height: height) }
        let outer = mask(for: Array(clips.dropLast()), using: &rasterizer, layers: store)
        // Computed inside the window only, and there only where the items may paint.
        let window = rasterizer.window
        defer { rasterizer.window = window }
        if let region = regions[clips]?.bounds {
            guard let inside = window.map({ region.intersection($0) }) ?? region else {
                return ClipMask(
                    width: width, height: height,
                    coverage: rasterizer.blankMaskCoverage(count: width * height),
                    bounds: nil)
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
        return mask
    }

    /// A mask from a layer's alpha (`clipToLayer`).
    private func layerMask(
        _ content: DisplayList, opacity: Double, inverse: Bool, outer: ClipMask?,
        using rasterizer: inout Rasterizer,
        store: (any LayerStore)?
    ) -> ClipMask {
        var offscreen = rasterizer.borrowCanvas(width: width, height: height)
        // Only the window's alpha is read: the content is drawn there only.
        let touched = rasterizer.drawingOffscreen(withinWindow: true) {
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
