import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import FlipbookText
import FlipbookTimeline
import Foundation

/// Draws a composition's layers for one frame: resolves each layer's time window, box and
/// transform, applies its entrance and exit, and draws its content in a named layer. Where a
/// layer's box is comes from one function, `placement(of:in:time:slot:)`.
///
/// With an `inspector` (`flipbook inspect`), it also records each layer's box as it places it —
/// the same code placing it, so what inspect shows is what is drawn — and places the layers
/// that do not show (not yet started, ended, at opacity 0) too, at the nearest time they show,
/// as hidden; that drawing is not for pixels.
struct LayerRenderer {
    let composition: Composition
    let canvas: CGSize
    let frame: FrameTime
    var inspector: LayerInspector?

    init(composition: Composition, canvas: CGSize, frame: FrameTime, inspector: LayerInspector? = nil) {
        (self.composition, self.canvas, self.frame, self.inspector) = (composition, canvas, frame, inspector)
    }

    /// Draws `layer` in `parent` (a box in the current user space) at parent time `time`;
    /// `end` is when the parent ends (for exits of layers without an end of their own), and
    /// `slot` its place in its stack, when it is in one. What drawing it warns about is said
    /// to be at the layer's JSON path.
    func draw(
        _ layer: CompositionLayer, in context: inout GraphicsContext, parent: CGRect, time: Double,
        end: Double?, slot: StackArrangement.Slot? = nil
    ) {
        // A spacer draws nothing; the inspector shows the room it takes.
        guard layer.isVisible, !layer.isSpacer || inspector != nil else { return }
        WarningSink.current.at(layer.path).receiving {
            if let local = layer.timing.localTime(at: time) {
                draw(layer, local: local, hidden: false, in: &context, parent: parent, end: end, slot: slot)
            } else if inspector != nil {
                draw(
                    layer, local: layer.timing.nearestLocalTime(to: time), hidden: true, in: &context,
                    parent: parent, end: end, slot: slot)
            }
        }
    }

    /// Draws `layer` at its own time `local` — `hidden` when it is placed only for the
    /// inspector, not shown at this frame.
    private func draw(
        _ layer: CompositionLayer, local: Double, hidden: Bool, in context: inout GraphicsContext,
        parent: CGRect, end: Double?, slot: StackArrangement.Slot?
    ) {
        let layerEnd = layer.timing.duration ?? end.map { $0 - layer.timing.start }
        let transition = TransitionState(
            enter: layer.enter.filter { !$0.movesUnits }, exit: layer.exit.filter { !$0.movesUnits },
            time: local, end: layerEnd, canvas: canvas)
        let opacity = layer.opacity.value(at: local) * transition.opacity
        guard opacity > 0 || inspector != nil else { return }
        let placement = placement(of: layer, in: parent, time: local, slot: slot)
        let (size, parent) = (placement.size, placement.parent)
        let scale = layer.scale.value(at: local)
        // A text at its own width (only that is measured here) against its parent's box — unless
        // it moves: a ticker may be meant to run across the screen.
        if let prepared = placement.text, layer.position?.isConstant ?? true, layer.motionPath == nil {
            warnIfOverflowing(
                layer, text: CGSize(width: prepared.size.width * abs(scale.x), height: 0), limit: parent.size,
                in: parent.size == canvas ? "the canvas" : "its box",
                fate: parent.size == canvas ? "is cut off" : "runs out of it")
        }
        var layerContext = context
        place(
            layer, in: &layerContext, placement: placement, scale: scale, time: local, transition: transition)
        layerContext.opacity = opacity
        layerContext.blendMode = layer.blendMode
        let turn = Self.turn(of: layer, at: local, adding: transition.turn, size: size, in: layerContext)
        let blur = addFilters(of: layer, to: &layerContext, turn: turn, time: local, transition: transition)
        let opaqueBlur = blur > 0 && layer.blurIsOpaque
        let box = CGRect(origin: .zero, size: size)
        let wipe = transition.wipeClip(of: box)
        let wipedOut = wipe?.isEmpty == true
        guard !wipedOut || inspector != nil else { return }
        inspector?.begin(
            layer, transform: layerContext.transform, turn: turn, size: size,
            scale: layerContext.environment.displayScale,
            hidden: hidden || opacity <= 0 || wipedOut || layer.isSpacer)
        defer { inspector?.end() }
        layerContext.drawLayer(named: layer.name) { inner in
            if let wipe { inner.clip(to: Path(wipe)) }
            if let mask = layer.mask {
                inner.clipToLayer(options: mask.inverted ? .inverse : []) { masking in
                    // A mask shapes its layer: the inspector shows the layer, not its mask.
                    withoutInspector.draw(
                        mask.layer, in: &masking, parent: box, time: local, end: layerEnd)
                }
            }
            guard opaqueBlur else {
                return drawContent(
                    layer, in: &inner, box: box, placement: placement, time: local, end: layerEnd,
                    reveal: transition.reveal)
            }
            // Blurred as one picture, kept opaque to the box's edges and cut to the box.
            inner.clip(to: Path(box))
            inner.addFilter(.blur(radius: blur, options: .opaque))
            inner.drawLayer { picture in
                drawContent(
                    layer, in: &picture, box: box, placement: placement, time: local, end: layerEnd,
                    reveal: transition.reveal)
            }
        }
    }

