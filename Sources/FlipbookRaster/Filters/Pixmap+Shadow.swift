extension Pixmap {
    /// `Filter.shadow`: the silhouette of the pixels inside `bounds` (the rest must be
    /// transparent) in `color`, moved by (`x`, `y`), blurred by `radius`, then placed below or
    /// above those pixels or alone. Returns the bounds of what may now be painted.
    ///
    /// The shadow is drawn on `canvas`, a transparent pixmap of this one's size (a new one if it
    /// is not), in only the part it can reach — the silhouette's box, moved and grown by the
    /// blur's reach — which is cleared again at the end: a headline's shadow touches about a
    /// megabyte at 1080p, not the whole frame's eight, and a lent canvas needs no allocation.
    mutating func applyShadow(
        color: PremultipliedColor, radius: Double, x: Double, y: Double, placement: Filter.ShadowPlacement,
        blendMode: BlendMode = .normal, invertsAlpha: Bool = false, within bounds: PixelBounds,
        on canvas: inout Pixmap
    ) -> PixelBounds? {
        // Offsets beyond the pixmap move the shadow out of sight; NaN counts as none.
        func offset(_ value: Double, limit: Int) -> Int {
            value.isNaN ? 0 : Int(max(-Double(limit), min(Double(limit), value.rounded())))
        }
        let (dx, dy) = (offset(x, limit: width), offset(y, limit: height))
        let frame = PixelBounds(columns: 0..<width, rows: 0..<height)
        if canvas.width != width || canvas.height != height { canvas = Pixmap(width: width, height: height) }
        // The pixels whose silhouette lands in the frame.
        let columns = bounds.columns.clamped(to: 0..<width).clamped(to: (-dx)..<(width - dx))
        let rows = bounds.rows.clamped(to: 0..<height).clamped(to: (-dy)..<(height - dy))
        let silhouette =
            columns.isEmpty || rows.isEmpty
            ? nil : drawSilhouette(color: color, dx: dx, dy: dy, columns: columns, rows: rows, on: &canvas)
        guard silhouette != nil || invertsAlpha else {
            // None: no shadow.
            if placement == .only { clear(within: bounds) }
            return placement == .only ? nil : bounds
        }
        let blurred = silhouette.flatMap { GaussianBlur(radius: radius).apply(to: &canvas, within: $0) }
        var shadowBounds = blurred
        if invertsAlpha {
            // The blur is linear: the blurred inversion is the colour less the blurred
            // silhouette, which counts what lies beyond the frame as outside the drawing (fully
            // shaded) instead of as nothing. Only the layer's own box can show an inner shadow
            // (drawn above, `.sourceAtop`); any other shows everywhere but the shape.
            let shown =
                placement == .above && blendMode.keepsOnlyDestination ? bounds.intersection(frame) : frame
            if let shown { canvas.invert(color, within: shown) }
            shadowBounds = shown
        }
        // Everything drawn on the lent canvas: the silhouette, its blur, the inverted shadow.
        defer { canvas.clear(within: (shadowBounds ?? bounds).union(blurred ?? silhouette)) }
        if blendMode != .normal, placement != .above, let shadowBounds {
            // Below the content or alone, the shadow is drawn onto the layer's transparency.
            canvas.blendOntoTransparency(blendMode, within: shadowBounds)
        }
        switch placement {
        case .only:
            // The shadow replaces the layer's pixels.
            clear(within: bounds)
            combine(canvas, in: shadowBounds) { shadow, count, pixels in
                pixels.update(from: shadow, count: count)
            }
            return shadowBounds
        case .below:
            guard let shadowBounds else { return bounds }
            combine(canvas, in: shadowBounds.union(bounds).intersection(frame)) { shadow, count, pixels in
                SourceOver.blendRow(pixels, over: shadow, count: count)
            }
            return shadowBounds.union(bounds)
        case .above:
            guard let shadowBounds else { return bounds }
            guard blendMode == .normal else {
                let runs = shadowBounds.rows.map {
                    PixelRun(
                        row: $0, start: shadowBounds.columns.lowerBound, end: shadowBounds.columns.upperBound)
                }
                composite(canvas, blendMode: blendMode, runs: runs)
                return blendMode.keepsOnlyDestination ? bounds : bounds.union(shadowBounds)
            }
            combine(canvas, in: shadowBounds) { shadow, count, pixels in
                SourceOver.blendRow(shadow, count: count, opacity: 255, into: pixels)
            }
            return bounds.union(shadowBounds)
        }
    }

    /// Draws on `canvas` the silhouette of this pixmap's `columns` × `rows` in `color`, moved by
    /// (`dx`, `dy`); returns the box of the pixels that got some alpha.
    private func drawSilhouette(
        color: PremultipliedColor, dx: Int, dy: Int, columns: Range<Int>, rows: Range<Int>,
        on canvas: inout Pixmap
    ) -> PixelBounds? {
        let packed = color.packed
        // The shadow's pixels that got some alpha: their first and last column and row.
        var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
        let width = self.width
        bytes.withUnsafeBufferPointer { source in
            canvas.bytes.withUnsafeMutableBufferPointer { target in
                target.withMemoryRebound(to: UInt32.self) { target in
                    for row in rows {
                        for column in columns {
                            let alpha = UInt32(source[(row * width + column) * 4 + 3])
                            guard alpha > 0 else { continue }
                            target[(row + dy) * width + column + dx] = SourceOver.scale(packed, by: alpha)
                            (minX, maxX) = (min(minX, column + dx), max(maxX, column + dx))
                            (minY, maxY) = (min(minY, row + dy), max(maxY, row + dy))
                        }
                    }
                }
            }
        }
        return minX <= maxX ? PixelBounds(columns: minX..<(maxX + 1), rows: minY..<(maxY + 1)) : nil
    }

    /// Replaces each pixel of `box` by `color` less itself, channel by channel: the inverted
    /// shadow (`ShadowOptions.invertsAlpha`) from a blurred silhouette drawn in `color`. The
    /// differences stop at zero and the colour stays within the alpha, whatever the blur
    /// rounded.
    private mutating func invert(_ color: PremultipliedColor, within box: PixelBounds) {
        let full = SIMD4<Int16>(Int16(color.red), Int16(color.green), Int16(color.blue), Int16(color.alpha))
        for row in box.rows {
            for column in box.columns {
                let p = self[column, row]
                let shadow = SIMD4<Int16>(Int16(p.red), Int16(p.green), Int16(p.blue), Int16(p.alpha))
                let v = (full &- shadow).clamped(lowerBound: .zero, upperBound: full)
                let alpha = UInt8(v.w)
                self[column, row] = PremultipliedColor(
                    red: min(UInt8(v.x), alpha), green: min(UInt8(v.y), alpha), blue: min(UInt8(v.z), alpha),
                    alpha: alpha)
            }
        }
    }

    /// Replaces each pixel of `box` by itself blended with `mode` onto transparency: what a
    /// shadow drawn with that mode leaves on a layer with nothing under it.
    private mutating func blendOntoTransparency(_ mode: BlendMode, within box: PixelBounds) {
        for row in box.rows {
            for column in box.columns {
                let p = self[column, row]
                let source = SIMD4(Float(p.red), Float(p.green), Float(p.blue), Float(p.alpha)) / 255
                let blended = (mode.blend(source, .zero) * 255).rounded(.toNearestOrAwayFromZero)
                let v = blended.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                let alpha = UInt8(v.w)
                self[column, row] = PremultipliedColor(
                    red: min(UInt8(v.x), alpha), green: min(UInt8(v.y), alpha), blue: min(UInt8(v.z), alpha),
                    alpha: alpha)
            }
        }
    }

    /// Calls `body` for each row of `box` (inside this pixmap) with `other`'s pixels there (a
    /// pixmap of the same size), their count, and this pixmap's.
    private mutating func combine(
        _ other: Pixmap, in box: PixelBounds?,
        _ body: (UnsafePointer<UInt32>, Int, UnsafeMutablePointer<UInt32>) -> Void
    ) {
        guard let box, !box.columns.isEmpty else { return }
        let width = self.width
        other.bytes.withUnsafeBytes { source in
            bytes.withUnsafeMutableBytes { target in
                guard let from = source.bindMemory(to: UInt32.self).baseAddress,
                    let to = target.bindMemory(to: UInt32.self).baseAddress
                else { return }
                for row in box.rows {
                    let start = row * width + box.columns.lowerBound
                    body(from + start, box.columns.count, to + start)
                }
            }
        }
    }
}
