import Flipbook
import Foundation

/// The layers of a document's composition at one frame on one shape, as `flipbook inspect`
/// computes them (`Composition.inspection`: the frame laid out as a render lays it out, no pixel
/// drawn), as the page's JSON (`GET /api/inspect`): each layer's box in the shape's points,
/// whether it shows, and its computed properties — its kind, its text's lines and fonts.
enum LayerBoxes {
    static func json(_ document: PreviewDocument, shape: PreviewShape, frame: Int) -> [String: Any] {
        guard let composition = document.composition(on: shape) else { return ["layers": [Any]()] }
        let sampler = document.export(on: shape).sampler
        let time = sampler.frame(min(max(frame, 0), sampler.frameCount - 1))
        let size = CGSize(width: Double(shape.width), height: Double(shape.height))
        return ["frame": time.index, "layers": flattened(composition.inspection(size: size, time: time))]
    }

    /// Every layer, a group's after the group, bottom first (the order they are drawn in).
    private static func flattened(_ layers: [LayerInspection]) -> [[String: Any]] {
        layers.flatMap { layer -> [[String: Any]] in
            let box: [String: Any] = [
                "x": Double(layer.box.origin.x), "y": Double(layer.box.origin.y),
                "width": Double(layer.box.size.width), "height": Double(layer.box.size.height),
            ]
            var properties: [String: Any] = [
                "kind": layer.kind, "visible": layer.visible ? "yes" : "no",
                "box": String(
                    format: "%.1f, %.1f, %.1f × %.1f", Double(layer.box.origin.x), Double(layer.box.origin.y),
                    Double(layer.box.size.width), Double(layer.box.size.height)),
            ]
            if let text = layer.text {
                properties["lines"] = text.lines.joined(separator: " ⏎ ")
                properties["fonts"] = text.fonts.map { "\($0.family) \($0.style)" }.joined(separator: ", ")
            }
            let entry: [String: Any] = [
                "name": layer.name, "path": layer.path, "visible": layer.visible, "box": box,
                "properties": properties,
            ]
            return [entry] + flattened(layer.layers)
        }
    }
}
