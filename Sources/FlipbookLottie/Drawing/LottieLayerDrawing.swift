import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

/// Draws an animation's layers at one frame: bottom layer first, each in its own space
/// (parents' transforms applied, not their opacity), masked, matted and blended.
///
/// Times as the reference players keep them: a layer's own keyframes, in and out points are
/// in its composition's frames; its start time (`st`) and stretch (`sr`) move only the time of
/// what a precomposition layer shows, `(frame − st) / sr` — or its time remap, evaluated at the
/// composition's frame, in seconds.
struct LottieLayerDrawing {
    let animation: LottieAnimation
    let limits: LottieLimits
    let outlines: LottieOutlineCache

    /// Draws `layers` (a composition's, top first) at `frame` of that composition.
    func draw(_ layers: [LottieLayer], frame: Double, in context: GraphicsContext) {
        var byIndex: [Int: LottieLayer] = [:]
        for layer in layers { if let index = layer.index, byIndex[index] == nil { byIndex[index] = layer } }
        for position in layers.indices.reversed() {
            let layer = layers[position]
            guard !layer.isMatteSource, layer.isVisible(at: frame) else { continue }
            var layerContext = context
            if let matte = layer.matte {
                let source =
                    layer.matteParent.flatMap { byIndex[$0] } ?? (position > 0 ? layers[position - 1] : nil)
                guard clip(&layerContext, to: matte, of: source, frame: frame, layers: byIndex) else {
                    continue
                }
            }
            draw(layer, frame: frame, layers: byIndex, in: layerContext)
        }
    }

    /// Limits `context` to where the matte `source` covers (or does not, inverted), by its alpha
    /// or its luminance; `false` when nothing can show (a plain matte that is not there).
    private func clip(
        _ context: inout GraphicsContext, to matte: LottieLayer.Matte, of source: LottieLayer?, frame: Double,
        layers: [Int: LottieLayer]
    ) -> Bool {
        let inverted = matte == .alphaInverted || matte == .lumaInverted
        guard let source, source.isVisible(at: frame) else { return inverted }
        context.clipToLayer(options: inverted ? .inverse : []) { matteContext in
            if matte == .luma || matte == .lumaInverted { matteContext.addFilter(.luminanceToAlpha) }
            draw(source, frame: frame, layers: layers, in: matteContext)
        }
        return true
    }

    /// Draws one layer: its transform (and its parents'), then — in a layer of its own when it
    /// has an opacity, a blend mode, masks or effects — its content, masked, its effects
    /// applied to the masked content as a whole.
    private func draw(
        _ layer: LottieLayer, frame: Double, layers: [Int: LottieLayer], in context: GraphicsContext
    ) {
        var context = context
        context.concatenate(matrix(of: layer, frame: frame, layers: layers))
        let opacity = min(max(layer.transform.opacity.scalar(at: frame, fallback: 100) / 100, 0), 1)
        guard opacity > 0 else { return }
        var (effects, recolor) = (layer.effects, ColorMatrix?.none)
        if layer.recolorsPaints {
            // Fill and tint map each paint's colours as they would the composited layer's
            // pixels (`LottieEffect.colorMap(at:)`): no canvas-sized layer to filter.
            recolor = effects.compactMap { $0.colorMap(at: frame) }.reduce(ColorMatrix.identity) {
                $0.followed(by: $1)
            }
            effects = []
        }
        guard opacity < 1 || layer.blendMode != .normal || !layer.masks.isEmpty || !effects.isEmpty
        else {
            return drawContent(of: layer, frame: frame, recolor: recolor, in: context)
        }
        if layer.blendMode == .normal, layer.masks.isEmpty, effects.isEmpty, layer.paintsOnce {
            // One drawing cannot overlap itself: its opacity is the layer's, with no layer to
            // draw offscreen and composite (as ThorVG draws a single shape's opacity).
            context.opacity *= opacity
            return drawContent(of: layer, frame: frame, recolor: recolor, in: context)
        }
        context.opacity *= opacity
        context.blendMode = layer.blendMode
        // Filters apply to each drawing one by one: the masked content is one drawing, a layer,
        // so that a shadow falls from the whole of it; its opacity and blend mode apply after.
        for effect in effects {
            context.addFilter(effect.filter(at: frame, transform: context.transform))
        }
        context.drawLayer { layerContext in
            LottieMaskDrawing.clip(&layerContext, to: layer.masks, frame: frame)
            drawContent(of: layer, frame: frame, recolor: recolor, in: layerContext)
        }
    }

