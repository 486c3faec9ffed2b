import FlipbookTimeline
import Foundation

/// What drawing reads from its surroundings, as SwiftUI's `EnvironmentValues`: the locale,
/// calendar and time zone that format text, paragraph settings, the images `Image("name")`
/// finds, and the date the frame shows.
///
/// Fixed by default — en_US, Gregorian, UTC — never taken from the machine, so a video renders
/// the same everywhere. Set values on a canvas: `Canvas { … }.environment(\.locale, Locale(
/// identifier: "de_DE"))`; read them in the closure as `context.environment`.
public struct EnvironmentValues: Sendable {
    public var locale = Locale(identifier: "en_US")
    public var timeZone = TimeZone(identifier: "UTC") ?? .gmt
    /// Gregorian, in `timeZone`, unless set.
    public var calendar: Calendar {
        get {
            var calendar = customCalendar ?? Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            calendar.locale = locale
            return calendar
        }
        set { customCalendar = newValue }
    }
    private var customCalendar: Calendar?
    /// How lines of text align, unless the text sets its own.
    public var multilineTextAlignment = TextAlignment.leading
    /// Extra points between lines of text, unless the text sets its own.
    public var lineSpacing = 0.0
    /// At most this many lines of text (`nil`: any), unless the text sets its own.
    public var lineLimit: Int?
    /// Where text cut short at its line limit loses characters, unless the text sets its own.
    public var truncationMode = Text.TruncationMode.tail
    /// The case every letter of text is set in (`nil`: as written), unless the text sets its own.
    public var textCase: Text.Case?
    /// How much smaller text may be set to fit, unless the text sets its own (1: not at all).
    public var minimumScaleFactor = 1.0
    /// Where `Image("name")` looks for pictures; empty by default.
    public var imageCatalog = ImageCatalog()
    /// The date the frame shows — "now" for `Text(date, style: .timer)` and other relative
    /// dates: the scene's timeline date (`FrameTime.startDate` plus the frame's time, or a
    /// `TimelineView`'s current entry). Flipbook's addition: a video has no wall clock.
    public var frameDate = FrameTime.startDate
    /// Pixels per point of the render: `ImageRenderer.scale`, a render's `--scale`. Filters'
    /// lengths — blur and shadow radii, shadow offsets — are points of the canvas, so
    /// `addFilter` multiplies them by it, and a picture rendered at twice the scale is the same
    /// picture with twice the pixels.
    public var displayScale = 1.0

    public init() {}
}

/// An environment that never changes once made, shared by every context that has it.
final class EnvironmentStorage: Sendable {
    let values: EnvironmentValues

    init(_ values: EnvironmentValues) {
        self.values = values
    }

    /// The default environment, shared by every context that does not change it.
    static let standard = EnvironmentStorage(EnvironmentValues())
}
