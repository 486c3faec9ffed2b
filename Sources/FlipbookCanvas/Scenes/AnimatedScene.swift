import FlipbookCaptions
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// An animation that Flipbook can render: a pure function from a frame's time to a drawing.
///
/// "Time, not state": `draw` must compute everything from `time` and the scene's own constant
/// properties, never from earlier frames, so frames can be drawn on any worker in any order.
/// That is why a scene is `Sendable` — one value is shared by all render workers.
public protocol AnimatedScene: Sendable {
    /// Draws the frame at `time` into `context`, a canvas of `size` points (= pixels).
    func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime)

    /// The date the scene's timeline shows at `time` — its only input besides constant
    /// properties. By default the frame's own date; a `TimelineView` answers with its schedule's
    /// current entry. Used to explain why a frame was drawn ("timeline.date changed").
    func timelineDate(at time: FrameTime) -> Date

    /// For each named layer whose drawing changed between the frames at `previous` and `time`
    /// because of a model property, the reason ("model.title changed"). Scenes without a model
    /// return none; `ModelScene` answers through Observation tracking.
    func layerChanges(from previous: FrameTime, to time: FrameTime, size: CGSize) -> [String: String]

    /// What the scene shows, in one sentence, for people who cannot see it: written into the
    /// output's `description` tag and its WebVTT sidecar. `nil` when the scene has none or is
    /// hidden from accessibility.
    var accessibilityLabel: String? { get }

    /// Timed descriptions of a video of `duration` seconds, for a WebVTT sidecar. By default one
    /// caption with the accessibility label for the whole video.
    func captions(duration: Double) -> [Caption]

    /// The moments (seconds) of the scene's own events — a confetti burst — within a video of
    /// `duration` seconds, so that a sound cue can play at each and sound follows the picture.
    /// By default none.
    func eventTimes(duration: Double) -> [Double]
}

extension AnimatedScene {
    public func timelineDate(at time: FrameTime) -> Date {
        time.date
    }

    public func layerChanges(from previous: FrameTime, to time: FrameTime, size: CGSize) -> [String: String] {
        [:]
    }

    public var accessibilityLabel: String? { nil }

    public func captions(duration: Double) -> [Caption] {
        accessibilityLabel.map { [Caption(start: 0, end: duration, text: $0)] } ?? []
    }

    public func eventTimes(duration: Double) -> [Double] { [] }

    /// The same scene described by `label` (SwiftUI's `accessibilityLabel`).
    public func accessibilityLabel(_ label: String) -> AccessibleScene {
        AccessibleScene(scene: self, label: label)
    }

    /// The same scene without any description when `hidden` (SwiftUI's `accessibilityHidden`):
    /// decorative animations get no `description` tag and no captions.
    public func accessibilityHidden(_ hidden: Bool) -> AccessibleScene {
        AccessibleScene(scene: self, label: hidden ? nil : accessibilityLabel, hidden: hidden)
    }

    /// The display list of the frame at `time`.
    package func displayList(size: CGSize, time: FrameTime) -> DisplayList {
        Canvas { context, size in draw(in: &context, size: size, time: time) }
            .displayList(size: size, observer: nil, frameDate: timelineDate(at: time))
    }
}
