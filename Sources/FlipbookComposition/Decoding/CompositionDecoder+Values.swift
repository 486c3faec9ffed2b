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

    /// A length: points (`120`) or a string with a unit (`"120px"`, `"50%"`, `"10vw"`, `"8vh"`,
    /// `"5vmin"`).
    func length(_ field: JSONField) throws(PresetError) -> Length {
        let parsed: Length?
        switch field.value.kind {
        case .number(let number): parsed = Length(number)
        case .string(let text): parsed = Length(parsing: text)
        default: parsed = nil
        }
        guard let parsed, abs(parsed.value) <= 1_000_000 else {
            throw field.error(
                "must be a length: points (120 or \"120px\"), or relative: \"50%\" of the parent's box, \"10vw\", \"10vh\", \"5vmin\" or \"5vmax\" of the canvas (got \(field.value.summary))"
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
}