    /// This renderer, recording nothing.
    private var withoutInspector: LayerRenderer {
        var renderer = self
        renderer.inspector = nil
        return renderer
    }

    /// Moves `context` to the layer's place at layer time `time`: its anchor where `placement`
    /// puts it (turned along its motion path), rotated, scaled by `scale` and wiggled about the
    /// anchor, as `transition` moves and scales it.
    private func place(
        _ layer: CompositionLayer, in context: inout GraphicsContext, placement: LayerPlacement,
        scale: ScalePair, time: Double, transition: TransitionState
    ) {
        let (parent, position, size) = (placement.parent, placement.position, placement.size)
        let wiggle = layer.wiggle?.offsets(at: time) ?? (x: 0, y: 0, rotation: 0, scale: 0)
        context.translateBy(
            x: parent.minX + position.x + transition.offset.x + wiggle.x,
            y: parent.minY + position.y + transition.offset.y + wiggle.y)
        context.rotate(by: .degrees(layer.rotation.value(at: time) + placement.pathTurn + wiggle.rotation))
        context.scaleBy(
            x: scale.x * transition.scale * (1 + wiggle.scale),
            y: scale.y * transition.scale * (1 + wiggle.scale))
        context.translateBy(x: -layer.anchor.x * size.width, y: -layer.anchor.y * size.height)
    }

    /// Adds the layer's filters at layer time `time` to `context`: colour adjustments, its 3D
    /// `turn`, its shadow and — unless it is opaque, which the caller draws itself — its blur.
    /// Returns the blur's radius (0 for none).
    private func addFilters(
        of layer: CompositionLayer, to context: inout GraphicsContext, turn: ProjectionTransform?,
        time: Double, transition: TransitionState
    ) -> Double {
        if let matrix = layer.colorAdjustments.matrix(at: time) {
            context.addFilter(.colorMatrix(matrix))
        }
        if let turn { context.addFilter(.projectionTransform(turn)) }
        if let shadow = layer.shadow {
            context.addFilter(
                .shadow(
                    color: shadow.color.value(at: time), radius: shadow.radius.value(at: time),
                    x: shadow.x.value(at: time), y: shadow.y.value(at: time),
                    blendMode: shadow.inner ? .sourceAtop : .normal,
                    options: shadow.inner ? [.invertsAlpha, .shadowAbove] : []))
        }
        let blur = layer.blur.value(at: time) + transition.blur
        if blur > 0, !layer.blurIsOpaque { context.addFilter(.blur(radius: blur)) }
        return blur
    }

