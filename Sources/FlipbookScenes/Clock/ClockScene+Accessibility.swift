import FlipbookCanvas
import FlipbookTimeline

extension ClockScene {
    public var accessibilityLabel: String? {
        "An analogue clock whose second hand ticks once every \(interval) seconds."
    }
}
