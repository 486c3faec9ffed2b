import FlipbookGeometry
import FlipbookJSON

extension LottieDecoder {
    /// The items of a shape layer's `shapes` or a group's `it`, hidden ones left out; a group's
    /// `tr` item becomes the group's transform.
    mutating func shapeList(_ field: JSONField, depth: Int) throws(PresetError) -> [LottieShape] {
        guard depth <= limits.groupDepth else {
            throw field.error("shape groups nest more than \(limits.groupDepth) deep")
        }
        var shapes: [LottieShape] = []
        for item in try field.array() where !item.flag("hd") {
            guard let typeField = item.member("ty") else { throw item.error("missing required key \"ty\"") }
            if let shape = try shape(item, type: try typeField.string(), depth: depth) {
                shapes.append(shape)
            }
        }
        return shapes
    }

    private mutating func shape(_ item: JSONField, type: String, depth: Int) throws(PresetError)
        -> LottieShape?
    {
        switch type {
        case "gr":
            guard let contents = item.member("it") else { return nil }
            let transformItem = try contents.array().last { $0.text("ty") == "tr" }
            return .group(
                items: try shapeList(contents, depth: depth + 1), transform: try transform(transformItem))
        case "tr":
            return nil  // read by its group
        case "rc":
            return .outline(
                LottieOutline(
                    kind: .rectangle(
                        center: try property(item.member("p"), default: [0, 0]),
                        size: try property(item.member("s"), default: [0, 0]),
                        roundness: try property(item.member("r"), default: [0])),
                    reversed: try item.number("d", default: 1) == 3))
        case "el":
            return .outline(
                LottieOutline(
                    kind: .ellipse(
                        center: try property(item.member("p"), default: [0, 0]),
                        size: try property(item.member("s"), default: [0, 0])),
                    reversed: try item.number("d", default: 1) == 3))
        case "sr":
            return .outline(
                LottieOutline(
                    kind: .polystar(
                        LottiePolystar(
                            isStar: try item.number("sy", default: 1) != 2,
                            center: try property(item.member("p"), default: [0, 0]),
                            points: try property(item.member("pt"), default: [5]),
                            rotation: try property(item.member("r"), default: [0]),
                            outerRadius: try property(item.member("or"), default: [0]),
                            innerRadius: try property(item.member("ir"), default: [0]),
                            outerRoundness: try property(item.member("os"), default: [0]),
                            innerRoundness: try property(item.member("is"), default: [0]))),
                    reversed: try item.number("d", default: 1) == 3))
        case "sh":
            return .outline(
                LottieOutline(
                    kind: .path(try property(item.member("ks"), default: LottieBezier.empty)),
                    reversed: try item.number("d", default: 1) == 3))
        case "fl", "st", "gf", "gs":
            return .paint(try paint(item, type: type))
        case "tm":
            return .trim(
                start: try property(item.member("s"), default: [0]),
                end: try property(item.member("e"), default: [100]),
                offset: try property(item.member("o"), default: [0]),
                simultaneous: try item.number("m", default: 1) != 2)
        case "rp":
            let copies = try property(item.member("c"), default: [1])
            for keyframe in copies.keyframes where (keyframe.value.first ?? 0) > Double(limits.repeaterCopies)
            {
                throw (item.member("c") ?? item).error(
                    "a repeater may make at most \(limits.repeaterCopies) copies (got \(JSONField.format(keyframe.value.first ?? 0)))"
                )
            }
            let transformField = item.member("tr")
            return .repeater(
                copies: copies, offset: try property(item.member("o"), default: [0]),
                transform: try transform(transformField),
                startOpacity: try property(transformField?.member("so"), default: [100]),
                endOpacity: try property(transformField?.member("eo"), default: [100]),
                stacksAbove: try item.number("m", default: 1) == 1)
        case "rd":
            return .roundedCorners(radius: try property(item.member("r"), default: [0]))
        case "mm":
            let mode = try item.member("mm")?.integer(in: 1...5) ?? 1
            return .mergePaths(LottieMergeMode(rawValue: mode) ?? .merge)
        case "op":
            let joins: [CGLineJoin] = [.miter, .round, .bevel]
            return .offsetPaths(
                amount: try property(item.member("a"), default: [0]),
                join: joins[(try item.member("lj")?.integer(in: 1...3) ?? 1) - 1],
                miterLimit: try property(item.member("ml"), default: [4]))
        case "pb":
            return .puckerBloat(amount: try property(item.member("a"), default: [0]))
        default:
            let names = ["zz": "zig zag", "tw": "twist"]
            unsupported(at: item.path, "\(names[type] ?? "shape item \"\(type)\"") is not applied")
            return nil
        }
    }

    private mutating func paint(_ item: JSONField, type: String) throws(PresetError) -> LottiePaint {
        let source: LottiePaint.Source
        if type == "gf" || type == "gs" {
            guard let stops = item.member("g") else { throw item.error("missing required key \"g\"") }
            source = .gradient(
                LottieGradient(
                    isRadial: try item.number("t", default: 1) == 2,
                    colorStopCount: try stops.member("p")?.integer(in: 0...1000) ?? 0,
                    stops: try property(stops.member("k"), default: []),
                    start: try property(item.member("s"), default: [0, 0]),
                    end: try property(item.member("e"), default: [0, 0]),
                    highlightLength: try property(item.member("h"), default: [0]),
                    highlightAngle: try property(item.member("a"), default: [0])))
        } else {
            source = .color(try colorProperty(item.member("c"), item: item.text("nm"), range: colorRange))
        }
        var paint = LottiePaint(
            source: source, opacity: try property(item.member("o"), default: [100]), stroke: nil,
            evenOdd: try item.number("r", default: 1) == 2)
        guard type == "st" || type == "gs" else { return paint }
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        var dashes: [LottieProperty<[Double]>] = []
        var dashOffset: LottieProperty<[Double]>?
        if let dashField = item.member("d") {
            for dash in try dashField.array() {
                if dash.text("n") == "o" {
                    dashOffset = try property(dash.member("v"), default: [0])
                } else {
                    dashes.append(try property(dash.member("v"), default: [0]))
                }
            }
        }
        paint.stroke = LottiePaint.Stroke(
            width: try property(item.member("w"), default: [1]),
            cap: caps[(try item.member("lc")?.integer(in: 1...3) ?? 1) - 1],
            join: joins[(try item.member("lj")?.integer(in: 1...3) ?? 1) - 1],
            miterLimit: try item.number("ml", default: 4, in: 0...1000), dashes: dashes,
            dashOffset: dashOffset)
        return paint
    }
}
