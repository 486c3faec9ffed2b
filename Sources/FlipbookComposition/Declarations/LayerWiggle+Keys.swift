import FlipbookJSON

extension LayerWiggle {
    /// A wiggle's keys: how often it picks a new random value, and how far each of its amounts
    /// (at least one) moves the layer.
    static let keys = ObjectDeclaration<CompositionDecoder, LayerWiggle>(
        "wiggle",
        [
            .key(
                "frequency", \.frequency, .number(0.01...100), default: "`2`",
                doc: "new random values a second, passed through smoothly"),
            .key(
                "position", \.position, .keyframed(.points(0...10_000)), default: "`0`", type: "points",
                doc: "the greatest offset along x and along y"),
            .key(
                "rotation", \.rotation, .keyframed(.number(0...360)), default: "`0`", type: "degrees",
                doc: "the greatest turn either way"),
            .key(
                "scale", \.scale, .keyframed(.number(0...1)), default: "`0`",
                doc: "the greatest change of scale either way, as a fraction (`0.05`: 95 % to 105 %)"),
            .key(
                "seed", \.seed, .seed, default: "the preset's, mixed with the layer's place in the file",
                doc: "its random seed (by default two layers wiggle apart)"),
        ])

    /// A `wiggle` object: at least one amount; the seed by default the preset's mixed with the
    /// layer's JSON path, so that layers wiggle apart. Not keyframable as a whole: `--explain`
    /// says "it wiggles" while it moves the layer, keyframed or not.
    static var kind: ValueKind<CompositionDecoder, LayerWiggle> {
        var kind = ValueKind.object(
            keys,
            initial: { (field, decoder) in
                var seed = decoder.sceneContext.seed
                for byte in field.path.utf8 { seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                return LayerWiggle(frequency: 2, seed: seed)
            },
            check: { (_, reading, field, _) throws(PresetError) in
                guard ["position", "rotation", "scale"].contains(where: { reading.fields[$0] != nil }) else {
                    throw field.error("give how much it wiggles: \"position\", \"rotation\" or \"scale\"")
                }
            })
        kind.changes = nil
        return kind
    }
}
