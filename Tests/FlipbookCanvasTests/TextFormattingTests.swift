import FlipbookCanvas
import FlipbookGeometry
import FlipbookTimeline
import Foundation
import Testing

/// The characters `text` shows when drawn `seconds` into the video, in a canvas changed by
/// `configure` (its environment).
private func shown(_ text: Text, at seconds: Double = 0, configure: (Canvas) -> Canvas = { $0 }) -> String {
    var result = ""
    let canvas = configure(Canvas { context, _ in result = context.resolve(text).string })
    _ = canvas.scene.displayList(
        size: CGSize(width: 10, height: 10), time: FrameTime(index: 0, seconds: seconds))
    // ICU puts a narrow no-break space before AM/PM; compare with plain spaces.
    return result.replacingOccurrences(of: "\u{202F}", with: " ")
}

private let start = FrameTime.startDate

@Suite struct TextFormattingTests {
    @Test func dateStylesShowTheDateInTheFixedLocaleAndTimeZone() {
        #expect(shown(Text(start, style: .time)) == "12:00 AM")
        #expect(shown(Text(start, style: .date)) == "January 1, 2001")
        #expect(
            shown(Text(start, style: .date)) { $0.environment(\.locale, Locale(identifier: "de_DE")) }
                == "1. Januar 2001")
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(shown(Text(start, style: .time)) { $0.environment(\.timeZone, newYork) } == "7:00 PM")
    }

    @Test func timersAndRelativeDatesCountFromTheFramesDate() {
        let launch = start.addingTimeInterval(135)
        #expect(shown(Text(launch, style: .timer)) == "2:15")
        #expect(shown(Text(launch, style: .timer), at: 75) == "1:00")
        #expect(shown(Text(launch, style: .timer), at: 75.9) == "0:59")
        #expect(shown(Text(launch, style: .timer), at: 200) == "1:05")
        #expect(shown(Text(start.addingTimeInterval(3723), style: .timer)) == "1:02:03")
        let later = start.addingTimeInterval(8100)
        #expect(shown(Text(later, style: .relative)) == "2 hours, 15 minutes")
        #expect(shown(Text(later, style: .offset)) == "+2 hours, 15 minutes")
        #expect(shown(Text(start, style: .offset), at: 180) == "-3 minutes")
        #expect(shown(Text(start, style: .relative), at: 45) == "45 seconds")
    }

    @Test func formatStylesFollowTheCanvasLocale() {
        let price = Text(1234.5678, format: .number.precision(.fractionLength(2)))
        #expect(shown(price) == "1,234.57")
        #expect(shown(price) { $0.environment(\.locale, Locale(identifier: "de_DE")) } == "1.234,57")
        #expect(shown(Text(0.256, format: .percent)) == "25.6%")
        let day = Text(start, format: .dateTime.year().month().day())
        #expect(shown(day) == "Jan 1, 2001")
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(shown(day) { $0.environment(\.timeZone, newYork) } == "Dec 31, 2000")
        #expect(shown(Text(start, format: .relative(presentation: .numeric)), at: 120) == "2 minutes ago")
    }

    @Test func joinedTextFormatsEveryPiece() {
        let text =
            Text("T-") + Text(start.addingTimeInterval(10), style: .timer) + Text(" · ")
            + Text(3, format: .number)
        #expect(shown(text, at: 4) == "T-0:06 · 3")
        #expect(text.content == "T-0:10 · 3")
    }

    @Test func theSameFrameShowsTheSameTextEveryTime() {
        let text = Text(start.addingTimeInterval(90), style: .relative)
        #expect(shown(text, at: 30) == shown(text, at: 30))
    }
}
