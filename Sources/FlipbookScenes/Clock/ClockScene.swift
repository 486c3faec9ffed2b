import FlipbookCanvas
import FlipbookGeometry
import FlipbookTimeline
import Foundation

/// An analogue clock on a periodic schedule, as the lesson's `TimelineView(.periodic(from:by:))`
/// example: the hands move once per `interval`, so between ticks every frame is the same picture
/// and Flipbook draws it once.
public struct ClockScene: AnimatedScene {
    /// Seconds between ticks (1 for a seconds hand that jumps).
    public var interval: Double
    /// The time the clock shows at the start of the video, seconds after midnight.
    public var startTime: Double
    public var faceColor: Color
    public var handColor: Color

    public init(
        interval: Double = 1, startTime: Double = 10 * 3600 + 8 * 60, faceColor: Color = .white,
        handColor: Color = .black
    ) {
        self.interval = interval
        self.startTime = startTime
        self.faceColor = faceColor
        self.handColor = handColor
    }

    var timeline: TimelineView {
        let (start, face, hand) = (startTime, faceColor, handColor)
        return TimelineView(.periodic(from: 0, by: interval)) { timeline in
            Canvas { context, size in
                Self.drawFace(&context, size: size, seconds: start + timeline.seconds, face: face, hand: hand)
            }
        }
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        timeline.draw(in: &context, size: size, time: time)
    }

    public func timelineDate(at time: FrameTime) -> Date {
        timeline.timelineDate(at: time)
    }

    static func drawFace(
        _ context: inout GraphicsContext, size: CGSize, seconds: Double, face: Color, hand: Color
    ) {
        let radius = min(size.width, size.height) * 0.42
        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        context.fill(
            Path(
                ellipseIn: CGRect(
                    x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)),
            with: .color(face))
        var ticks = context
        ticks.translateBy(x: centre.x, y: centre.y)
        for hour in 0..<12 {
            var tick = ticks
            tick.rotate(by: .degrees(Double(hour) * 30))
            tick.fill(
                Path(
                    CGRect(x: -radius * 0.02, y: -radius * 0.95, width: radius * 0.04, height: radius * 0.12)),
                with: .color(hand))
        }
        // Hour and minute hands sweep; the seconds hand jumps to whole seconds.
        drawHand(&ticks, turns: seconds / 43_200, length: radius * 0.5, width: radius * 0.06, color: hand)
        drawHand(&ticks, turns: seconds / 3600, length: radius * 0.75, width: radius * 0.04, color: hand)
        let second = seconds.truncatingRemainder(dividingBy: 60).rounded(.down) / 60
        drawHand(&ticks, turns: second, length: radius * 0.85, width: radius * 0.015, color: .red)
    }

    private static func drawHand(
        _ context: inout GraphicsContext, turns: Double, length: Double, width: Double, color: Color
    ) {
        var hand = context
        hand.rotate(by: .radians(turns * 2 * .pi))
        hand.fill(
            Path(
                roundedRect: CGRect(x: -width / 2, y: -length, width: width, height: length + width),
                cornerRadius: width / 2, style: .circular), with: .color(color))
    }
}
