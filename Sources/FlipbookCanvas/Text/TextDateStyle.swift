import Foundation

extension Text {
    /// How `Text(_:style:)` shows a date, as SwiftUI's `Text.DateStyle`. "Now" is the date the
    /// frame shows (the context's `environment.frameDate`), so a timer counts as the video
    /// plays and every render of a frame reads the same.
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case time, date, relative, offset, timer }
        let kind: Kind

        /// The time of day: "9:41 AM".
        public static let time = DateStyle(kind: .time)
        /// The date: "June 3, 2019".
        public static let date = DateStyle(kind: .date)
        /// The time until or since the date, in its two largest units: "2 hours, 15 minutes".
        public static let relative = DateStyle(kind: .relative)
        /// As `relative`, signed: "+2 hours, 15 minutes" ahead, "-3 minutes" past.
        public static let offset = DateStyle(kind: .offset)
        /// A running clock to or from the date: "2:59", "1:02:03".
        public static let timer = DateStyle(kind: .timer)

        /// `date` in this style, in `environment`'s locale, calendar and time zone.
        func string(_ date: Date, in environment: EnvironmentValues) -> String {
            let seconds = date.timeIntervalSince(environment.frameDate)
            // Whole seconds, within what a Duration holds (a date at infinity or NaN shows 0).
            let whole = Duration.seconds(seconds.isFinite ? min(abs(seconds), 1e12).rounded(.down) : 0)
            switch kind {
            case .time, .date:
                return Date.FormatStyle(
                    date: kind == .date ? .long : .omitted, time: kind == .time ? .shortened : .omitted,
                    locale: environment.locale, calendar: environment.calendar, timeZone: environment.timeZone
                ).format(date)
            case .relative, .offset:
                let units = whole.formatted(
                    .units(
                        allowed: [.weeks, .days, .hours, .minutes, .seconds], width: .wide,
                        maximumUnitCount: 2,
                        fractionalPart: .hide(rounded: .down)
                    ).locale(environment.locale))
                return kind == .relative ? units : (seconds < 0 ? "-" : "+") + units
            case .timer:
                let pattern: Duration.TimeFormatStyle.Pattern =
                    abs(seconds) < 3600 ? .minuteSecond : .hourMinuteSecond
                return whole.formatted(.time(pattern: pattern).locale(environment.locale))
            }
        }
    }
}
