import FlipbookCanvas
import FlipbookJSON

extension LayerPaint {
    /// A gradient's `type`, read first: it says which keys the gradient has.
    static let gradientType = KeyDeclaration<CompositionDecoder, String>(
        "type", .choice(gradientKinds), default: .required, doc: "`linear`, `radial` or `angular`")

    /// `type` as the gradient kind `kind`'s keys list it: that kind's name.
    private static func gradientType(_ kind: String) -> PropertyDeclaration<CompositionDecoder, GradientDraft>
    {
        .apart(
            KeyDeclaration(
                "type",
                ValueKind(schema: .object([("const", .string(kind))]), type: "string") {
                    (field, decoder) throws(PresetError) in try gradientType.kind.read(field, decoder)
                },
                default: .required, doc: "`\"\(kind)\"`"))
    }

    /// A gradient stop's keys.
    static let stopKeys = ObjectDeclaration<CompositionDecoder, Gradient.Stop>(
        "gradient-stop",
        [
            .key("color", \.color, .color, default: .required, doc: "the colour"),
            .key(
                "location", \.location, .number(0...1), default: .required,
                doc: "where along the gradient, 0…1"),
        ])

    /// The keys of the gradient kind `type`.
    static func gradientKeys(_ type: String) -> ObjectDeclaration<CompositionDecoder, GradientDraft> {
        switch type {
        case "linear": linearKeys
        case "radial": radialKeys
        default: angularKeys
        }
    }

    private static let (linearKeys, radialKeys, angularKeys) = {
        let colors = ValueKind<CompositionDecoder, Color>.color
        let stops: [PropertyDeclaration<CompositionDecoder, GradientDraft>] = [
            .key(
                "colors", .array(of: colors, count: 2...64, "colours"), default: .absent,
                doc: "2 to 64 colours, evenly spaced (or `stops`)"
            ) { (draft, colors, _, _) in draft.stops = Gradient(colors: colors).stops },
            .key(
                "stops", \.stops,
                .array(
                    of: .object(stopKeys, from: Gradient.Stop(color: .clear, location: 0)), count: 2...64,
                    "stops"),
                default: .absent, doc: "2 to 64 `{\"color\", \"location\"}`, instead of `colors`"),
        ]
        let center = PropertyDeclaration<CompositionDecoder, GradientDraft>.key(
            "center", \.center, .unitPoint, default: "`center`", doc: "its centre in the layer's box")
        return (
            ObjectDeclaration(
                "linear-gradient",
                [gradientType("linear")] + stops + [
                    .key(
                        "start", \.start, .unitPoint, default: "`top`",
                        doc: "where it starts in the layer's box"),
                    .key("end", \.end, .unitPoint, default: "`bottom`", doc: "where it ends"),
                ]),
            ObjectDeclaration(
                "radial-gradient",
                [gradientType("radial")] + stops + [
                    center,
                    .key(
                        "startRadius", \.startRadius, .extent, default: "`0`",
                        doc: "where the first colour is"),
                    .key(
                        "endRadius", \.endRadius, .extent, default: "`\"50%\"`",
                        doc: "where the last colour is: a length, a percentage of the box's shorter side"),
                ]),
            ObjectDeclaration(
                "angular-gradient",
                [gradientType("angular")] + stops + [
                    center,
                    .key(
                        "angle", \.angle, .number(-36_000...36_000), default: "`0`", type: "degrees",
                        doc: "where the colours start, clockwise from the right"),
                ])
        )
    }()
}

extension ValueKind where Context == CompositionDecoder, Value == LayerPaint {
    /// A paint: a colour, colour keyframes, or a gradient across the layer's box
    /// (`{"type": "linear"|"radial"|"angular", "colors" or "stops", …}`).
    static var paint: ValueKind {
        let color = ValueKind<CompositionDecoder, Animated<Color>>.keyframed(.color)
        let readColor = color.read
        return ValueKind(
            schema: .object([
                (
                    "anyOf",
                    .array(
                        [color.schema]
                            + LayerPaint.gradientKinds.map { LayerPaint.gradientKeys($0).schema })
                )
            ]),
            type: "paint",
            changes: { (paint, from, to) in
                guard case .color(let color) = paint else { return false }
                return color.moves(from, to)
            }
        ) { (field, decoder) throws(PresetError) in
            guard case .object = field.value.kind else { return .color(try readColor(field, decoder)) }
            var reader = try field.object()
            let type = try LayerPaint.gradientType.read(&reader, decoder)
            return try LayerPaint.gradientKeys(type).decode(&reader, into: GradientDraft(), decoder) {
                (draft, reading, _) throws(PresetError) in
                guard (reading.fields["colors"] == nil) != (reading.fields["stops"] == nil) else {
                    throw field.error(
                        "a gradient needs \"colors\" (evenly spaced) or \"stops\" ({\"color\", \"location\"}), one of them"
                    )
                }
            }.paint(type)
        }.named("paint")
    }
}