    /// The layer's space → its composition's: its own transform, then each parent's in turn.
    /// A chain is followed at most as many steps as there are layers, so a parent cycle ends.
    private func matrix(of layer: LottieLayer, frame: Double, layers: [Int: LottieLayer]) -> CGAffineTransform
    {
        var matrix = ownMatrix(of: layer, frame: frame)
        var parent = layer.parent
        var steps = 0
        while let index = parent, let next = layers[index], steps < layers.count {
            matrix = matrix.concatenating(ownMatrix(of: next, frame: frame))
            parent = next.parent
            steps += 1
        }
        return matrix
    }

    private func ownMatrix(of layer: LottieLayer, frame: Double) -> CGAffineTransform {
        let heading = layer.autoOrient ? layer.transform.heading(at: frame) ?? 0 : 0
        return layer.transform.matrix(at: frame, extraRotation: heading)
    }

    /// Whether `rect` (in `context`'s space) holds all that can show through its clips, a
    /// pixel to spare on each side, so that clipping to it would change nothing: precompositions
    /// clip to their frame, which mostly holds the whole canvas, and a clip costs a coverage
    /// mask of the whole canvas.
    static func contains(_ rect: CGRect, everythingVisibleIn context: GraphicsContext) -> Bool {
        let visible = context.clipBoundingRect
        let transform = context.transform
        let scale = sqrt(abs(transform.a * transform.d - transform.b * transform.c))
        guard !visible.isNull, !visible.isInfinite, scale > 0 else { return false }
        return rect.contains(visible.insetBy(dx: -1 / scale, dy: -1 / scale))
    }

    /// `rect` (in `context`'s space) with its edges moved to the nearest pixel boundaries, when
    /// the context is neither turned nor skewed: a clip on whole pixels costs the rasterizer no
    /// coverage to accumulate (`Rasterizer.pixelAlignedRectangle`), and moves a precomposition's
    /// frame by at most half a pixel.
    static func pixelSnapped(_ rect: CGRect, in context: GraphicsContext) -> Path {
        let transform = context.transform
        guard transform.b == 0, transform.c == 0, transform.isInvertible else { return Path(rect) }
        let device = rect.applying(transform)
        let (x0, y0) = (device.minX.rounded(), device.minY.rounded())
        let snapped = CGRect(
            x: x0, y: y0, width: device.maxX.rounded() - x0, height: device.maxY.rounded() - y0)
        return Path(snapped.applying(transform.inverted()))
    }

    /// Draws the layer's content, its paints' colours mapped by `recolor` when given (only a
    /// shape layer's or a solid's: `LottieLayer.recolorsPaints`).
    private func drawContent(
        of layer: LottieLayer, frame: Double, recolor: ColorMatrix? = nil, in context: GraphicsContext
    ) {
        switch layer.content {
        case .shapes(let shapes):
            LottieShapeDrawing.draw(
                shapes, frame: frame, limits: limits, outlines: outlines, recolor: recolor, in: context)
        case .precomp(let asset, let width, let height, let timeRemap):
            var context = context
            let bounds = CGRect(x: 0, y: 0, width: width, height: height)
            if width > 0, height > 0, !Self.contains(bounds, everythingVisibleIn: context) {
                context.clip(to: Self.pixelSnapped(bounds, in: context))
            }
            let inner =
                timeRemap.map { $0.scalar(at: frame) * animation.frameRate } ?? layer.localFrame(frame)
            draw(animation.precomps[asset], frame: inner, in: context)
        case .image(let picture, let width, let height):
            context.draw(Image(picture), in: CGRect(x: 0, y: 0, width: width, height: height))
        case .text(let text):
            LottieTextDrawing.draw(text, frame: frame, limits: limits, outlines: outlines, in: context)
        case .solid(let color, let width, let height):
            context.fill(
                Path(CGRect(x: 0, y: 0, width: width, height: height)),
                with: .color(color.mapped(by: recolor)))
        case .none:
            break
        }
    }
}
