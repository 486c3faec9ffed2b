import FlipbookCanvas
import FlipbookRaster

/// One layer of a Lottie composition, as decoded; frames are in its composition's time.
struct LottieLayer: Sendable {
    /// What the layer draws.
    enum Content: Sendable {
        /// `ty: 4`: shapes.
        case shapes([LottieShape])
        /// `ty: 0`: the precomposition `asset` (an index into `LottieAnimation.precomps`),
        /// clipped to its `width` × `height`, its time remapped (`tm`, seconds) when given.
        case precomp(asset: Int, width: Double, height: Double, timeRemap: LottieProperty<[Double]>?)
        /// `ty: 5`: text set from its baseline at the origin.
        case text(LottieText)
        /// `ty: 2`: a picture asset, `width` × `height` from the origin.
        case image(RasterImage, width: Double, height: Double)
        /// `ty: 1`: a rectangle of colour from the origin.
        case solid(color: Color, width: Double, height: Double)
        /// `ty: 3`, and layers not drawn (warned about when decoded): a transform only, which
        /// children may be parented to.
        case none
    }

    /// How the layer is masked by the matte layer above it (`tt`).
    enum Matte: Sendable {
        case alpha, alphaInverted, luma, lumaInverted
    }

    /// The JSON path, for warnings (`layers[3]`, `assets[0].layers[1]`).
    var path: String
    /// `nm`, for warnings.
    var name: String
    /// `ind`, which children's `parent` names.
    var index: Int?
    /// `parent`: the `ind` of the layer whose transform this one's is inside.
    var parent: Int?
    /// What it draws.
    var content: Content
    /// Visible from `inPoint` (inclusive) to `outPoint` (exclusive).
    var inPoint: Double
    var outPoint: Double
    /// Where a precomposition layer's content starts (`st`, in its composition's frames) and
    /// how much slower it runs (`sr`).
    var startTime: Double
    var stretch: Double
    /// `ks`, evaluated at its composition's frame.
    var transform: LottieTransform
    /// `ao`: turned to face the way its position moves.
    var autoOrient: Bool
    /// `masksProperties`, in order.
    var masks: [LottieMask]
    /// `tt`: how the matte layer masks it, when one does.
    var matte: Matte?
    /// `tp`: the index of the layer to use as matte; `nil` for the layer just above.
    var matteParent: Int?
    /// `td`: the layer is a matte for another and is not drawn itself.
    var isMatteSource: Bool
    var blendMode: BlendMode
    var hidden: Bool
    /// `ef`: the effects drawn, in order, on the layer's masked content.
    var effects: [LottieEffect] = []

    /// The frame a precomposition layer shows at `frame` of its composition (without remap).
    func localFrame(_ frame: Double) -> Double {
        (frame - startTime) / stretch
    }

    /// Whether the layer's content is one drawing at every frame — a solid, a picture, a shape
    /// layer with one paint and no repeater — so that no part of it can cover another.
    var paintsOnce: Bool {
        switch content {
        case .solid, .image: true
        case .shapes(let items): LottieShape.paintCount(of: items) == 1
        case .precomp, .text, .none: false
        }
    }

    /// Whether the layer's effects are all colour maps (fill, tint) that its paints can take on
    /// instead (`LottieEffect.colorMap(at:)`): a shape layer's or a solid's, whose colours are
    /// all paints' (a picture's, a precomposition's pictures and a text's glyphs are not).
    var recolorsPaints: Bool {
        switch content {
        case .shapes, .solid: !effects.isEmpty && effects.allSatisfy(\.mapsColor)
        case .image, .precomp, .text, .none: false
        }
    }

    func isVisible(at frame: Double) -> Bool {
        !hidden && frame >= inPoint && frame < outPoint
    }
}
