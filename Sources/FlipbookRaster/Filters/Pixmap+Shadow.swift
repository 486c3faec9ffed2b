extension Pixmap {
    /// `Filter.shadow`: the silhouette of the pixels inside `bounds` (the rest must be
    /// transparent) in `color`, moved by (`x`, `y`), blurred by `radius`, then placed below or
    /// above those pixels or alone. Returns the bounds of what may now be painted.
    ///
    /// The shadow is drawn on a pixmap of its own that covers only the part of the frame it can
    /// reach — the silhouette's box, moved and grown by the blur's reach, and the layer's own
    /// pixels — not the whole frame: a headline's shadow then costs a megabyte of zeroed memory
    /// at 1080p, not eight. The blur sees the same pixels and the same frame edges either way,
    /// so the result is the same.
    mutating func applyShadow(
        color: PremultipliedColor, radius: Double, x: Double, y: Double, placement: Filter.ShadowPlacement,
        within bounds: PixelBounds
    ) -> PixelBounds? {
        // Offsets beyond the pixmap move the shadow out of sight; NaN counts as none.
        func offset(_ value: Double, limit: Int) -> Int {
            value.isNaN ? 0 : Int(max(-Double(limit), min(Double(limit), value.rounded())))
        }
        let (dx, dy) = (offset(x, limit: width), offset(y, limit: height))
        let frame = PixelBounds(columns: 0..<width, rows: 0..<height)
        // The pixels whose silhouette lands in the frame, and the part of the frame the shadow
        // and the layer can touch.
        let columns = bounds.columns.clamped(to: 0..<width).clamped(to: (-dx)..<(width - dx))
        let rows = bounds.rows.clamped(to: 0..<height).clamped(to: (-dy)..<(height - dy))
        let blur = GaussianBlur(radius: radius)
        let reach = blur.reach
        let reached = PixelBounds(
            columns: (columns.lowerBound + dx - reach)..<(columns.upperBound + dx + reach),
            rows: (rows.lowerBound + dy - reach)..<(rows.upperBound + dy + reach))
        guard !columns.isEmpty, !rows.isEmpty, let area = reached.union(bounds).intersection(frame) else {
            // No silhouette lands in the frame: no shadow.
            if placement == .only { clear(within: bounds) }
            return placement == .only ? nil : bounds
        }
        var shadow = Pixmap(width: area.columns.count, height: area.rows.count)
        let origin = (x: area.columns.lowerBound, y: area.rows.lowerBound)
        let packed = color.packed
        // The shadow's pixels that got some alpha, in its own coordinates: their first and
        // last column and row.
        var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
        let (width, shadowWidth) = (self.width, shadow.width)
        bytes.withUnsafeBufferPointer { source in
            shadow.bytes.withUnsafeMutableBufferPointer { target in
                target.withMemoryRebound(to: UInt32.self) { target in
                    for row in rows {
                        let y = row + dy - origin.y
                        for column in columns {
                            let alpha = UInt32(source[(row * width + column) * 4 + 3])
                            guard alpha > 0 else { continue }
                            let x = column + dx - origin.x
                            target[y * shadowWidth + x] = SourceOver.scale(packed, by: alpha)
                            (minX, maxX) = (min(minX, x), max(maxX, x))
                            (minY, maxY) = (min(minY, y), max(maxY, y))
                        }
                    }
                }
            }
        }
        let silhouette =
            minX <= maxX ? PixelBounds(columns: minX..<(maxX + 1), rows: minY..<(maxY + 1)) : nil
        let blurred = silhouette.flatMap { blur.apply(to: &shadow, within: $0) }
        let shadowBounds = blurred.map {
            PixelBounds(
                columns: ($0.columns.lowerBound + origin.x)..<($0.columns.upperBound + origin.x),
                rows: ($0.rows.lowerBound + origin.y)..<($0.rows.upperBound + origin.y))
        }
        switch placement {
        case .only:
            // The shadow's pixmap holds nothing else, and covers all of the layer's pixels.
            combine(shadow, at: origin, in: area) { shadow, count, pixels in
                pixels.update(from: shadow, count: count)
            }
            return shadowBounds
        case .below:
            guard let shadowBounds else { return bounds }
            combine(shadow, at: origin, in: shadowBounds.union(bounds).intersection(frame)) {
                shadow, count, pixels in
                SourceOver.blendRow(pixels, over: shadow, count: count)
            }
            return shadowBounds.union(bounds)
        case .above:
            guard let shadowBounds else { return bounds }
            combine(shadow, at: origin, in: shadowBounds) { shadow, count, pixels in
                SourceOver.blendRow(shadow, count: count, opacity: 255, into: pixels)
            }
            return bounds.union(shadowBounds)
        }
    }

    /// Calls `body` for each row of `box` (inside this pixmap and inside `other`, which lies at
    /// `origin`) with `other`'s pixels there, their count, and this pixmap's.
    private mutating func combine(
        _ other: Pixmap, at origin: (x: Int, y: Int), in box: PixelBounds?,
        _ body: (UnsafePointer<UInt32>, Int, UnsafeMutablePointer<UInt32>) -> Void
    ) {
        guard let box, !box.columns.isEmpty else { return }
        let (width, otherWidth) = (self.width, other.width)
        other.bytes.withUnsafeBytes { source in
            bytes.withUnsafeMutableBytes { target in
                guard let from = source.bindMemory(to: UInt32.self).baseAddress,
                    let to = target.bindMemory(to: UInt32.self).baseAddress
                else { return }
                for row in box.rows {
                    body(
                        from + (row - origin.y) * otherWidth + box.columns.lowerBound - origin.x,
                        box.columns.count, to + row * width + box.columns.lowerBound)
                }
            }
        }
    }
}
