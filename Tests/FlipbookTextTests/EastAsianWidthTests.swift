import FlipbookText
import Foundation
import Testing

/// East Asian widths from Unicode's table (UAX #11), and the terminal columns a character
/// takes: wide and fullwidth two, combining marks and invisible joiners none.
@Test func eastAsianWidthsAreUnicodes() {
    #expect(EastAsianWidth("新") == .wide)
    #expect(EastAsianWidth("가") == .wide)
    #expect(EastAsianWidth("Ａ") == .fullwidth)
    #expect(EastAsianWidth("ｱ") == .halfwidth)
    #expect(EastAsianWidth("A") == .narrow)
    #expect(EastAsianWidth("é") == .ambiguous)
    #expect(EastAsianWidth("\u{05D0}") == .neutral)
    // An unassigned code point of the CJK block defaults to wide.
    #expect(EastAsianWidth("\u{9FFF}") == .wide)
}

@Test func aCharacterTakesTheColumnsATerminalGivesIt() {
    #expect(EastAsianWidth.columns(of: "a") == 1)
    #expect(EastAsianWidth.columns(of: "東") == 2)
    #expect(EastAsianWidth.columns(of: "e\u{301}") == 1)
    #expect(EastAsianWidth.columns(of: "\u{301}") == 0)
    #expect(EastAsianWidth.columns(of: "\u{200D}") == 0)
    #expect(EastAsianWidth.columns(of: "👍") == 2)
    #expect(EastAsianWidth.columns(of: "👨\u{200D}👩\u{200D}👧") == 2)
    #expect(EastAsianWidth.columns(of: "❤\u{FE0F}") == 2)
}
