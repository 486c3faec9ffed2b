/// What fills the covered pixels.
///
/// Solid colour is the first paint; gradients and image patterns join it as further cases.
public enum Paint: Hashable, Sendable {
    case solid(PremultipliedColor)
}
