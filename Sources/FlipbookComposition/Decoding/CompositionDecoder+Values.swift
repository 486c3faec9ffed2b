import FlipbookCanvas
import FlipbookJSON
import FlipbookScenes
import Foundation

extension CompositionDecoder {
    /// A time: seconds as a number (`1.5`) or a string in seconds or frames at the preset's
    /// frame rate (`"1.5s"`, `"36f"`).
    func time(_ field: JSONField) throws(PresetError) -> Double {
        let seconds: Double?
        switch field.value.kind {
        case .number(let number): seconds = number
        case .string(let text) where text.hasSuffix("f"):
            seconds = Int(text.dropLast()).map {
                Double($0) * Double(frameRate.denominator) / Double(frameRate.numerator)
            }
        case .string(let text) where text.hasSuffix("s"):
            seconds = Double(text.dropLast())
        default: seconds = nil
        }
        guard let seconds, seconds.isFinite, abs(seconds) <= 86_400 else {
            throw field.error(
                "must be a time: seconds (1.5), \"1.5s\" or frames (\"36f\"), within a day (got \(field.value.summary))"
            )
        }
        return seconds
    }

    /// A time above zero.
    func positiveTime(_ field: JSONField) throws(PresetError) -> Double {
        let seconds = try time(field)
        guard seconds > 0 else { throw field.error("must be more than 0 (got \(field.value.summary))") }
        return seconds
    }

    /// A length: points (`120`) or a string with a unit (`"50%"`, `"10vw"`, `"8vh"`, `"5vmin"`).
    func length(_ field: JSONField) throws(PresetError) -> Length {
        let parsed: Length?
        switch field.value.kind {
        case .number(let number): parsed = Length(number)
        case .string(let text): parsed = Length(parsing: text)
        default: parsed = nil
        }
        guard let parsed, abs(parsed.value) <= 1_000_000 else {
            throw field.error(
                "must be a length: points (120) or a string such as \"50%\", \"10vw\", \"10vh\", \"5vmin\" (got \(field.value.summary))"
            )
        }
        return parsed
    }

    /// A length that cannot be negative: a size, a radius, a margin, a font size. A negative
    /// one would draw nothing, or something mirrored, without a word.
    func extent(_ field: JSONField) throws(PresetError) -> Length {
        let parsed = try length(field)
        guard parsed.value >= 0 else {
            throw field.error("must not be negative (got \(field.value.summary))")
        }
        return parsed
    }

    /// Two lengths, `[x, y]`.
    func lengthPair(_ field: JSONField) throws(PresetError) -> LengthPair {
        try pair(field, of: length)
    }

    /// Two extents, `[width, height]`.
    func extentPair(_ field: JSONField) throws(PresetError) -> LengthPair {
        try pair(field, of: extent)
    }

    private func pair(_ field: JSONField, of decode: (JSONField) throws(PresetError) -> Length)
        throws(PresetError) -> LengthPair
    {
        let items = try field.array()
        guard items.count == 2 else {
            throw field.error("must be two lengths, [x, y] or [width, height] (got \(field.value.summary))")
        }
        return LengthPair(try decode(items[0]), try decode(items[1]))
    }

    /// A scale: one factor for both axes, or `[x, y]`.
    func scalePair(_ field: JSONField) throws(PresetError) -> ScalePair {
        if case .array = field.value.kind {
            let items = try field.array()
            guard items.count == 2 else {
                throw field.error("must be a number or [x, y] (got \(field.value.summary))")
            }
            return ScalePair(x: try items[0].number(in: -100...100), y: try items[1].number(in: -100...100))
        }
        let factor = try field.number(in: -100...100)
        return ScalePair(x: factor, y: factor)
    }

    /// The named unit points, as SwiftUI names them.
    static let unitPoints: [(String, UnitPoint)] = [
        ("center", .center), ("top", .top), ("bottom", .bottom), ("leading", .leading),
        ("trailing", .trailing),
        ("topLeading", UnitPoint(x: 0, y: 0)), ("topTrailing", UnitPoint(x: 1, y: 0)),
        ("bottomLeading", UnitPoint(x: 0, y: 1)), ("bottomTrailing", UnitPoint(x: 1, y: 1)),
    ]

