import Foundation

/// The time of one output frame: its index and the exact moment it shows.
///
/// A frame is a pure function of its `FrameTime`; nothing carries over from the previous frame.
public struct FrameTime: Hashable, Sendable {
    /// The date at which every video starts: 2001-01-01 00:00 UTC, Foundation's reference date.
    /// A fixed date keeps output independent of the wall clock, and makes SwiftUI code that reads
    /// `timeline.date.timeIntervalSinceReferenceDate` see the video's time in seconds.
    public static let startDate = Date(timeIntervalSinceReferenceDate: 0)

    /// Position in the output, from 0.
    public let index: Int
    /// Seconds since the start of the animation: `index / frameRate`, computed exactly.
    public let seconds: Double

    public init(index: Int, seconds: Double) {
        self.index = index
        self.seconds = seconds
    }

    /// The frame's moment as a date (`startDate` + `seconds`).
    public var date: Date { FrameTime.startDate.addingTimeInterval(seconds) }
}
