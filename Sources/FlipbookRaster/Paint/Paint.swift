import FlipbookGeometry

/// What fills the covered pixels: a solid colour, a gradient or an image. A paint's geometry is
/// given in the same user space as the path it fills, and moves with the fill's transform.
///
/// Gradients and images are boxed (`indirect`), so that a paint — and every recorded fill and
/// stroke holding one — stays a few bytes when it is a colour, the common case: display lists
/// copy their items.
public enum Paint: Hashable, Sendable {
    case solid(PremultipliedColor)
    indirect case gradient(GradientPaint)
    indirect case image(ImagePaint)
}