    /// Draws the layer's content in `box` (its own, at the origin), placed by `placement`.
    private func drawContent(
        _ layer: CompositionLayer, in context: inout GraphicsContext, box: CGRect, placement: LayerPlacement,
        time: Double, end: Double?, reveal: TextReveal
    ) {
        switch layer.content {
        case .scene(let content):
            if content.clip { context.clip(to: Path(box)) }
            content.scene.draw(
                in: &context, size: box.size, time: FrameTime(index: frame.index, seconds: time))
        case .text(let text):
            let units = TextDrawing.UnitTransitions(
                enter: layer.enter.filter(\.movesUnits),
                exit: layer.exit.filter(\.movesUnits),
                time: time, end: end)
            let drawn = textDrawing(text, of: layer, time: time, parent: placement.parent.size)
                .draw(in: &context, box: box, reveal: reveal, units: units, prepared: placement.text)
            inspector?.show(drawn)
            guard let drawn else { return }
            // Set in a box of its own `size` (not measured from the text), it may not fit — unless
            // it is already said not to fit even at its minimum scale factor (`TextDrawing`).
            if placement.text == nil, layer.size?.isConstant == true, !drawn.needsSmallerScale {
                warnIfOverflowing(
                    layer, text: drawn.size, limit: box.size, in: "its box", fate: "runs out of it")
            }
        case .image(let image):
            ImageDrawing(layer: image, canvas: canvas, time: time).draw(in: &context, box: box)
        case .lottie(let lottie):
            lottie.draw(in: &context, box: box, time: time)
        case .shape(let shape):
            ShapeDrawing(layer: shape, canvas: canvas, time: time).draw(in: &context, box: box)
        case .group(let group):
            if group.clip { context.clip(to: Path(box)) }
            for child in children(of: layer, placed: placement) {
                draw(child.layer, in: &context, parent: child.parent, time: time, end: end, slot: child.slot)
            }
        case .spacer:
            break
        }
    }

    /// Warns, once per layer, that its text is wider or taller than `limit`, the size of
    /// `container`, where it `fate` (is cut off, runs out of a box): a headline that fits in
    /// English and not in German, or a paragraph too long for its box, is otherwise found only
    /// by watching every variant.
    private func warnIfOverflowing(
        _ layer: CompositionLayer, text: CGSize, limit: CGSize, in container: String, fate: String
    ) {
        let (wider, taller) = (text.width > limit.width + 0.5, text.height > limit.height + 0.5)
        guard wider || taller else { return }
        let (extent, points) = wider ? ("wider", limit.width) : ("taller", limit.height)
        let advice =
            wider
            ? "give it a maxWidth to wrap it, with a minimumScaleFactor to shrink it instead"
            : "give it a lineLimit, or a minimumScaleFactor to shrink it"
        WarningSink.current.report(
            .textCutOff, at: layer.path,
            "\(layer.named)its text is \(extent) than \(container) (\(Int(points.rounded())) points) and "
                + "\(fate); \(advice)")
    }

    /// The drawing of `text`, the content of `layer`, at layer time `time` in a parent box of
    /// size `parent`; its warnings name the layer by its JSON path (its name when made in code).
    func textDrawing(_ text: TextLayer, of layer: CompositionLayer, time: Double, parent: CGSize)
        -> TextDrawing
    {
        TextDrawing(
            layer: text, path: layer.path.isEmpty ? "layer \"\(layer.name)\"" : layer.path, renderer: self,
            time: time, parent: parent)
    }

    /// Where `layer` is at layer time `time` in `parent` (a box in the current user space), and
    /// what measuring it prepared: the box of its `size`, of its content (a text's lines, a
    /// picture, a stack's layers) or else its parent's, its anchor at its `position`, on its
    /// motion path, or at the parent's centre — or, in a stack, the box of its `slot` there.
    /// Drawing places every layer by this, and the inspector records what it places.
    func placement(
        of layer: CompositionLayer, in parent: CGRect, time: Double, slot: StackArrangement.Slot?
    ) -> LayerPlacement {
        let parent = layer.inSafeArea ? composition.safeRect(in: canvas) : parent
        var placement = LayerPlacement(parent: parent, size: .zero, anchor: layer.anchor, position: .zero)
        if let slot {
            (placement.size, placement.text, placement.arrangement) = (slot.frame.size, slot.text, slot.stack)
            placement.position = CGPoint(
                x: slot.frame.minX + layer.anchor.x * slot.frame.width,
                y: slot.frame.minY + layer.anchor.y * slot.frame.height)
            return placement
        }
        measure(layer, parent: parent.size, time: time, into: &placement)
        let travelled = layer.motionPath?.location(at: time, in: parent.size)
        placement.position =
            travelled?.point
            ?? layer.position.map { $0.value(at: time) { $0.points(in: parent.size, canvas: canvas) } }
            ?? CGPoint(x: parent.width / 2, y: parent.height / 2)
        placement.pathTurn = layer.motionPath?.autoRotate == true ? travelled?.degrees ?? 0 : 0
        return placement
    }

