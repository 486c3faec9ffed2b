import FlipbookTimeline
import Foundation

/// A scene whose content is redrawn on a schedule, as SwiftUI's `TimelineView`:
///
/// ```swift
/// TimelineView(.periodic(from: 0, by: 1)) { timeline in
///     Canvas { context, size in drawClock(&context, size, at: timeline.date) }
/// }
/// ```
/// The content sees `timeline.date`, the schedule's most recent entry (see `TimelineSchedule`),
/// not the frame's own time — so between entries it draws the same picture, which Flipbook
/// then renders only once.
public struct TimelineView: AnimatedScene {
    /// What the content closure receives, as SwiftUI's `TimelineViewDefaultContext`.
    public struct Context: Sendable {
        /// The date of the schedule's current entry.
        public let date: Date
        /// Seconds since the start of the video at the current entry.
        public var seconds: Double { date.timeIntervalSince(FrameTime.startDate) }
    }

    public let schedule: TimelineSchedule
    public let content: @Sendable (Context) -> Canvas
    /// The content as views, for a timeline made of views (`TimelineView+View.swift`): laid out
    /// at its own size where the timeline is a view among others; `content` draws it filling
    /// the canvas.
    var viewContent: (@Sendable (Context) -> AnyView)?

    public init(_ schedule: TimelineSchedule, @CanvasBuilder content: @escaping @Sendable (Context) -> Canvas)
    {
        self.schedule = schedule
        self.content = content
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        content(Context(date: timelineDate(at: time))).draw(in: &context, size: size)
    }

    public func timelineDate(at time: FrameTime) -> Date {
        FrameTime.startDate.addingTimeInterval(schedule.entry(at: time.seconds))
    }
}

/// Lets a `TimelineView`'s closure hold just a `Canvas { … }`, as SwiftUI's view builder does.
@resultBuilder
public enum CanvasBuilder {
    public static func buildBlock(_ canvas: Canvas) -> Canvas { canvas }
}
