import FlipbookCanvas
import FlipbookRaster

/// The clip masks of one display list's rendering, made once per distinct clip stack: the
/// items of a `clip(to:)` block share one mask instead of rasterizing the clip each time.
struct ClipMasks {
    let width: Int
    let height: Int
    /// Where the video's frame lies on the canvas (`DisplayList.render(into:using:layers:frame:onLayer:)`).
    let frame: PixelBounds
    private var made: [[DisplayList.Clip]: ClipMask] = [:]

    init(width: Int, height: Int, frame: PixelBounds) {
        (self.width, self.height, self.frame) = (width, height, frame)
    }

    /// The intersection of `clips`, or `nil` when there are none (draw everywhere).
    mutating func mask(
        for clips: [DisplayList.Clip], using rasterizer: inout Rasterizer, layers store: (any LayerStore)?
    ) -> ClipMask? {
        guard let last = clips.last else { return nil }
        if let mask = made[clips] { return mask }
        let outer = mask(for: Array(clips.dropLast()), using: &rasterizer, layers: store)
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
        let canvas = PixelBounds(columns: 0..<width, rows: 0..<height)
        let computed = inverse ? canvas : touched?.intersection(canvas)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if let computed {
            let width = self.width
            let outerCoverage = outer?.coverage ?? []
            offscreen.bytes.withUnsafeBufferPointer { pixels in
                outerCoverage.withUnsafeBufferPointer { outerCoverage in
                    coverage.withUnsafeMutableBufferPointer { coverage in
                        for row in computed.rows {
                            let line = row * width
                            for i
                                in (line + computed.columns.lowerBound)..<(line + computed.columns.upperBound)
                            {
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
            ? outer?.bounds ?? (width > 0 && height > 0 ? canvas : nil)
            : touched.flatMap { t in outer?.bounds.flatMap { t.intersection($0) } ?? t }
        return ClipMask(width: width, height: height, coverage: coverage, bounds: bounds)
    }
}