    /// A point in a box as fractions: a name (`"topLeading"`) or `[x, y]` (0…1 across the box).
    func unitPoint(_ field: JSONField) throws(PresetError) -> UnitPoint {
        if case .array = field.value.kind {
            let items = try field.array()
            guard items.count == 2 else {
                throw field.error("must be a name or [x, y] (got \(field.value.summary))")
            }
            return UnitPoint(x: try items[0].number(in: -10...10), y: try items[1].number(in: -10...10))
        }
        let name = try field.choice(Self.unitPoints.map(\.0))
        return Self.unitPoints.first { $0.0 == name }!.1
    }

    /// A value that is constant, or keyframes: a list of `{"t": time, "value": …, "easing": …}`
    /// in increasing time.
    func animated<Value>(_ field: JSONField, _ decode: (JSONField) throws(PresetError) -> Value)
        throws(PresetError) -> Animated<Value>
    {
        guard case .array(let values) = field.value.kind, case .object = values.first?.kind else {
            return .constant(try decode(field))
        }
        let items = try field.array()
        guard items.count <= Self.maximumKeyframes else {
            throw field.error("may have at most \(Self.maximumKeyframes) keyframes (got \(items.count))")
        }
        var frames: [Animated<Value>.Keyframe] = []
        for item in items {
            var reader = try item.object()
            let at = try time(try reader.required("t"))
            let value = try decode(try reader.required("value"))
            let easing = try reader.optional("easing").map(easing) ?? .easeInOut
            try reader.finish()
            if let last = frames.last, at < last.time {
                throw item.error(
                    "keyframes must be in time order (\(JSONField.format(at)) s comes after \(JSONField.format(last.time)) s)"
                )
            }
            frames.append(.init(time: at, value: value, easing: easing))
        }
        guard let animated = Animated(keyframes: frames) else {
            throw field.error("must have at least one keyframe")
        }
        return animated
    }

    /// An easing: `linear`, `easeIn`, `easeOut`, `easeInOut`, `timingCurve(x1, y1, x2, y2)`,
    /// `spring`, `spring(duration, bounce)`, `steps(n)`.
    func easing(_ field: JSONField) throws(PresetError) -> Easing {
        let text = try field.string().replacingOccurrences(of: " ", with: "")
        var name = text
        var arguments: [Double] = []
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            name = String(text[..<open])
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
            let parsed = inside.split(separator: ",").map { Double($0) }
            guard parsed.allSatisfy({ $0?.isFinite == true }) else {
                throw field.error("the arguments of \(name)(…) must be numbers (got \(field.value.summary))")
            }
            arguments = parsed.compactMap { $0 }
        }
        func expect(_ counts: [Int], _ usage: String) throws(PresetError) {
            guard counts.contains(arguments.count) else {
                throw field.error("write \(usage) (got \(field.value.summary))")
            }
        }
        switch name {
        case "linear":
            try expect([0], "linear")
            return .linear
        case "easeIn":
            try expect([0], "easeIn")
            return .easeIn
        case "easeOut":
            try expect([0], "easeOut")
            return .easeOut
        case "easeInOut":
            try expect([0], "easeInOut")
            return .easeInOut
        case "timingCurve":
            try expect([4], "timingCurve(x1, y1, x2, y2) with x1 and x2 in 0…1")
            guard (0...1).contains(arguments[0]), (0...1).contains(arguments[2]) else {
                throw field.error("timingCurve's x1 and x2 must be in 0…1 (got \(field.value.summary))")
            }
            return .timingCurve(arguments[0], arguments[1], arguments[2], arguments[3])
        case "spring":
            try expect([0, 2], "spring or spring(duration, bounce) with duration > 0 and bounce in -1…1")
            guard arguments.isEmpty || (arguments[0] > 0 && arguments[0] <= 60 && abs(arguments[1]) < 1)
            else {
                throw field.error(
                    "spring(duration, bounce) needs 0 < duration ≤ 60 and -1 < bounce < 1 (got \(field.value.summary))"
                )
            }
            return .spring(duration: arguments.first, bounce: arguments.count == 2 ? arguments[1] : 0)
        case "steps":
            try expect([1], "steps(n) with n from 1 to 1000")
            guard let count = Int(exactly: arguments[0]), (1...1000).contains(count) else {
                throw field.error("steps(n) needs a whole n from 1 to 1000 (got \(field.value.summary))")
            }
            return .steps(count)
        default:
            let hint =
                DidYouMean.closest(to: name, among: Easing.names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw field.error(
                "unknown easing \"\(name)\"\(hint) (easings: linear, easeIn, easeOut, easeInOut, timingCurve(x1, y1, x2, y2), spring, spring(duration, bounce), steps(n))"
            )
        }
    }

