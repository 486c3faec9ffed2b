/// How colours that a palette lacks are approximated (GIF).
public enum Dither: String, CaseIterable, Hashable, Sendable {
    /// Nearest palette colour: flat areas stay flat, gradients band.
    case none
    /// An 8×8 ordered (Bayer) pattern: stable from frame to frame, so animations do not shimmer.
    case bayer
    /// Floyd–Steinberg error diffusion: the smoothest stills, but the pattern moves between
    /// frames.
    case floydSteinberg = "floyd-steinberg"
}
