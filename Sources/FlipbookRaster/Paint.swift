import FlipbookGeometry

/// What fills the covered pixels: a solid colour, a gradient or an image. A paint's geometry is
/// given in the same user space as the path it fills, and moves with the fill's transform.
public enum Paint: Hashable, Sendable {
    case solid(PremultipliedColor)
    case gradient(GradientPaint)
    case image(ImagePaint)
}