    /// A paint: a colour (name or hex), colour keyframes, or a gradient object
    /// `{"type": "linear"|"radial"|"angular", "colors": […] or "stops": […], …}`.
    func paint(_ field: JSONField) throws(PresetError) -> LayerPaint {
        guard case .object = field.value.kind else {
            return .color(try animated(field) { (f) throws(PresetError) in try f.color() })
        }
        var reader = try field.object()
        let type = try reader.required("type").choice(LayerPaint.gradientKinds)
        let stops = try gradientStops(&reader, field)
        let paint: LayerPaint
        switch type {
        case "linear":
            paint = .linear(
                stops: stops, start: try reader.optional("start").map(unitPoint) ?? .top,
                end: try reader.optional("end").map(unitPoint) ?? .bottom)
        case "radial":
            paint = .radial(
                stops: stops, center: try reader.optional("center").map(unitPoint) ?? .center,
                startRadius: try reader.optional("startRadius").map(extent) ?? Length(0),
                endRadius: try reader.optional("endRadius").map(extent) ?? Length(50, .percent))
        default:
            paint = .angular(
                stops: stops, center: try reader.optional("center").map(unitPoint) ?? .center,
                angle: try reader.optional("angle")?.number(in: -36_000...36_000) ?? 0)
        }
        try reader.finish()
        return paint
    }

    private func gradientStops(_ reader: inout JSONObjectReader, _ field: JSONField) throws(PresetError)
        -> [Gradient.Stop]
    {
        let colors = reader.optional("colors")
        let stops = reader.optional("stops")
        switch (colors, stops) {
        case (let colors?, nil):
            let items = try colors.array()
            guard (2...64).contains(items.count) else {
                throw colors.error("must list 2 to 64 colours (got \(items.count))")
            }
            return try Gradient(colors: items.map { (item) throws(PresetError) in try item.color() }).stops
        case (nil, let stops?):
            let items = try stops.array()
            guard (2...64).contains(items.count) else {
                throw stops.error("must list 2 to 64 stops (got \(items.count))")
            }
            return try items.map { (item) throws(PresetError) in
                var stop = try item.object()
                let color = try stop.required("color").color()
                let location = try stop.required("location").number(in: 0...1)
                try stop.finish()
                return Gradient.Stop(color: color, location: location)
            }
        default:
            throw field.error(
                "a gradient needs \"colors\" (evenly spaced) or \"stops\" ({\"color\", \"location\"}), one of them"
            )
        }
    }

    /// Entrances or exits: a name (`"fade"`), an object with options, or a list of them.
    func transitions(_ field: JSONField) throws(PresetError) -> [Transition] {
        if case .array = field.value.kind {
            return try field.array().map(transition)
        }
        return [try transition(field)]
    }

    private func transition(_ field: JSONField) throws(PresetError) -> Transition {
        if case .string = field.value.kind {
            return Transition(effect: try field.choice(Transition.Effect.allCases))
        }
        var reader = try field.object()
        var transition = Transition(effect: try reader.required("effect").choice(Transition.Effect.allCases))
        if let item = reader.optional("duration") { transition.duration = try positiveTime(item) }
        if let item = reader.optional("delay") { transition.delay = try time(item) }
        if let item = reader.optional("easing") { transition.easing = try easing(item) }
        if let item = reader.optional("edge") { transition.edge = try item.choice(Transition.Edge.allCases) }
        if let item = reader.optional("distance") { transition.distance = try length(item) }
        if let item = reader.optional("scale") { transition.scale = try item.number(in: 0...100) }
        if let item = reader.optional("blur") { transition.blur = try item.number(in: 0...500) }
        if let item = reader.optional("turn") { transition.turn = try item.number(in: -360...360) }
        if let item = reader.optional("by") {
            transition.unit = try item.choice(Transition.Unit.allCases)
            guard transition.unit == .layer || Transition.unitEffects.contains(transition.effect) else {
                let names = Transition.unitEffects.map(\.rawValue)
                let effects = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
                throw item.error(
                    "only \(effects) go through a text \(transition.unit.rawValue) by \(transition.unit.rawValue) (got \(transition.effect.rawValue))"
                )
            }
        }
        if let item = reader.optional("stagger") {
            guard transition.movesUnits else {
                throw item.error(
                    "spreads the starts of a text's characters, words or lines: give \"by\" with fade, slide, scale or blur"
                )
            }
            transition.stagger = try item.number(in: 0...0.95)
        }
        try reader.finish()
        return transition
    }
}
