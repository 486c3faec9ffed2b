import FlipbookGeometry
import FlipbookText
import Foundation

/// Records the layers a `LayerRenderer` places, for `flipbook inspect`: each layer's box as the
/// renderer transforms it, whether it shows, its text's setting, its group's layers nested in it.
///
/// Owned by the one thread drawing the inspected frame (`Composition.inspection`); not shared.
final class LayerInspector {
    /// The canvas in output pixels: a layer whose box misses it is not visible.
    let canvas: CGRect
    /// The top-level layers recorded, in drawing order.
    private(set) var layers: [LayerInspection] = []
    /// The layers being drawn, outermost first, each with whether it is hidden (itself or by
    /// a group it is in).
    private var open: [(inspection: LayerInspection, hidden: Bool, pixelsPerPoint: Double)] = []

    init(canvas: CGRect) {
        self.canvas = canvas
    }

    /// `layer` is placed: its box of `size` drawn through `transform` (to output pixels) and its
    /// 3D `turn` (in the canvas's points, `scale` pixels each); `hidden` when it does not show.
    func begin(
        _ layer: CompositionLayer, transform: CGAffineTransform, turn: ProjectionTransform?, size: CGSize,
        scale: Double, hidden: Bool
    ) {
        let box = Self.bounds(
            of: CGRect(origin: .zero, size: size), transform: transform, turn: turn, scale: scale)
        let inspection = LayerInspection(
            name: layer.name, path: layer.path, kind: layer.content.kind, visible: false, box: box)
        // How much the layer's transform enlarges an area, as a length.
        let pixelsPerPoint = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        open.append((inspection, hidden || open.last?.hidden == true, pixelsPerPoint))
    }

    /// The layer being drawn set its text as `layout`; `nil`: a captioned text showing no cue.
    func show(_ layout: TextLayout?) {
        guard !open.isEmpty else { return }
        if let layout {
            let glyphs = layout.lines.flatMap(\.glyphs)
            open[open.count - 1].inspection.text = LayerInspection.Typesetting(layout)
            open[open.count - 1].inspection.textSize = glyphs.map(\.size).min().map {
                $0 * open[open.count - 1].pixelsPerPoint
            }
            open[open.count - 1].inspection.textWeight = glyphs.map(\.face.weight).min()
        } else {
            open[open.count - 1].hidden = true
        }
    }

    /// The layer begun last is drawn: it is recorded in its group, or at the top.
    func end() {
        guard let (recorded, hidden, _) = open.popLast() else { return }
        var inspection = recorded
        let box = inspection.box
        let onCanvas = box.width > 0 && box.height > 0 && box.intersects(canvas)
        inspection.visible = !hidden && (onCanvas || inspection.layers.contains(where: \.visible))
        if open.isEmpty {
            layers.append(inspection)
        } else {
            open[open.count - 1].inspection.layers.append(inspection)
        }
    }

    /// The bounds of `rect` through `transform`, and through `turn` in points of `scale` pixels;
    /// a turn that takes a corner behind the eye is left out (the layer is then drawn flat).
    static func bounds(
        of rect: CGRect, transform: CGAffineTransform, turn: ProjectionTransform?, scale: Double
    ) -> CGRect {
        let corners = rect.corners.map { $0.applying(transform) }
        guard let turn, scale > 0 else { return CGRect(bounding: corners) }
        var turned: [CGPoint] = []
        for corner in corners {
            let point = CGPoint(x: corner.x / scale, y: corner.y / scale)
            guard turn.homogeneous(point).w > 0 else { return CGRect(bounding: corners) }
            let moved = point.applying(turn)
            turned.append(CGPoint(x: moved.x * scale, y: moved.y * scale))
        }
        return CGRect(bounding: turned)
    }
}

extension LayerContent {
    /// The kind `flipbook inspect` names: `scene`, `text`, `image`, `video`, `lottie`, `shape`, `group`,
    /// `stack` (a group that lays its layers out) or `spacer` (room in a stack, never visible).
    var kind: String {
        switch self {
        case .scene: "scene"
        case .text: "text"
        case .image(let image): if case .video = image.source { "video" } else { "image" }
        case .lottie: "lottie"
        case .shape: "shape"
        case .group(let group): group.layout == nil ? "group" : "stack"
        case .spacer: "spacer"
        }
    }
}
