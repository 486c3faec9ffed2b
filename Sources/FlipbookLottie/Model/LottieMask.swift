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
    /// `x`: how far the outline is grown (shrunk where negative), in the layer's units.
    var expansion = LottieProperty<[Double]>([0])
    /// `f`: how wide its edge fades, horizontally and vertically, in the layer's units.
    var feather = LottieProperty<[Double]>([0, 0])
}
