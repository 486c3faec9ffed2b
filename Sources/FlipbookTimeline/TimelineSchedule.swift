import Foundation

/// When a timeline produces new entries, as SwiftUI's `TimelineSchedule`: the moments at which a
/// `TimelineView`'s content is drawn anew.
///
/// Within a frame, the timeline's date is the schedule's **most recent entry** at or before the
/// frame's time — so a 1 s `.periodic` clock shows the same date for 60 consecutive frames at
/// 60 fps (and those frames are identical, so Flipbook draws them once), and a paused timeline
/// never advances. Before its first entry, a timeline shows the start of the video (time 0),
/// when the view first appeared.
///
/// Times are seconds from the start of the video. Entries are computed from their index, never
/// by adding intervals up.
public struct TimelineSchedule: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case animation(minimumInterval: Double?, paused: Bool)
        case periodic(start: Double, interval: Double)
        case explicit([Double])
    }

    let kind: Kind

    /// An entry for every frame.
    public static var animation: TimelineSchedule { .animation() }

    /// An entry for every frame, or at most one per `minimumInterval` seconds (entries at whole
    /// multiples of it); a `paused` timeline stays at its start.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> TimelineSchedule {
        let interval = minimumInterval.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        return TimelineSchedule(kind: .animation(minimumInterval: interval, paused: paused))
    }

    /// Entries every `interval` seconds from `start` seconds (a clock: `.periodic(from: 0, by: 1)`).
    public static func periodic(from start: Double, by interval: Double) -> TimelineSchedule {
        TimelineSchedule(
            kind: .periodic(start: start, interval: interval > 0 && interval.isFinite ? interval : 1))
    }

    /// Entries every `interval` seconds from `start`, a date measured from the video's start date
    /// (`FrameTime.startDate`): `.periodic(from: FrameTime.startDate, by: 1)`.
    public static func periodic(from start: Date, by interval: Double) -> TimelineSchedule {
        periodic(from: start.timeIntervalSince(FrameTime.startDate), by: interval)
    }

    /// Entries at every whole minute.
    public static var everyMinute: TimelineSchedule { .periodic(from: 0, by: 60) }

    /// Entries at exactly these times (seconds), in any order.
    public static func explicit(_ seconds: [Double]) -> TimelineSchedule {
        TimelineSchedule(kind: .explicit(seconds.filter(\.isFinite).sorted()))
    }

    /// Entries at exactly these dates, measured from the video's start date.
    public static func explicit(_ dates: [Date]) -> TimelineSchedule {
        explicit(dates.map { $0.timeIntervalSince(FrameTime.startDate) })
    }

    /// The time the timeline shows at `seconds`: its most recent entry at or before it, or 0
    /// before the first entry.
    public func entry(at seconds: Double) -> Double {
        switch kind {
        case .animation(let interval, let paused):
            if paused { return 0 }
            guard let interval else { return seconds }
            return (seconds / interval).rounded(.down) * interval
        case .periodic(let start, let interval):
            guard seconds >= start else { return 0 }
            return start + ((seconds - start) / interval).rounded(.down) * interval
        case .explicit(let entries):
            return entries.last { $0 <= seconds } ?? 0
        }
    }
}
