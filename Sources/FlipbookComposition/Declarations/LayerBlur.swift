import FlipbookJSON

/// A layer's blur as its `blur` key gives it, before it is put into the layer's `blur` and
/// `blurIsOpaque`: a radius, or `{"radius", "opaque"}`.
struct LayerBlur: Sendable {
    var radius = Animated<Double>.constant(0)
    var isOpaque = false

    static let keys = ObjectDeclaration<CompositionDecoder, LayerBlur>(
        "blur",
        [
            .key(
                "radius", \.radius, .keyframed(.points(0...500)), default: .required, type: "points",
                doc: "the blur's radius"),
            .key(
                "opaque", \.isOpaque, .bool, default: "`false`",
                doc: "keep the layer opaque to its box's edges, cut to the box"),
        ])
}
