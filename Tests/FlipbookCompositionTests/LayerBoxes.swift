import FlipbookComposition
import FlipbookPresets
import FlipbookTimeline
import Foundation

/// Where each layer of a composition is at one moment, by name, in canvas points, as
/// `flipbook inspect` finds it (`Composition.inspection`: the renderer's own code placing each
/// layer as it draws it), so that layout is tested where it is drawn.
struct LayerBoxes {
    /// A layer placed: its box on the canvas, its kind, and whether it shows.
    struct Box {
        var frame: CGRect
        var kind: String
        var visible: Bool
    }

    private(set) var boxes: [String: Box] = [:]
    /// In the order they are drawn.
    private(set) var names: [String] = []

    /// The boxes of `preset`'s composition at `seconds`, on its canvas.
    init(_ preset: Preset, at seconds: Double) {
        let composition = preset.scene as! Composition
        let layers = composition.inspection(
            size: CGSize(width: preset.width, height: preset.height),
            time: FrameTime(index: 0, seconds: seconds))
        add(layers)
    }

    private mutating func add(_ layers: [LayerInspection]) {
        for layer in layers {
            boxes[layer.name] = Box(frame: layer.box, kind: layer.kind, visible: layer.visible)
            names.append(layer.name)
            add(layer.layers)
        }
    }

    subscript(name: String) -> CGRect? { boxes[name]?.frame }
}
