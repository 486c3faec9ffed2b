import Foundation

/// Colours as files and the command line write them: a name (SwiftUI's, then CSS's), hex, or
/// CSS's `rgb()` and `hsl()` notations — what people already write in CSS, so that a colour
/// copied from a style sheet or a design tool works as it is.
///
/// The notations follow CSS Color Module Level 4 (§5.1 `rgb()`, §7.1 `hsl()`, §5.2 hex):
///
/// - `rgb(R G B)` and `rgb(R G B / A)` (each of R, G, B a number 0…255 or a percentage, mixed or
///   not, or `none` for 0); the legacy `rgb(R, G, B)` and `rgb(R, G, B, A)`, whose R, G, B are all
///   numbers or all percentages. `rgba` is the same function.
/// - `hsl(H S L)` and `hsl(H S L / A)` (H a number of degrees or an angle in `deg`, `grad`, `rad`
///   or `turn`; S and L percentages, or numbers meaning percentages); the legacy
///   `hsl(H, S%, L%)` and `hsl(H, S%, L%, A)`. `hsla` is the same function.
/// - An alpha is a number 0…1 or a percentage.
///
/// Values out of range are clamped, as CSS clamps them: channels to 0…255, percentages to
/// 0 %…100 %, alpha to 0…1. Function names, units and colour names are read without regard to
/// case, as CSS reads them.
package enum ColorSyntax {
    /// What is wrong with a colour's text, in words that say what is accepted.
    package struct Problem: Error, Sendable {
        package let message: String
    }

    /// The forms a colour may take, for messages that list them.
    package static let forms =
        "a name (SwiftUI's red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray, black, white, clear, primary, secondary; CSS's 148 such as rebeccapurple, and transparent), #RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(255 0 0), rgb(255 0 0 / 50%), rgb(255, 0, 0), rgba(255, 0, 0, 0.5), hsl(120 100% 50%), hsl(120deg 100% 50% / 0.5), hsl(120, 100%, 50%) or hsla(120, 100%, 50%, 0.5)"

    /// Every name a colour may have: SwiftUI's, then CSS's that SwiftUI does not have.
    package static let names: [String] = {
        let swiftUI = Color.named.map(\.name)
        return swiftUI + Color.cssNamed.map(\.name).filter { !swiftUI.contains($0) }
    }()

    /// The colour `text` writes.
    package static func color(_ text: String) throws(Problem) -> Color {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lowercased = trimmed.lowercased()
        if let named = Color.named.first(where: { $0.name == lowercased }) { return named.color }
        if let named = Color.cssNamed.first(where: { $0.name == lowercased }) { return named.color }
        if trimmed.hasPrefix("#") {
            guard let color = Color(hex: trimmed) else {
                throw Problem(
                    message: "a hex colour has 3, 4, 6 or 8 hex digits: #RGB, #RGBA, #RRGGBB or #RRGGBBAA")
            }
            return color
        }
        guard let open = lowercased.firstIndex(of: "("), lowercased.hasSuffix(")") else {
            throw Problem(message: "must be a colour: \(forms)")
        }
        let function = lowercased[..<open].trimmingCharacters(in: .whitespaces)
        let arguments = lowercased[
            lowercased.index(after: open)..<lowercased.index(before: lowercased.endIndex)]
        switch function {
        case "rgb", "rgba": return try rgb(arguments)
        case "hsl", "hsla": return try hsl(arguments)
        default:
            throw Problem(
                message: "unknown colour function \"\(function)()\": use rgb(), rgba(), hsl() or hsla()")
        }
    }

    /// `rgb()`'s arguments.
    private static func rgb(_ text: Substring) throws(Problem) -> Color {
        let usage = Problem(
            message:
                "rgb() takes red, green and blue as numbers 0…255 or percentages, then an optional alpha (0…1 or a percentage): rgb(255 0 0), rgb(100% 0% 0% / 50%), rgb(255, 0, 0) or rgba(255, 0, 0, 0.5) — with commas, all numbers or all percentages"
        )
        guard let (components, alpha, legacy) = arguments(text) else { throw usage }
        var channels: [Double] = []
        for component in components {
            switch Token(component) {
            case .number(let value)?: channels.append(clamped(value, to: 255) / 255)
            case .percentage(let value)?: channels.append(clamped(value, to: 100) / 100)
            case .missing? where !legacy: channels.append(0)
            default: throw usage
            }
        }
        if legacy, Set(components.map { $0.hasSuffix("%") }).count > 1 { throw usage }
        return Color(
            red: channels[0], green: channels[1], blue: channels[2],
            opacity: try opacity(alpha, legacy, usage))
    }

    /// `hsl()`'s arguments, turned into sRGB by CSS Color 4's formula (§7.1, "Converting HSL
    /// colors to sRGB colors"): with s and l in 0…1 and a = s × min(l, 1 − l), each channel is
    /// f(n) = l − a × max(−1, min(k − 3, 9 − k, 1)) with k = (n + h ÷ 30) mod 12, for n = 0
    /// (red), 8 (green) and 4 (blue).
    private static func hsl(_ text: Substring) throws(Problem) -> Color {
        let usage = Problem(
            message:
                "hsl() takes a hue (degrees, or an angle in deg, grad, rad or turn), saturation and lightness percentages, then an optional alpha (0…1 or a percentage): hsl(120 100% 50%), hsl(120deg 100% 50% / 0.5), hsl(120, 100%, 50%) or hsla(120, 100%, 50%, 0.5)"
        )
        guard let (components, alpha, legacy) = arguments(text) else { throw usage }
        let hue: Double
        switch Token(components[0]) {
        case .number(let degrees)?, .angle(let degrees)?: hue = degrees
        case .missing? where !legacy: hue = 0
        default: throw usage
        }
        var fractions: [Double] = []
        for component in components.dropFirst() {
            switch Token(component) {
            case .percentage(let value)?: fractions.append(clamped(value, to: 100) / 100)
            case .number(let value)? where !legacy: fractions.append(clamped(value, to: 100) / 100)
            case .missing? where !legacy: fractions.append(0)
            default: throw usage
            }
        }
        let (saturation, lightness) = (fractions[0], fractions[1])
        let turned = hue.truncatingRemainder(dividingBy: 360)
        let degrees = turned < 0 ? turned + 360 : turned
        let a = saturation * min(lightness, 1 - lightness)
        func channel(_ n: Double) -> Double {
            let k = (n + degrees / 30).truncatingRemainder(dividingBy: 12)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(
            red: channel(0), green: channel(8), blue: channel(4), opacity: try opacity(alpha, legacy, usage))
    }

    /// The three components and the alpha of a function's arguments, and whether they were
    /// written the legacy way, with commas; `nil` when they are not three or four.
    private static func arguments(_ text: Substring) -> (
        components: [Substring], alpha: Substring?, legacy: Bool
    )? {
        if text.contains(",") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(trimmed)
            guard parts.count == 3 || parts.count == 4, !parts.contains(where: \.isEmpty),
                !parts.contains(where: { $0.contains(" ") || $0.contains("/") })
            else { return nil }
            return (Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil, true)
        }
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        let components = halves[0].split(whereSeparator: \.isWhitespace)
        let alpha = halves.count == 2 ? trimmed(halves[1]) : nil
        guard components.count == 3, alpha.map({ !$0.isEmpty && !$0.contains(" ") }) ?? true else {
            return nil
        }
        return (components, alpha, false)
    }

    /// An alpha written as a number 0…1 or a percentage (clamped); 1 when left out.
    private static func opacity(_ text: Substring?, _ legacy: Bool, _ usage: Problem) throws(Problem)
        -> Double
    {
        guard let text else { return 1 }
        switch Token(text) {
        case .number(let value)?: return clamped(value, to: 1)
        case .percentage(let value)?: return clamped(value, to: 100) / 100
        case .missing? where !legacy: return 0
        default: throw usage
        }
    }

    private static func clamped(_ value: Double, to upper: Double) -> Double {
        min(max(value, 0), upper)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return text[start..<max(start, end)]
    }

    /// One argument of a colour function: a number, a percentage, an angle (in degrees) or
    /// `none`, as CSS writes them (`<number>`: digits with an optional fraction and exponent).
    private enum Token {
        case number(Double)
        case percentage(Double)
        case angle(Double)
        /// `none`: a missing component, which counts as 0 here.
        case missing

        /// Degrees in one of each angle unit (CSS Values 4, §7.1).
        private static let degreesPerUnit: [(String, Double)] = [
            ("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360),
        ]

        init?(_ text: Substring) {
            if text == "none" {
                self = .missing
                return
            }
            if text.hasSuffix("%") {
                guard let value = Self.number(text.dropLast()) else { return nil }
                self = .percentage(value)
                return
            }
            for (unit, degrees) in Self.degreesPerUnit where text.hasSuffix(unit) {
                guard let value = Self.number(text.dropLast(unit.count)) else { return nil }
                self = .angle(value * degrees)
                return
            }
            guard let value = Self.number(text) else { return nil }
            self = .number(value)
        }

        /// A CSS `<number>`: an optional sign, digits with an optional fraction (or a fraction
        /// alone, `.5`), an optional exponent; not `inf`, `nan` or hex, which `Double` would read.
        private static func number(_ text: Substring) -> Double? {
            guard text.wholeMatch(of: /[+-]?([0-9]*\.)?[0-9]+([eE][+-]?[0-9]+)?/) != nil,
                let value = Double(text), value.isFinite
            else { return nil }
            return value
        }
    }
}
