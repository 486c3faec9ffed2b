import FlipbookJSON
import Foundation

extension Easing {
    /// Every form an easing may take, as the schema and messages list them.
    static let forms =
        "linear, easeIn, easeOut, easeInOut, timingCurve(x1, y1, x2, y2), spring, spring(duration, bounce), steps(n), steps(n, jump-start|jump-end|jump-none|jump-both|start|end), "
        + Direction.allCases.flatMap { ["\($0.prefix)Back", "\($0.prefix)Elastic", "\($0.prefix)Bounce"] }
        .joined(separator: ", ")
        + ", and CSS's ease, ease-in, ease-out, ease-in-out, step-start, step-end, cubic-bezier(x1, y1, x2, y2)"

    /// The names that take no arguments, with their easings: SwiftUI's, the back, elastic and
    /// bounce curves, and CSS's keywords (CSS Easing Functions Level 2: `ease` is
    /// `cubic-bezier(0.25, 0.1, 0.25, 1)`, `ease-in` SwiftUI's `easeIn` and so on, `step-start`
    /// `steps(1, jump-start)`, `step-end` `steps(1, jump-end)`).
    private static let keywords: [String: Easing] = {
        var keywords: [String: Easing] = [
            "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
            "spring": .spring(duration: nil, bounce: 0),
            "ease": .timingCurve(0.25, 0.1, 0.25, 1), "ease-in": .easeIn, "ease-out": .easeOut,
            "ease-in-out": .easeInOut, "step-start": .steps(1, .jumpStart), "step-end": .steps(1, .jumpEnd),
        ]
        for direction in Direction.allCases {
            keywords["\(direction.prefix)Back"] = .back(direction)
            keywords["\(direction.prefix)Elastic"] = .elastic(direction)
            keywords["\(direction.prefix)Bounce"] = .bounce(direction)
        }
        return keywords
    }()

    /// The step positions CSS writes, with `start` and `end` for `jump-start` and `jump-end`.
    private static let stepPositions: [String: StepPosition] =
        Dictionary(uniqueKeysWithValues: StepPosition.allCases.map { ($0.rawValue, $0) }).merging(
            ["start": .jumpStart, "end": .jumpEnd]) { first, _ in first }

    /// The schema of an easing's text: a name, or a function with its arguments.
    static var schemaPattern: String {
        let names = keywords.keys.sorted().joined(separator: "|")
        return "^ *(\(names)|(timingCurve|cubic-bezier|spring|steps) *\\(.*\\)) *$"
    }

    /// The easing `field` writes: a name from `keywords`, or `timingCurve(x1, y1, x2, y2)`
    /// (`cubic-bezier(…)` alike), `spring(duration, bounce)` or `steps(n[, position])`.
    init(reading field: JSONField) throws(PresetError) {
        let text = try field.string().trimmingCharacters(in: .whitespaces)
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            guard let easing = Self.keywords[text] else {
                let hint =
                    DidYouMean.closest(to: text, among: Array(Self.keywords.keys) + Self.names).map {
                        "; did you mean \"\($0)\"?"
                    } ?? ""
                throw field.error("unknown easing \"\(text)\"\(hint) (easings: \(Self.forms))")
            }
            self = easing
            return
        }
        let name = text[..<open].trimmingCharacters(in: .whitespaces)
        let arguments = text[text.index(after: open)..<text.index(before: text.endIndex)]
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        /// The arguments as numbers, when they are `count` of them all numbers; else `usage`.
        func numbers(_ counts: Set<Int>, _ usage: String) throws(PresetError) -> [Double] {
            let values = arguments == [""] ? [] : arguments.map { Double($0) }
            guard counts.contains(values.count), values.allSatisfy({ $0?.isFinite == true }) else {
                throw field.error("write \(usage) (got \(field.value.summary))")
            }
            return values.compactMap { $0 }
        }
        switch name {
        case "timingCurve", "cubic-bezier":
            let usage = "\(name)(x1, y1, x2, y2): four numbers, x1 and x2 in 0…1"
            let points = try numbers([4], usage)
            guard (0...1).contains(points[0]), (0...1).contains(points[2]) else {
                throw field.error("\(name)'s x1 and x2 must be in 0…1 (got \(field.value.summary))")
            }
            self = .timingCurve(points[0], points[1], points[2], points[3])
        case "spring":
            let usage = "spring or spring(duration, bounce) with 0 < duration ≤ 60 and -1 < bounce < 1"
            let values = try numbers([2], usage)
            guard values[0] > 0, values[0] <= 60, abs(values[1]) < 1 else {
                throw field.error("write \(usage) (got \(field.value.summary))")
            }
            self = .spring(duration: values[0], bounce: values[1])
        case "steps":
            self = try Self.steps(arguments, field)
        default:
            let hint =
                DidYouMean.closest(to: name, among: ["timingCurve", "cubic-bezier", "spring", "steps"]).map {
                    "; did you mean \"\($0)(…)\"?"
                } ?? ""
            throw field.error("unknown easing \"\(name)(…)\"\(hint) (easings: \(Self.forms))")
        }
    }

    /// `steps(n)` or `steps(n, position)`: n from 1 to 1000 (2 for `jump-none`, which would
    /// make no jump with one step), as CSS's `steps()` requires.
    private static func steps(_ arguments: [String], _ field: JSONField) throws(PresetError) -> Easing {
        let positions = "jump-start, jump-end, jump-none, jump-both, start or end"
        let usage =
            "write steps(n) or steps(n, position) with a whole n from 1 to 1000 and a position among \(positions) (got \(field.value.summary))"
        guard (1...2).contains(arguments.count), let count = Int(arguments[0]), (1...1000).contains(count)
        else {
            throw field.error(usage)
        }
        guard arguments.count == 2 else { return .steps(count) }
        guard let position = stepPositions[arguments[1]] else {
            let hint =
                DidYouMean.closest(to: arguments[1], among: Array(stepPositions.keys)).map {
                    "; did you mean \"\($0)\"?"
                } ?? ""
            throw field.error("steps()'s position must be \(positions)\(hint) (got \(field.value.summary))")
        }
        guard position != .jumpNone || count >= 2 else {
            throw field.error(
                "steps(n, jump-none) needs at least 2 steps: it jumps n − 1 times (got \(field.value.summary))"
            )
        }
        return .steps(count, position)
    }
}
