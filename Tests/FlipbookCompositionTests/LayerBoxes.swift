import FlipbookComposition
import FlipbookPresets
import FlipbookTimeline
import Foundation

/// Where each layer of a composition is at one moment, by name, in canvas points: found as the
/// renderer finds it (`LayerRenderer.placement`, and `children(of:placed:)` for what groups
/// and stacks hold), each box before its own scale and rotation. Layers not showing then are
/// left out.
struct LayerBoxes {
    /// A layer placed: its box on the canvas and its kind.
    struct Box {
        var frame: CGRect
        var layer: CompositionLayer
    }

    private(set) var boxes: [String: Box] = [:]
    /// In the order they are drawn.
    private(set) var names: [String] = []

    /// The boxes of `preset`'s composition at `seconds`, on its canvas.
    init(_ preset: Preset, at seconds: Double) {
        let composition = preset.scene as! Composition
        let canvas = CGSize(width: preset.width, height: preset.height)
        let renderer = LayerRenderer(
            composition: composition, canvas: canvas, frame: FrameTime(index: 0, seconds: seconds))
        for layer in composition.layers where layer.isVisible {
            guard let local = layer.timing.localTime(at: seconds) else { continue }
            let placement = renderer.placement(
                of: layer, in: CGRect(origin: .zero, size: canvas), time: local)
            add(layer, placement, at: .zero, local, renderer)
        }
    }

    private mutating func add(
        _ layer: CompositionLayer, _ placement: LayerPlacement, at origin: CGPoint, _ time: Double,
        _ renderer: LayerRenderer
    ) {
        let frame = placement.frame.offsetBy(dx: origin.x, dy: origin.y)
        boxes[layer.name] = Box(frame: frame, layer: layer)
        names.append(layer.name)
        for child in renderer.children(of: layer, placed: placement) where child.layer.isVisible {
            guard let inner = renderer.placement(of: child, time: time) else { continue }
            add(child.layer, inner, at: frame.origin, child.layer.timing.localTime(at: time) ?? 0, renderer)
        }
    }

    subscript(name: String) -> CGRect? { boxes[name]?.frame }
}
