import FlipbookGeometry

/// An effect applied to a layer's pixels before it is composited: SwiftUI's
/// `GraphicsContext.Filter`, in raster terms.
public enum Filter: Hashable, Sendable {
    /// Gaussian blur with standard deviation `radius` pixels (see `GaussianBlur`).
    case blur(radius: Double, options: BlurOptions = [])
    /// The layer's silhouette in `color`, blurred by `radius` and offset by (`x`, `y`) pixels,
    /// under the layer (`below`), over it (`above`) or alone (`only`), blended with the
    /// layer's pixels by `blendMode`. With `invertsAlpha` the silhouette is of everything but
    /// the layer's pixels: with `above` and `.sourceAtop`, an inner shadow.
    case shadow(
        color: PremultipliedColor, radius: Double, x: Double, y: Double, placement: ShadowPlacement,
        blendMode: BlendMode = .normal, invertsAlpha: Bool = false)
    /// A 4×5 matrix on straight RGBA (see `ColorMatrix`).
    case colorMatrix(ColorMatrix)
    /// Pixels whose alpha lies in `minimum…maximum` (0…1) become `color`, the rest transparent.
    case alphaThreshold(minimum: Double, maximum: Double, color: PremultipliedColor)
    /// The layer's pixels moved through a projective transform of pixel coordinates (see
    /// `Pixmap.applyProjection`).
    case projection(ProjectionTransform)

    /// Whether applying the filter draws on a scratch pixmap: a shadow, or a projection.
    public var drawsOnScratch: Bool {
        switch self {
        case .shadow, .projection: true
        case .inLinearLight(let filter): filter.drawsOnScratch
        case .blur, .colorMatrix, .alphaThreshold: false
        }
    }

    /// `filter` worked in linear light (SwiftUI's `FilterOptions.linearColor`): a blur averages
    /// linear-light colours (a red–green edge blurs through yellow, not brown) and a colour
    /// matrix applies to linear components. Shadows and alpha thresholds work on alpha, the
    /// same in either space.
    indirect case inLinearLight(Filter)
    /// Where a shadow goes relative to the layer's own pixels.
    public enum ShadowPlacement: Hashable, Sendable {
        case below, above, only
    }

    /// How a blur finishes its result, as SwiftUI's `GraphicsContext.BlurOptions`.
    public struct BlurOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Every pixel that kept any opacity made opaque, its colour divided by its alpha: a
        /// blurred opaque picture keeps its full strength up to its edges instead of fading
        /// into the transparency around it.
        public static let opaque = BlurOptions(rawValue: 1)
        /// The result dithered to 8 bits (the gradients' threshold tile) instead of rounded: a
        /// wide blur of a soft glow shows no bands.
        public static let dithersResult = BlurOptions(rawValue: 2)
    }

    /// The filter with its lengths — blur and shadow radii, shadow offsets — multiplied by
    /// `scale`: the same effect on a picture drawn at `scale` times the pixels.
    public func scaled(by scale: Double) -> Filter {
        guard scale != 1 else { return self }
        switch self {
        case .blur(let radius, let options):
            return .blur(radius: radius * scale, options: options)
        case .shadow(let color, let radius, let x, let y, let placement, let blendMode, let invertsAlpha):
            return .shadow(
                color: color, radius: radius * scale, x: x * scale, y: y * scale, placement: placement,
                blendMode: blendMode, invertsAlpha: invertsAlpha)
        case .inLinearLight(let filter):
            return .inLinearLight(filter.scaled(by: scale))
        case .projection(let transform):
            // Points to pixels, the transform, and back: translations grow with the scale,
            // perspective shrinks.
            var scaled = transform
            (scaled.m31, scaled.m32) = (transform.m31 * scale, transform.m32 * scale)
            (scaled.m13, scaled.m23) = (transform.m13 / scale, transform.m23 / scale)
            return .projection(scaled)
        case .colorMatrix, .alphaThreshold:
            return self
        }
    }
}

extension Pixmap {
    /// Applies `filter` to the pixels inside `bounds` (the rest must be transparent) and returns
    /// the bounds of what may now be painted — larger after a blur or a shadow.
    package mutating func apply(_ filter: Filter, within bounds: PixelBounds) -> PixelBounds? {
        var scratch = Pixmap(width: 0, height: 0)
        return apply(filter, within: bounds, scratch: &scratch)
    }

    /// `apply(_:within:)` with `scratch`, a transparent pixmap of this one's size that a shadow
    /// or a projection is drawn on and leaves transparent — one a rasterizer lends, so that
    /// they frame after frame neither allocate nor zero a pixmap of their own. One of another
    /// size (an empty one) is replaced by a new one when such a filter needs it.
    package mutating func apply(_ filter: Filter, within bounds: PixelBounds, scratch: inout Pixmap)
        -> PixelBounds?
    {
        switch filter {
        case .blur(let radius, let options):
            return GaussianBlur(radius: radius, options: options).apply(to: &self, within: bounds)
        case .inLinearLight(.blur(let radius, let options)):
            return GaussianBlur(radius: radius, linearLight: true, options: options).apply(
                to: &self, within: bounds)
        case .inLinearLight(.colorMatrix(let matrix)):
            return matrix.apply(to: &self, within: bounds, linearLight: true)
        case .inLinearLight(let filter):
            return apply(filter, within: bounds, scratch: &scratch)
        case .shadow(let color, let radius, let x, let y, let placement, let blendMode, let invertsAlpha):
            return applyShadow(
                color: color, radius: radius, x: x, y: y, placement: placement, blendMode: blendMode,
                invertsAlpha: invertsAlpha, within: bounds, on: &scratch)
        case .colorMatrix(let matrix):
            return matrix.apply(to: &self, within: bounds)
        case .projection(let transform):
            return applyProjection(transform, within: bounds, on: &scratch)
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
}
