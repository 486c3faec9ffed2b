import FlipbookJSON

extension Transition {
    /// An entrance's or exit's keys, as an object: its effect and the options it takes.
    static let keys = ObjectDeclaration<CompositionDecoder, Transition>(
        "transition",
        [
            .key("effect", .choice, default: .required, doc: "the effect, as in the table above") {
                (transition, effect, _, _) in transition = Transition(effect: effect)
            }.read(.first),
            .key("duration", \.duration, .positiveSpan, default: "`0.5`", doc: "how long it takes"),
            .key(
                "delay", \.delay, .span, default: "`0`",
                doc: "how long after the layer's start it begins (an exit: how long before its end it ends)"),
            .key(
                "easing", \.easing, .easing, default: "`easeOut`", doc: "how it moves ([Easings](#easings))"),
            .key(
                "edge", \.edge, .choice, default: "`bottom` (a wipe's: `leading`)",
                doc:
                    "where a slide comes from, a wipe starts, a flip's far edge is: `top`, `bottom`, `leading`, `trailing`"
            ),
            .key(
                "distance", \.distance, .length, default: "`\"10vmin\"`", doc: "how far a slide travels"),
            .key(
                "scale", \.scale, .number(0...100), default: "`0.6`",
                doc: "the scale a `scale` effect starts from"),
            .key(
                "blur", \.blur, .points(0...500), default: "`24`", type: "points",
                doc: "the blur radius a `blur` effect starts from"),
            .key(
                "turn", \.turn, .number(-360...360), default: "`90`", type: "degrees",
                doc: "the degrees a flip starts turned by (90: edge-on)"),
            .key(
                "by", ValueKind<CompositionDecoder, Unit>.choice, default: "`layer`",
                doc:
                    "a text's units moving one after another — `character`, `word` or `line` — with fade, slide, scale and blur, or shown one after another by a typewriter"
            ) { (transition, unit, field, _) throws(PresetError) in
                guard unit == .layer || Transition.unitEffects.contains(transition.effect) else {
                    let names = Transition.unitEffects.map(\.rawValue)
                    let effects = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
                    throw field.error(
                        "only \(effects) go through a text \(unit.rawValue) by \(unit.rawValue) (got \(transition.effect.rawValue))"
                    )
                }
                transition.unit = unit
            },
            .key(
                "stagger", .number(0...0.95), default: "`0.5`",
                doc: "the share of the duration over which the units' starts spread, with `by`"
            ) { (transition, stagger, field, _) throws(PresetError) in
                guard transition.movesUnits else {
                    throw field.error(
                        "spreads the starts of a text's characters, words or lines: give \"by\" with fade, slide, scale or blur"
                    )
                }
                transition.stagger = stagger
            },
        ])
}

extension ValueKind where Context == CompositionDecoder, Value == Transition {
    /// An entrance or exit: an effect's name (`"fade"`), or an object with its options.
    static var transition: ValueKind {
        ValueKind<CompositionDecoder, Transition.Effect>.choice.map { (effect, _, _) throws(PresetError) in
            Transition(effect: effect)
        }
        .or(object: .object(Transition.keys, from: Transition(effect: .fade))).named("transition")
    }
}

extension ValueKind where Context == CompositionDecoder, Value == [Transition] {
    /// Entrances or exits: one, or a list of them, combined.
    static var transitions: ValueKind {
        let one = ValueKind<CompositionDecoder, Transition>.transition
        return one.map { (transition, _, _) throws(PresetError) in [transition] }
            .or(array: .array(of: one), type: "transition(s)").named("transitions")
    }
}