    /// Sets `placement`'s size and what measuring prepared: the layer's `size` (a stack lays its
    /// layers out in it), else what its `frame` makes of its content offered the parent's box
    /// (as a stack sizes its layers), else its content's natural size (a text measured from its
    /// layout, a picture, a stack's layers as they need), else the parent's.
    private func measure(
        _ layer: CompositionLayer, parent: CGSize, time: Double, into placement: inout LayerPlacement
    ) {
        if layer.frame != nil {
            let item = layoutItem(of: layer, time: time, along: .horizontal, reference: parent)
            let slot = item.slot(for: ProposedViewSize(parent), cache: composition.layoutCache)
            (placement.size, placement.text, placement.arrangement) = (slot.frame.size, slot.text, slot.stack)
            return
        }
        let fixed = layer.size.map { size in
            let point = size.value(at: time) { $0.points(in: parent, canvas: canvas) }
            return CGSize(width: max(point.x, 0), height: max(point.y, 0))
        }
        switch layer.content {
        case .group(let group) where group.layout != nil:
            let stack = layoutStack(group, time: time, reference: fixed ?? parent)
            let arrangement = stack.arranged(
                for: ProposedViewSize(fixed ?? parent), in: fixed, cache: composition.layoutCache)
            (placement.size, placement.arrangement) = (fixed ?? arrangement.size, arrangement)
        case _ where fixed != nil:
            placement.size = fixed ?? parent
        case .text(let text):
            let natural = textDrawing(text, of: layer, time: time, parent: parent).natural
            (placement.size, placement.text) = (natural.size, natural.layout)
        case .image(let image):
            placement.size = image.naturalSize
        case .lottie(let lottie):
            placement.size = lottie.naturalSize
        default:
            placement.size = parent
        }
    }
}

extension LayerRenderer {
    /// The layer's 3D turn at `local`, with its flips' `turns` added, as a projection of the
    /// canvas's points — about its anchor (`size` sets where that is in `context`, the layer's
    /// own space), the vertical turn first, seen from `perspective` points away — or `nil`
    /// when it does not turn.
    fileprivate static func turn(
        of layer: CompositionLayer, at local: Double, adding turns: (x: Double, y: Double), size: CGSize,
        in context: GraphicsContext
    ) -> ProjectionTransform? {
        let aboutX = layer.rotationX.value(at: local) + turns.x
        let aboutY = layer.rotationY.value(at: local) + turns.y
        guard aboutX != 0 || aboutY != 0 else { return nil }
        // The anchor in device pixels, then in the canvas's points (what filters measure in).
        let device = CGPoint(x: layer.anchor.x * size.width, y: layer.anchor.y * size.height)
            .applying(context.transform)
        let scale = context.environment.displayScale
        let (x, y) = (device.x / scale, device.y / scale)
        var eye = CATransform3DIdentity
        eye.m34 = -1 / layer.perspective
        // Positive turns send the right edge (about y) and the top edge (about x) away.
        var turn = CATransform3DMakeTranslation(-x, -y, 0)
        turn = CATransform3DConcat(turn, CATransform3DMakeRotation(aboutY * .pi / 180, 0, 1, 0))
        turn = CATransform3DConcat(turn, CATransform3DMakeRotation(aboutX * .pi / 180, 1, 0, 0))
        turn = CATransform3DConcat(turn, eye)
        return ProjectionTransform(CATransform3DConcat(turn, CATransform3DMakeTranslation(x, y, 0)))
    }
}
