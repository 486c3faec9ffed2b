import FlipbookJSON

extension LayoutFrame {
    /// The keys of a layer's `frame`: how its box is sized from its content.
    static let keys = ObjectDeclaration<CompositionDecoder, LayoutFrame>(
        "frame",
        sides.map { key, path, doc in .key(key, path, .keyframed(.extent), default: .absent, doc: doc) } + [
            .key(
                "aspectRatio", \.aspectRatio, .keyframed(.number(0.001...1000)), default: "a picture's own",
                type: "width ÷ height",
                doc:
                    "the side the frame does not fix follows the other; with neither fixed, the box is the largest of this shape the stack offers"
            ),
            .key(
                "flex", \.flex, .keyframed(.number(0...1000)),
                default: "`0` (`1` for a shape, scene or group)",
                doc:
                    "the layer's share of what the stack has left along its axis once the others are sized: `1` and `2` take a third and two thirds"
            ),
            .key(
                "layoutPriority", \.layoutPriority, .number(-1000...1000), default: "`0`",
                doc:
                    "when room is short, layers of higher priority are offered it first and the others squeezed (SwiftUI's `layoutPriority`)"
            ),
        ])

    /// The frame's lengths: the box's width and height, fixed or bounded.
    private static let sides: [(String, WritableKeyPath<LayoutFrame, Animated<Length>?> & Sendable, String)] =
        [
            ("width", \.width, "the box's width, whatever its content takes"),
            ("height", \.height, "the box's height, whatever its content takes"),
            ("minWidth", \.minWidth, "the box is at least this wide"),
            (
                "maxWidth", \.maxWidth,
                "the box is at most this wide, and its content is offered no more (a text wraps there)"
            ),
            ("minHeight", \.minHeight, "the box is at least this tall"),
            ("maxHeight", \.maxHeight, "the box is at most this tall, and its content is offered no more"),
        ]
}
