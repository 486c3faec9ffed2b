/// A layer effect (`ef`) that the reference players implement, with its parameters as the
/// file lists them (each item of the effect's own `ef`, read by position as the players read
/// them). Effects apply to the layer's masked pixels in order, in the layer's space: a scaled
/// layer's blur is scaled with it.
enum LottieEffect: Sendable {
    /// `ty: 25`: a blurred, offset copy of the layer's alpha in `color` (red, green, blue,
    /// alpha 0…1) at `opacity` (0…255) under it, `distance` away in the `direction` (degrees
    /// clockwise from up), blurred by `softness`; only the shadow when `shadowOnly` is non-zero.
    case dropShadow(
        color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>,
        direction: LottieProperty<[Double]>, distance: LottieProperty<[Double]>,
        softness: LottieProperty<[Double]>, shadowOnly: LottieProperty<[Double]>)
    /// `ty: 29`: a Gaussian blur of `blurriness`.
    case gaussianBlur(blurriness: LottieProperty<[Double]>)
    /// `ty: 21`: every pixel's colour made `color`, its alpha kept, mixed by `opacity` (0…1).
    case fill(color: LottieProperty<[Double]>, opacity: LottieProperty<[Double]>)
    /// `ty: 20`: each pixel's luminance mapped from `black` to `white`, mixed by `amount`
    /// (percent).
    case tint(
        black: LottieProperty<[Double]>, white: LottieProperty<[Double]>, amount: LottieProperty<[Double]>)
}
