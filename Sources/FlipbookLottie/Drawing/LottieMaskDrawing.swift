import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A layer's masks as a clip: each mask's coverage — its outline grown by its expansion,
/// blurred by its feather — combined with those before it as its mode says, in a layer of
/// coverage that the layer's content is then clipped to.
enum LottieMaskDrawing {
    /// How many pixels wide the 10 %…90 % ramp of a Gaussian blur's edge is per pixel of its
    /// standard deviation (2 × 1.2816, the normal distribution's 90th percentile): a mask's
    /// feather `f` is the width its edge fades over, so its blur's σ is `f` ÷ 2.5631.
    static let featherPerSigma = 2.5631

    /// The standard deviation, in pixels, of the blur that feathers `mask` at `frame`, whose
    /// layer maps to the canvas by `transform`; `nil` when it has no feather.
    private static func featherSigma(_ mask: LottieMask, frame: Double, transform: CGAffineTransform)
        -> Double?
    {
        let feather = mask.feather.value(at: frame)
        let (horizontal, vertical) = (feather.first ?? 0, feather.count > 1 ? feather[1] : feather.first ?? 0)
        // Blurs are round: the two directions' mean.
        let width = max((horizontal + vertical) / 2, 0)
        guard width > 0 else { return nil }
        return width / featherPerSigma * sqrt(abs(transform.a * transform.d - transform.b * transform.c))
    }

    /// Whether `mask` at `frame` is its outline's coverage as it is (or its complement): added at
    /// full opacity, neither grown nor feathered — the masks most files have, one to a layer.
    private static func isPlainOutline(_ mask: LottieMask, frame: Double, in context: GraphicsContext) -> Bool
    {
        mask.mode == .add && mask.opacity.scalar(at: frame, fallback: 100) >= 100
            && mask.expansion.scalar(at: frame) == 0
            && featherSigma(mask, frame: frame, transform: context.transform) == nil
    }

    /// Clips `context` to `masks` at `frame`; nothing when every mask is `none` or there are none.
    ///
    /// Each mode is drawn with a blend mode that only touches the pixels the mask covers, so
    /// no mode depends on how far the compositor reaches outside a shape: add is source-over,
    /// subtract is destination-out, difference is xor, and intersect destination-outs the
    /// mask's outside fully and its inside by 1 − its opacity.
    static func clip(_ context: inout GraphicsContext, to masks: [LottieMask], frame: Double) {
        let active = masks.filter { $0.mode != .none }
        guard !active.isEmpty else { return }
        if active.count == 1, let mask = active.first, isPlainOutline(mask, frame: frame, in: context) {
            // The coverage the layer of coverage would hold, straight from the outline: no canvas
            // to draw white into and read the alpha of.
            return context.clip(
                to: mask.outline.value(at: frame).path, options: mask.inverted ? .inverse : [])
        }
        let everything = context.clipBoundingRect.insetBy(dx: -1, dy: -1)
        guard !everything.isNull, !everything.isInfinite else { return }
        context.clipToLayer { coverage in
            for (position, mask) in active.enumerated() {
                let opacity = min(max(mask.opacity.scalar(at: frame, fallback: 100) / 100, 0), 1)
                let outline = mask.outline.value(at: frame).path.offset(
                    by: mask.expansion.scalar(at: frame))
                var outside = Path(everything)
                outside.addPath(outline)
                // The region the mask covers, and the rest, each with the fill rule that draws it.
                let inside = mask.inverted ? (outside, FillStyle(eoFill: true)) : (outline, FillStyle())
                let rest = mask.inverted ? (outline, FillStyle()) : (outside, FillStyle(eoFill: true))
                var layer = coverage
                if let sigma = featherSigma(mask, frame: frame, transform: coverage.transform) {
                    layer.addFilter(.blur(radius: sigma))
                }
                switch mask.mode {
                case .add, .none:
                    layer.fill(inside.0, with: .color(.white.opacity(opacity)), style: inside.1)
                case .subtract:
                    if position == 0 { layer.fill(Path(everything), with: .color(.white)) }
                    layer.blendMode = .destinationOut
                    layer.fill(inside.0, with: .color(.white.opacity(opacity)), style: inside.1)
                case .intersect:
                    guard position > 0 else {
                        layer.fill(inside.0, with: .color(.white.opacity(opacity)), style: inside.1)
                        continue
                    }
                    layer.blendMode = .destinationOut
                    layer.fill(rest.0, with: .color(.white), style: rest.1)
                    layer.fill(inside.0, with: .color(.white.opacity(1 - opacity)), style: inside.1)
                case .difference:
                    layer.blendMode = .xor
                    layer.fill(inside.0, with: .color(.white.opacity(opacity)), style: inside.1)
                }
            }
        }
    }
}
