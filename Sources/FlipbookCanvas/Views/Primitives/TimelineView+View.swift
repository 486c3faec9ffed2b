import FlipbookTimeline
import Foundation

extension TimelineView {
    /// A timeline whose content is made of views, as SwiftUI's `TimelineView`:
    ///
    /// ```swift
    /// TimelineView(.periodic(from: FrameTime.startDate, by: 1)) { timeline in
    ///     VStack {
    ///         Text(timeline.date, style: .timer)
    ///         Canvas { context, size in … }
    ///     }
    /// }
    /// ```
    ///
    /// Among other views it is as large as its content; as a scene its content is laid out in
    /// the whole frame.
    public init<Content: View>(
        _ schedule: TimelineSchedule, @ViewBuilder content: @escaping @Sendable (Context) -> Content
    ) {
        self.init(schedule) { timeline in
            Canvas { context, size in
                ViewRoot(content(timeline), in: context)
                    .draw(in: &context, proposal: ProposedViewSize(size), canvas: size)
            }
        }
        viewContent = { AnyView(content($0)) }
    }
}

/// A timeline is a view whose content is evaluated at the schedule's entry for the frame's date
/// — "now" for the text and timelines inside it too — and laid out as that content.
extension TimelineView: View, PrimitiveView {
    public var body: TimelineView { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        let seconds = inputs.environment.frameDate.timeIntervalSince(FrameTime.startDate)
        let date = timelineDate(at: FrameTime(index: 0, seconds: seconds))
        var current = inputs
        current.environment.frameDate = date
        let timeline = Context(date: date)
        return (viewContent?(timeline) ?? AnyView(content(timeline))).subviews(in: current)
    }
}
