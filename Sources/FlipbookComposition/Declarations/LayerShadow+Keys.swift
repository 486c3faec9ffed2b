import FlipbookCanvas
import FlipbookJSON

extension LayerShadow {
    /// A shadow's keys, each keyframable but `inner`.
    static let keys = ObjectDeclaration<CompositionDecoder, LayerShadow>(
        "shadow",
        [
            .key(
                "color", \.color, .keyframed(.color), default: "black at 50 % opacity",
                doc: "the shadow's colour"),
            .key(
                "radius", \.radius, .keyframed(.points(0...500)), default: "`12`", type: "points",
                doc: "how far it blurs"),
            .key(
                "x", \.x, .keyframed(.points(-10_000...10_000)), default: "`0`", type: "points",
                doc: "how far right it falls"),
            .key(
                "y", \.y, .keyframed(.points(-10_000...10_000)), default: "`6`", type: "points",
                doc: "how far down it falls"),
            .key(
                "inner", \.inner, .bool, default: "`false`",
                doc:
                    "cast inside the layer by its edges instead of behind it, as if it were cut into the canvas (`\"x\": 6, \"y\": 6` shades its left and top edges)"
            ),
        ])

    /// The shadow a `shadow` object starts from.
    static let standard = LayerShadow(
        color: .constant(Color(white: 0, opacity: 0.5)), radius: .constant(12), x: .constant(0),
        y: .constant(6))
}
