import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A layer's masks as a clip: each mask's coverage combined with those before it as its mode
/// says, in a layer of coverage that the layer's content is then clipped to.
enum LottieMaskDrawing {
    /// Clips `context` to `masks` at `frame`; nothing when every mask is `none` or there are none.
    ///
    /// Each mode is drawn with a blend mode that only touches the pixels the mask covers, so
    /// no mode depends on how far the compositor reaches outside a shape: add is source-over,
    /// subtract is destination-out, difference is xor, and intersect destination-outs the
    /// mask's outside fully and its inside by 1 − its opacity.
    static func clip(_ context: inout GraphicsContext, to masks: [LottieMask], frame: Double) {
        let active = masks.filter { $0.mode != .none }
        guard !active.isEmpty else { return }
        let everything = context.clipBoundingRect.insetBy(dx: -1, dy: -1)
        guard !everything.isNull, !everything.isInfinite else { return }
        context.clipToLayer { coverage in
            for (position, mask) in active.enumerated() {
                let opacity = min(max(mask.opacity.scalar(at: frame, fallback: 100) / 100, 0), 1)
                let outline = mask.outline.value(at: frame).path
                var outside = Path(everything)
                outside.addPath(outline)
                // The region the mask covers, and the rest, each with the fill rule that draws it.
                let inside = mask.inverted ? (outside, FillStyle(eoFill: true)) : (outline, FillStyle())
                let rest = mask.inverted ? (outline, FillStyle()) : (outside, FillStyle(eoFill: true))
                var layer = coverage
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
