import FlipbookTimeline
import Testing

@Test func rationalRatesAreStoredInLowestTerms() {
    #expect(FrameRate(60_000, 2002) == FrameRate(30_000, 1001))
    #expect(FrameRate(30_000, 1001)?.description == "30000/1001")
}

@Test(arguments: [
    ("60", 60, 1), ("30000/1001", 30_000, 1001), ("29.97", 2997, 100), ("23.976", 2997, 125),
])
func parsingAcceptsIntegersFractionsAndDecimals(text: String, numerator: Int, denominator: Int) {
    let rate = FrameRate(parsing: text)
    #expect(rate?.numerator == numerator)
    #expect(rate?.denominator == denominator)
}

@Test(arguments: ["", "0", "-5", "1/0", "abc", "60/", "1e3", "2000000"])
func parsingRejectsNonsense(text: String) {
    #expect(FrameRate(parsing: text) == nil)
}

@Test func frameTimesComeFromTheIndexNotFromASum() {
    let rate = FrameRate(30_000, 1001)!
    #expect(rate.seconds(ofFrame: 90) == 3.003)
    #expect(rate.seconds(ofFrame: 1_000_000) == 1_000_000.0 * 1001 / 30_000)
}
