import FlipbookTimeline

/// A time as a preset writes one in a string: seconds (`"1.5s"`) or frames at the preset's
/// frame rate (`"36f"`). Read by the decoder (a number is seconds there) and by the command
/// line (`flipbook inspect --time 36f`), so that both take the same times.
package enum PresetTime: Hashable, Sendable {
    case seconds(Double)
    case frames(Int)

    /// `"1.5s"` or `"36f"`; `nil` for anything else.
    package init?(parsing text: String) {
        if text.hasSuffix("f"), let frames = Int(text.dropLast()) {
            self = .frames(frames)
        } else if text.hasSuffix("s"), let seconds = Double(text.dropLast()) {
            self = .seconds(seconds)
        } else {
            return nil
        }
    }

    /// The time in seconds at `rate` (frame `n` shows at n · den / num seconds).
    package func seconds(at rate: FrameRate) -> Double {
        switch self {
        case .seconds(let seconds): seconds
        case .frames(let frames): Double(frames) * Double(rate.denominator) / Double(rate.numerator)
        }
    }
}
