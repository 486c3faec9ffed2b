import FlipbookJSON

extension GroupLayer {
    /// A group's own keys: its layers, and whether they are clipped to its box.
    static let keys = ObjectDeclaration<CompositionDecoder, GroupLayer>("group", [layersKey, clipKey])

    /// A sequence's own keys: a group's, and how much each child overlaps the one before.
    static let sequenceKeys = ObjectDeclaration<CompositionDecoder, SequenceDraft>(
        "sequence",
        [
            layersKey.lifted(to: \.group), clipKey.lifted(to: \.group),
            .key(
                "overlap", \.overlap, .span, default: "`0`",
                doc: "how much each child overlaps the one before (a time)"),
        ])

    private static let layersKey = PropertyDeclaration<CompositionDecoder, GroupLayer>.key(
        "layers", \.layers, .layers, default: .required,
        doc: "the layers, drawn in the group's box; a child's `start` counts from the group's")
    static let clipKey = PropertyDeclaration<CompositionDecoder, GroupLayer>.key(
        "clip", \.clip, .bool, default: "`false`", doc: "`true` clips the layers to the box")
}
