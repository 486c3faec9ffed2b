/// An effect applied to a layer's pixels before it is composited: SwiftUI's
/// `GraphicsContext.Filter`, in raster terms.
public enum Filter: Hashable, Sendable {
    /// Gaussian blur with standard deviation `radius` pixels (see `GaussianBlur`).
    case blur(radius: Double)
    /// The layer's silhouette in `color`, blurred by `radius` and offset by (`x`, `y`) pixels,
    /// under the layer (`below`), over it (`above`) or alone (`only`).
    case shadow(color: PremultipliedColor, radius: Double, x: Double, y: Double, placement: ShadowPlacement)
    /// A 4×5 matrix on straight RGBA (see `ColorMatrix`).
    case colorMatrix(ColorMatrix)
    /// Pixels whose alpha lies in `minimum…maximum` (0…1) become `color`, the rest transparent.
    case alphaThreshold(minimum: Double, maximum: Double, color: PremultipliedColor)

    /// `filter` worked in linear light (SwiftUI's `FilterOptions.linearColor`): a blur averages
    /// linear-light colours (a red–green edge blurs through yellow, not brown) and a colour
    /// matrix applies to linear components. Shadows and alpha thresholds work on alpha, the
    /// same in either space.
    indirect case inLinearLight(Filter)
    /// Where a shadow goes relative to the layer's own pixels.
    public enum ShadowPlacement: Hashable, Sendable {
        case below, above, only
    }
}

extension Pixmap {
    /// Applies `filter` to the pixels inside `bounds` (the rest must be transparent) and returns
    /// the bounds of what may now be painted — larger after a blur or a shadow.
    public mutating func apply(_ filter: Filter, within bounds: PixelBounds) -> PixelBounds? {
        switch filter {
        case .blur(let radius):
            return GaussianBlur(radius: radius).apply(to: &self, within: bounds)
        case .inLinearLight(.blur(let radius)):
            return GaussianBlur(radius: radius, linearLight: true).apply(to: &self, within: bounds)
        case .inLinearLight(.colorMatrix(let matrix)):
            return matrix.apply(to: &self, within: bounds, linearLight: true)
        case .inLinearLight(let filter):
            return apply(filter, within: bounds)
        case .shadow(let color, let radius, let x, let y, let placement):
            return applyShadow(color: color, radius: radius, x: x, y: y, placement: placement, within: bounds)
        case .colorMatrix(let matrix):
            return matrix.apply(to: &self, within: bounds)
        case .alphaThreshold(let minimum, let maximum, let color):
            let (low, high) = (
                UInt8(max(0, min(1, minimum)) * 255 + 0.5), UInt8(max(0, min(1, maximum)) * 255 + 0.5)
            )
            for row in bounds.rows {
                for column in bounds.columns {
                    let alpha = self[column, row].alpha
                    self[column, row] =
                        alpha > 0 && (low...max(low, high)).contains(alpha) ? color : .transparent
                }
            }
            return bounds
        }
    }

    private mutating func applyShadow(
        color: PremultipliedColor, radius: Double, x: Double, y: Double, placement: Filter.ShadowPlacement,
        within bounds: PixelBounds
    ) -> PixelBounds? {
        var shadow = Pixmap(width: width, height: height)
        // Offsets beyond the pixmap move the shadow out of sight; NaN counts as none.
        func offset(_ value: Double, limit: Int) -> Int {
            value.isNaN ? 0 : Int(max(-Double(limit), min(Double(limit), value.rounded())))
        }
        let (dx, dy) = (offset(x, limit: width), offset(y, limit: height))
        let packed = color.packed
        // The shadow's pixels that got some alpha: their first and last column and row.
        var (minX, maxX, minY, maxY) = (Int.max, Int.min, Int.max, Int.min)
        let columns = bounds.columns.clamped(to: 0..<width).clamped(to: (-dx)..<(width - dx))
        let rows = bounds.rows.clamped(to: 0..<height).clamped(to: (-dy)..<(height - dy))
        let width = self.width
        bytes.withUnsafeBufferPointer { source in
            shadow.bytes.withUnsafeMutableBufferPointer { target in
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
        let shifted =
            minX <= maxX ? PixelBounds(columns: minX..<(maxX + 1), rows: minY..<(maxY + 1)) : nil
        let shadowBounds = shifted.flatMap { GaussianBlur(radius: radius).apply(to: &shadow, within: $0) }
        switch placement {
        case .only:
            self = shadow
            return shadowBounds
        case .below:
            guard let shadowBounds else { return bounds }
            shadow.composite(self, runs: paintedRuns(within: bounds))
            self = shadow
            return shadowBounds.union(bounds)
        case .above:
            if let shadowBounds { composite(shadow, runs: shadow.paintedRuns(within: shadowBounds)) }
            return shadowBounds.map { bounds.union($0) } ?? bounds
        }
    }
}
