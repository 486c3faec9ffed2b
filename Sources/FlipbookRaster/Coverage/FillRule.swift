/// Which points a self-overlapping path covers.
///
/// The rasterizer accumulates a fractional winding number per pixel (its signed area
/// coverage); the rule maps that number to a coverage in 0…1.
public enum FillRule: Hashable, Sendable {
    /// Inside where the winding number is not zero: overlaps stay filled.
    case nonZero
    /// Inside where the winding number is odd: overlaps alternate, so a star's centre is empty.
    case evenOdd

    /// The coverage of a pixel whose accumulated winding is `winding`.
    @inline(__always)
    func coverage(_ winding: Float) -> Float {
        let magnitude = abs(winding)
        switch self {
        case .nonZero:
            return min(magnitude, 1)
        case .evenOdd:
            // The remainder by 2 without a call to `fmodf`: this runs for every pixel.
            let phase = magnitude - 2 * (magnitude * 0.5).rounded(.down)
            return phase > 1 ? 2 - phase : phase
        }
    }
}
