/// A layer mask (`masksProperties`): an outline combined with the masks before it.
struct LottieMask: Sendable {
    /// How the mask combines with those before it (`mode`).
    enum Mode: String, Sendable {
        case add = "a"
        case subtract = "s"
        case intersect = "i"
        case difference = "f"
        case none = "n"
    }

    var mode: Mode
    var outline: LottieProperty<LottieBezier>
    /// Percent.
    var opacity: LottieProperty<[Double]>
    /// The mask covers the outside of its outline.
    var inverted: Bool
}
