import FlipbookGeometry

/// What fills the covered pixels: a solid colour, a gradient or an image. A paint's geometry is
/// given in the same user space as the path it fills, and moves with the fill's transform.
///
/// Gradients and images are boxed (`indirect`), so that a paint — and every recorded fill and
/// stroke holding one — stays a few bytes when it is a colour, the common case: display lists
/// copy their items.
package enum Paint: Hashable, Sendable {
    case solid(PremultipliedColor)
    indirect case gradient(GradientPaint)
    indirect case image(ImagePaint)
}

extension Paint {
    /// Whether every colour the paint gives a fill placed by `transform` is opaque: a colour of
    /// alpha 255, or a gradient whose stops all are under an invertible transform (a singular
    /// one paints nothing; the dither never lowers an opaque alpha) and which paints every point
    /// (`paintsEveryPoint`). Images count as not.
    package func isOpaque(placedBy transform: CGAffineTransform) -> Bool {
        switch self {
        case .solid(let color):
            return color.alpha == 255
        case .gradient(let gradient):
            return transform.isInvertible && gradient.stops.allSatisfy { $0.opacity >= 1 }
                && gradient.paintsEveryPoint
        case .image:
            return false
        }
    }
}
