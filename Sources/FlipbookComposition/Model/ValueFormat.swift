import FlipbookJSON
import Foundation

/// A variable's value: text or a number. Dates are text in ISO 8601 (`"2026-12-01"`,
/// `"2026-12-01T09:30:00Z"`), read when a placeholder formats them as a date.
public enum VariableValue: Hashable, Sendable {
    case text(String)
    case number(Double)
}

/// How a placeholder shows its value: as written, or as a number, percentage, date or time in
/// the composition's locale.
public enum ValueFormat: Hashable, Sendable {
    /// Text as is; a number with up to six decimals and no grouping.
    case plain
    /// Grouped digits in the locale (`12,500` / `12.500`) with `decimals` fraction digits
    /// (`number` alone: whole numbers, as a count-up shows them).
    case number(decimals: Int)
    /// The value × 100 with a percent sign, in the locale, with `decimals` fraction digits.
    case percent(decimals: Int)
    /// Short, with the locale's word for its size (`2.5M`, `2,5 Mio.`, `12K`): at most
    /// `decimals` fraction digits, or as the locale rounds when `nil`.
    case compact(decimals: Int?)
    /// An amount of the currency `code` (ISO 4217: `USD`, `EUR`) in the locale (`$12,500.00`,
    /// `12.500,00 €`), with the currency's own decimals unless `decimals` says.
    case currency(code: String, decimals: Int?)
    case date(Date.FormatStyle.DateStyle)
    case time(Date.FormatStyle.TimeStyle)

    /// The format names written after a placeholder's colon.
    public static let names = ["number", "percent", "compact", "currency", "date", "time"]

    /// Parses a format (`nil`: plain): `number`, `number(2)`, `percent`, `percent(1)`,
    /// `compact`, `compact(1)`, `currency(USD)`, `currency(USD, 0)`, `date`,
    /// `date(short|medium|long|full)`, `time`, `time(short|medium)`.
    public init(parsing text: String?) throws(TextTemplate.ParseError) {
        guard let text, !text.isEmpty else {
            self = .plain
            return
        }
        var name = text
        var argument: String?
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            name = String(text[..<open])
            argument = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        }
        func decimals(_ text: String? = argument) throws(TextTemplate.ParseError) -> Int {
            guard let text else { return 0 }
            guard let count = Int(text.trimmingCharacters(in: .whitespaces)), (0...10).contains(count) else {
                throw TextTemplate.ParseError(
                    message: "\(name)(…) takes a number of decimals 0…10 (got \"\(text)\")")
            }
            return count
        }
        switch name {
        case "number": self = .number(decimals: try decimals())
        case "percent": self = .percent(decimals: try decimals())
        case "compact": self = .compact(decimals: argument == nil ? nil : try decimals())
        case "currency":
            let parts = (argument ?? "").split(separator: ",", omittingEmptySubsequences: false)
            let code = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard (1...2).contains(parts.count), code.count == 3,
                code.allSatisfy({ $0.isASCII && $0.isUppercase })
            else {
                throw TextTemplate.ParseError(
                    message:
                        "currency(…) takes an ISO 4217 code and optional decimals, as currency(USD) or currency(EUR, 0) (got \"\(argument ?? "")\")"
                )
            }
            self = .currency(code: code, decimals: parts.count == 2 ? try decimals(String(parts[1])) : nil)
        case "date":
            let styles: [String: Date.FormatStyle.DateStyle] = [
                "short": .numeric, "medium": .abbreviated, "long": .long, "full": .complete,
            ]
            guard let style = styles[argument ?? "medium"] else {
                throw TextTemplate.ParseError(
                    message: "date(…) takes short, medium, long or full (got \"\(argument ?? "")\")")
            }
            self = .date(style)
        case "time":
            let styles: [String: Date.FormatStyle.TimeStyle] = ["short": .shortened, "medium": .standard]
            guard let style = styles[argument ?? "short"] else {
                throw TextTemplate.ParseError(
                    message: "time(…) takes short or medium (got \"\(argument ?? "")\")")
            }
            self = .time(style)
        default:
            let hint =
                DidYouMean.closest(to: name, among: Self.names).map { "; did you mean \"\($0)\"?" } ?? ""
            throw TextTemplate.ParseError(
                message: "unknown format \"\(name)\"\(hint) (formats: \(Self.names.joined(separator: ", ")))")
        }
    }

    /// Whether the format reads a date.
    var isDate: Bool {
        switch self {
        case .date, .time: true
        default: false
        }
    }
}

/// Formats values for placeholders in one locale and time zone, deterministically (the
/// composition's `locale` and `timeZone`, `en_US` and UTC unless it says otherwise).
package struct ValueFormatter: Sendable {
    package var locale: Locale
    package var timeZone: TimeZone

    package init(
        locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) {
        (self.locale, self.timeZone) = (locale, timeZone)
    }

    package func format(_ value: VariableValue, as format: ValueFormat) -> String {
        switch (value, format) {
        case (.text(let text), .plain): return text
        case (.number(let number), .plain): return Self.plain(number)
        case (.number(let number), .number(let decimals)):
            return number.formatted(
                .number.locale(locale).precision(.fractionLength(decimals)))
        case (.number(let number), .percent(let decimals)):
            return number.formatted(
                .percent.locale(locale).precision(.fractionLength(decimals)))
        case (.number(let number), .compact(let decimals)):
            let style = FloatingPointFormatStyle<Double>.number.locale(locale).notation(.compactName)
            return number.formatted(decimals.map { style.precision(.fractionLength(0...$0)) } ?? style)
        case (.number(let number), .currency(let code, let decimals)):
            let style = FloatingPointFormatStyle<Double>.Currency(code: code, locale: locale)
            return number.formatted(decimals.map { style.precision(.fractionLength($0)) } ?? style)
        case (.text(let text), .date(let style)):
            guard let date = Self.date(text) else { return text }
            var style = Date.FormatStyle(date: style, time: .omitted, locale: locale, timeZone: timeZone)
            style.calendar = Calendar(identifier: .gregorian)
            return date.formatted(style)
        case (.text(let text), .time(let style)):
            guard let date = Self.date(text) else { return text }
            return date.formatted(
                Date.FormatStyle(date: .omitted, time: style, locale: locale, timeZone: timeZone))
        case (.text(let text), _): return text
        case (.number(let number), _): return Self.plain(number)
        }
    }

    /// A number as JSON would write it, to six decimals at most.
    static func plain(_ number: Double) -> String {
        let rounded = (number * 1e6).rounded() / 1e6
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    /// An ISO 8601 date (`2026-12-01`) or date and time (`2026-12-01T09:30:00Z`, in UTC when no
    /// zone is given).
    package static func date(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let plainDate = ISO8601DateFormatter()
        plainDate.formatOptions = [.withFullDate]
        if let date = plainDate.date(from: text) { return date }
        let local = ISO8601DateFormatter()
        local.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        return local.date(from: text)
    }
}
