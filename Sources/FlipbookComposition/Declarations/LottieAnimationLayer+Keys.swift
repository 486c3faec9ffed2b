import FlipbookJSON

extension LottieAnimationLayer {
    /// A Lottie layer's own keys.
    static let keys = ObjectDeclaration<CompositionDecoder, LottieDraft>(
        "lottie",
        [
            .key(
                "file", .fileName, default: .required,
                doc:
                    "a Lottie animation (Bodymovin JSON) or a `.lottie` file, relative to the preset's folder ([lottie.md](lottie.md))"
            ) { (draft, _, field, _) in draft.file = field },
            .key(
                "animation", \.animation, .string, default: "the manifest's active, else its first",
                doc: "which animation of a `.lottie` file (its manifest's `id`)"),
            .key("fit", \.fit, .choice, default: "`contain`", doc: ImageLayer.fitDoc),
            .key(
                "segment", \.segment, .lottieSegment, default: "the file's `ip` to `op`",
                doc:
                    "the frames played: `[in, out]` in the file's frames (`out` not shown), or the name of one of the file's markers (`cm`)"
            ),
            .key(
                "speed", \.speed, .number(0.05...20), default: "`1`",
                doc: "how fast it plays, 0.05…20: `2` twice as fast, `0.5` at half speed"),
            .key(
                "repeat", \.loops, .bool, default: "`false`",
                doc: "play the segment again when it ends, instead of holding its last frame"),
            .key(
                "texts", \.texts, .lottieReplacements, default: "`{}`",
                doc:
                    "text layers' texts by the layer's name (`nm`) or a text slot's id (`sid`), with `{placeholders}` ([templating](lottie.md#templating))"
            ),
            .key(
                "colors", \.colors, .lottieReplacements, default: "`{}`",
                doc:
                    "colours by a colour slot's id, a fill's or stroke's name, a shape, text or solid layer's name; a colour or a `{placeholder}` holding one"
            ),
            .key(
                "images", \.images, .lottieReplacements, default: "`{}`",
                doc:
                    "image assets' pictures by the asset's `id`: a PNG, JPEG or WebP file relative to the preset's folder, or a `{placeholder}` naming one"
            ),
        ])
}

extension ValueKind where Context == CompositionDecoder, Value == [LottieDraft.Replacement] {
    /// Names to texts with `{placeholders}`, filled from the composition's variables.
    static var lottieReplacements: ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("object")), ("additionalProperties", .object([("type", .string("string"))])),
            ]),
            type: "object"
        ) { (field, decoder) throws(PresetError) in
            guard case .object(let members) = field.value.kind else {
                throw field.error("must be an object of names to texts (got \(field.value.summary))")
            }
            return try members.map { (member) throws(PresetError) in
                let value = field.child(member.value, key: member.key)
                let template = try decoder.template(value, counters: [:], captioned: false)
                let text = template.filled({ decoder.variables[$0] }, formatter: decoder.formatter)
                return LottieDraft.Replacement(
                    name: member.key, text: text, field: value,
                    variables: Set(template.placeholders.map(\.name)))
            }
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == LottieDraft.Segment {
    /// A segment of a Lottie file: a marker's name, or `[in, out]` frames.
    static var lottieSegment: ValueKind {
        let marker = ValueKind<CompositionDecoder, String>.string.map { (name, _, _) throws(PresetError) in
            LottieDraft.Segment.marker(name)
        }
        let frames = ValueKind<CompositionDecoder, [Double]>.array(
            of: .number(-1e7...1e7), count: 2...2, "frames"
        )
        .map { (pair, field, _) throws(PresetError) in
            guard pair[1] > pair[0] else {
                throw field.error(
                    "must end after it starts (got [\(JSONField.format(pair[0])), \(JSONField.format(pair[1]))])"
                )
            }
            return LottieDraft.Segment.frames(pair[0], pair[1])
        }
        return marker.or(array: frames, type: "marker or [in, out] frames")
    }
}
