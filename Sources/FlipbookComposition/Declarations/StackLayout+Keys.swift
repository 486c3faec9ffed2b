import FlipbookCanvas
import FlipbookJSON

extension StackLayout {
    /// The keys of a stack's layout: its axis first (it says what `alignment` may be), then how
    /// it spaces, spreads and pads its layers. `--explain` names their changes from here.
    static let keys = ObjectDeclaration<CompositionDecoder, StackLayout>(
        "stack-layout",
        [
            .key("axis", \.axis, .choice, default: .required, doc: Doc.axis).read(.first),
            .key(
                "spacing", \.spacing, .keyframed(.extent), default: "`0`",
                doc: "between neighbours along the axis"),
            .key("distribution", \.distribution, .choice, default: "`\"start\"`", doc: Doc.distribution),
            .key("padding", \.padding, .keyframed(.edges), default: "`0`", doc: Doc.padding),
            .key("wrap", \.wrap, .bool, default: "`false`", doc: Doc.wrap),
            .key(
                "lineSpacing", \.lineSpacing, .keyframed(.extent), default: "the `spacing`",
                doc: Doc.lineSpacing
            )
            .checked(
                .requires("wrap", message: "spaces the rows of a stack that wraps: give it \"wrap\": true")),
        ])

    /// What the keys mean, as the docs and the schema say.
    private enum Doc {
        static let axis =
            "`row` (left to right, SwiftUI's `HStack`), `column` (top to bottom, `VStack`) or `overlay` (on top of one another, the first at the bottom, `ZStack`)"
        static let distribution =
            "what a row or column does with the room its layers leave along the axis: gathers them at its `start`, `center` or `end`, or spreads them out: `spaceBetween`, `spaceAround`, `spaceEvenly` ([Stacks](#stacks))"
        static let padding = "space inside the stack's box around its layers"
        static let wrap =
            "a row that runs out of room goes on in another row below it (a column in another column beside it)"
        static let lineSpacing = "between the rows (columns) of a stack that wraps"
    }
}

extension GroupLayer {
    /// A stack's own keys: its layers, its layout, how they line up, and the group's clip.
    static let stackKeys = ObjectDeclaration<CompositionDecoder, StackDraft>(
        "stack",
        [
            StackLayout.keys.properties[0].lifted(to: \.layout),
            .key(
                "layers", \.group.layers, .stackedLayers, default: .required,
                doc:
                    "the layers it places, in order; a child's `start` counts from the stack's, and a child keeps its place while it is not showing"
            ),
            .key(
                "alignment", \.alignment, .stackAlignment, default: "`\"center\"`",
                doc:
                    "across a row or column: `start`, `center` or `end` (a row's top, middle or bottom; a column's leading side, middle or trailing side), or — in a row — `baseline`, the texts' first baselines lined up; where an overlay puts its layers: a unit point (`topLeading`, `bottom`, … or [x, y])"
            ),
        ] + StackLayout.keys.properties.dropFirst().map { $0.lifted(to: \.layout) } + [
            clipKey.lifted(to: \.group)
        ])
}

extension ValueKind where Context == CompositionDecoder, Value == JSONField {
    /// A stack's `alignment` as written, read once its axis is known: a word, or an overlay's
    /// unit point.
    static var stackAlignment: ValueKind {
        ValueKind(
            schema: .object([
                (
                    "anyOf",
                    .array([
                        .object([
                            ("enum", .array(StackLayout.Alignment.allCases.map { .string($0.rawValue) }))
                        ]),
                        .reference("unitPoint"),
                    ])
                )
            ]),
            type: "string or unit point"
        ) { (field, _) throws(PresetError) in field }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == EdgeLengths {
    /// Lengths in from a box's sides: one for all four, or `[top, trailing, bottom, leading]`.
    static var edges: ValueKind {
        ValueKind<CompositionDecoder, [Length]>.safeArea.map { (margins, _, _) throws(PresetError) in
            EdgeLengths(top: margins[0], trailing: margins[1], bottom: margins[2], leading: margins[3])
        }
    }
}
