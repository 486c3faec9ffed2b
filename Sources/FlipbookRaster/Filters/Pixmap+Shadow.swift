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
        within bounds: PixelBounds, on canvas: inout Pixmap
    ) -> PixelBounds? {
        // Offsets beyond the pixmap move the shadow out of sight; NaN counts as none.
        func offset(_ value: Double, limit: Int) -> Int {
            value.isNaN ? 0 : Int(max(-Double(limit), min(Double(limit), value.rounded())))
        }
        let (dx, dy) = (offset(x, limit: width), offset(y, limit: height))
        let frame = PixelBounds(columns: 0..<width, rows: 0..<height)
        // The pixels whose silhouette lands in the frame.
        let columns = bounds.columns.clamped(to: 0..<width).clamped(to: (-dx)..<(width - dx))
        let rows = bounds.rows.clamped(to: 0..<height).clamped(to: (-dy)..<(height - dy))
        guard !columns.isEmpty, !rows.isEmpty else {
            // None: no shadow.
            if placement == .only { clear(within: bounds) }
            return placement == .only ? nil : bounds
        }
        if canvas.width != width || canvas.height != height { canvas = Pixmap(width: width, height: height) }
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
        let silhouette =
            minX <= maxX ? PixelBounds(columns: minX..<(maxX + 1), rows: minY..<(maxY + 1)) : nil
        let shadowBounds = silhouette.flatMap { GaussianBlur(radius: radius).apply(to: &canvas, within: $0) }
        defer { canvas.clear(within: shadowBounds ?? silhouette ?? bounds) }
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
            combine(canvas, in: shadowBounds) { shadow, count, pixels in
                SourceOver.blendRow(shadow, count: count, opacity: 255, into: pixels)
            }
            return bounds.union(shadowBounds)
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
