import FlipbookCanvas
import Foundation

/// A layer inside a group or a stack, as drawing visits it: the layer, the box it is placed in
/// (in its group's space) and, in a stack, its place there.
struct PlacedChild: Sendable {
    let layer: CompositionLayer
    let parent: CGRect
    let slot: StackArrangement.Slot?
}

extension LayerRenderer {
    /// The layers of `layer` (a group or a stack) placed as `placement` places it, in order; none
    /// for a layer of another kind. A group's layers are placed in its box; a stack's visible
    /// layers in their slots, lengths in them relative to the stack's own box when it has a
    /// `size`, else to what the stack's own lengths refer to.
    func children(of layer: CompositionLayer, placed placement: LayerPlacement) -> [PlacedChild] {
        guard case .group(let group) = layer.content else { return [] }
        guard let arrangement = placement.arrangement else {
            let box = CGRect(origin: .zero, size: placement.size)
            return group.layers.map { PlacedChild(layer: $0, parent: box, slot: nil) }
        }
        let reference = CGRect(
            origin: .zero, size: layer.size == nil ? placement.parent.size : placement.size)
        return zip(group.layers.filter(\.isVisible), arrangement.slots).map {
            PlacedChild(layer: $0, parent: reference, slot: $1)
        }
    }

    /// The stack `group` lays out at its time `time`, as values: its settings and its visible
    /// layers' items, lengths relative to `reference` (its own box when it has a `size`, else
    /// what its own lengths refer to) and the canvas.
    func layoutStack(_ group: GroupLayer, time: Double, reference: CGSize) -> LayoutStack {
        let layout = group.layout ?? StackLayout(axis: .overlay)
        let main: Axis = layout.axis == .column ? .vertical : .horizontal
        let spacing = layout.spacing.value(at: time) { $0.points(extent: reference[main], canvas: canvas) }
        let lineSpacing = layout.lineSpacing.map {
            $0.value(at: time) { $0.points(extent: reference[main.cross], canvas: canvas) }
        }
        return LayoutStack(
            axis: layout.axis, spacing: spacing, lineSpacing: lineSpacing ?? spacing,
            alignment: layout.alignment,
            overlayAlignment: layout.overlayAlignment, distribution: layout.distribution,
            padding: layout.padding.value(at: time) { $0.insets(in: reference, canvas: canvas) },
            wrap: layout.wrap,
            items: group.layers.filter(\.isVisible).map { layer in
                // A layer not showing yet (or any more) keeps its place, as it is at its start (end).
                let timing = layer.timing
                let local = timing.localTime(at: time) ?? (time < timing.start ? 0 : timing.duration ?? 0)
                return layoutItem(of: layer, time: local, along: main, reference: reference)
            })
    }

    /// `layer` as a stack along `main` lays it out, or as its frame sizes it anywhere, at its own
    /// time `time`: its `size` or frame and its content, lengths relative to `reference`.
    func layoutItem(of layer: CompositionLayer, time: Double, along main: Axis, reference: CGSize)
        -> LayoutItem
    {
        func points(_ length: Animated<Length>?, along axis: Axis) -> Double? {
            length.map { max(0, $0.value(at: time) { $0.points(extent: reference[axis], canvas: canvas) }) }
        }
        var item = LayoutItem(content: .fill)
        if let size = layer.size?.value(at: time, { $0.points(in: reference, canvas: canvas) }) {
            (item.width, item.height) = (max(size.x, 0), max(size.y, 0))
        }
        if let frame = layer.frame {
            (item.width, item.height) = (
                points(frame.width, along: .horizontal), points(frame.height, along: .vertical)
            )
            (item.minWidth, item.maxWidth) = (
                points(frame.minWidth, along: .horizontal), points(frame.maxWidth, along: .horizontal)
            )
            (item.minHeight, item.maxHeight) = (
                points(frame.minHeight, along: .vertical), points(frame.maxHeight, along: .vertical)
            )
            item.aspectRatio = frame.aspectRatio?.value(at: time)
            (item.flex, item.priority) = (max(0, frame.flex.value(at: time)), frame.layoutPriority)
        }
        switch layer.content {
        case .text(let text):
            item.content = .text(
                textDrawing(text, of: layer, time: time, parent: reference).measure)
        case .image(let image):
            item.content = .picture(width: image.naturalSize.width, height: image.naturalSize.height)
        case .lottie(let lottie):
            item.content = .picture(width: lottie.naturalSize.width, height: lottie.naturalSize.height)
        case .group(let group) where group.layout != nil:
            let own = layer.size == nil ? nil : CGSize(width: item.width ?? 0, height: item.height ?? 0)
            item.content = .stack(layoutStack(group, time: time, reference: own ?? reference))
        case .spacer(let spacer):
            item.content = .spacer(
                minLength: spacer.minLength.points(extent: reference[main], canvas: canvas))
        default:
            break
        }
        return item
    }
}

extension CompositionLayer {
    /// Whether the layer is room in a stack, which draws nothing.
    var isSpacer: Bool {
        if case .spacer = content { return true }
        return false
    }
}
