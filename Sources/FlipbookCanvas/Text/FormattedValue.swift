import Foundation

/// A value and the `FormatStyle` that shows it, kept unformatted until drawn so it follows
/// the context's locale, calendar and time zone (and, for relative dates, the frame's date).
struct FormattedValue: Hashable, Sendable {
    /// Identifies the value and the format (their types and full descriptions).
    let key: String
    let format: @Sendable (EnvironmentValues) -> String

    init<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F: Sendable, F.FormatInput: Equatable & Sendable, F.FormatOutput == String {
        key = "\(String(reflecting: F.self))|\(String(reflecting: input))|\(String(reflecting: format))"
        self.format = { environment in
            let style = format.locale(environment.locale)
            if var dates = style as? Date.FormatStyle, let date = input as? Date {
                dates.timeZone = environment.timeZone
                dates.calendar = environment.calendar
                return dates.format(date)
            }
            if let relative = style as? Date.RelativeFormatStyle, let date = input as? Date {
                return Self.relative(date, style: relative, now: environment.frameDate)
            }
            return style.format(input)
        }
    }

    /// Foundation measures relative dates from the wall clock; this measures from `now` (the
    /// frame's date) by moving the date by the clock's lead. Half a millisecond of slack keeps
    /// whole-second distances from rounding down while the clock ticks between the two reads.
    private static func relative(_ date: Date, style: Date.RelativeFormatStyle, now: Date) -> String {
        style.format(Date.now.addingTimeInterval(date.timeIntervalSince(now) + 0.0005))
    }

    static func == (lhs: FormattedValue, rhs: FormattedValue) -> Bool { lhs.key == rhs.key }

    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

extension Text.Content {
    /// The characters this piece shows in `environment`.
    func string(in environment: EnvironmentValues) -> String {
        switch self {
        case .verbatim(let string): string
        case .formatted(let value): value.format(environment)
        case .date(let date, let style): style.string(date, in: environment)
        }
    }
}
