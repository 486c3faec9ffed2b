import FlipbookJSON

extension SpacerLayer {
    /// A spacer's own key.
    static let keys = ObjectDeclaration<CompositionDecoder, SpacerLayer>(
        "spacer",
        [
            .key(
                "minLength", \.minLength, .extent, default: "`0`",
                doc: "the least room it takes along its stack's axis")
        ])
}
