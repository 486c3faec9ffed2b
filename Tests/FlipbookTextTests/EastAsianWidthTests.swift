import FlipbookText
import Foundation
import Testing

/// East Asian widths from Unicode's table (UAX #11): wide and fullwidth characters — and the
/// unassigned code points of the CJK blocks, which default to wide — and no others.
@Test func wideCharactersAreUnicodes() {
    for wide in ["新", "가", "Ａ", "\u{9FFF}", "\u{3000}", "👍"] {
        #expect(EastAsianWidth.isWide(wide.unicodeScalars.first!), "\(wide)")
    }
    for narrow in ["A", "ｱ", "é", "\u{05D0}", "\u{301}"] {
        #expect(!EastAsianWidth.isWide(narrow.unicodeScalars.first!), "\(narrow)")
    }
}

/// The terminal columns a character takes: wide and fullwidth two, combining marks and
/// invisible joiners none.
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
