import FlipbookText
import Foundation
import Testing

/// Right-to-left text: the characters of a line, by their index in the text, as they are set
/// from left to right.
private func visualOrder(_ text: String, maxWidth: Double? = nil) -> [[Int]] {
    TextLayout(text, style: TextLayout.Style(size: 20), maxWidth: maxWidth).lines.map { line in
        line.glyphs.sorted { $0.position.x < $1.position.x }.map(\.character)
    }
}

@Test func hebrewReadsRightToLeft() {
    #expect(visualOrder("אבג") == [[2, 1, 0]])
}

@Test func numbersInRightToLeftTextReadLeftToRight() {
    // "אבג 123": the number keeps its digits' order and stands left of the word.
    #expect(visualOrder("אבג 123") == [[4, 5, 6, 3, 2, 1, 0]])
    // Arabic-Indic digits ("١٢٣") likewise.
    #expect(visualOrder("س ١٢٣") == [[2, 3, 4, 1, 0]])
    // A decimal point and a thousands separator stay inside the number.
    #expect(visualOrder("א 1,234.5") == [[2, 3, 4, 5, 6, 7, 8, 1, 0]])
}

@Test func latinWordsInRightToLeftTextReadLeftToRight() {
    // "אב cd גד": a right-to-left paragraph; "cd" keeps its order in the middle.
    #expect(visualOrder("אב cd גד") == [[7, 6, 5, 3, 4, 2, 1, 0]])
}

@Test func rightToLeftWordsInLeftToRightTextAreReversedInPlace() {
    // "ab גד ef": the paragraph is left to right (its first letter is), the Hebrew word turns.
    #expect(visualOrder("ab גד ef") == [[0, 1, 2, 4, 3, 5, 6, 7]])
}

@Test func eachLineOfWrappedRightToLeftTextIsOrderedOnItsOwn() {
    // Two words per line at most: each line reads right to left, the first line holding the
    // first words.
    let lines = visualOrder("אב גד הו זח", maxWidth: 60)
    #expect(lines.count >= 2)
    #expect(lines[0].allSatisfy { $0 < lines[1].min()! })
    for line in lines where !line.isEmpty {
        let letters = line.filter { ![2, 5, 8].contains($0) }
        #expect(letters == letters.sorted(by: >))
    }
}

@Test func bracketsTakeTheDirectionOfWhatTheyHold() {
    // "אב cd (ef)": Latin words ending a Hebrew line with a parenthesis; the closing bracket
    // stays with "ef" (N0) instead of jumping to the line's right-to-left end.
    #expect(visualOrder("אב cd (ef)") == [[3, 4, 5, 6, 7, 8, 9, 2, 1, 0]])
    // Brackets around Hebrew in a Hebrew line belong to it (and are mirrored by the font).
    #expect(visualOrder("א (בג) d") == [[7, 6, 5, 4, 3, 2, 1, 0]])
    // A closing bracket of another kind does not close the pair.
    #expect(visualOrder("אב cd (ef]") == [[9, 3, 4, 5, 6, 7, 8, 2, 1, 0]])
}

@Test func eachParagraphHasItsOwnDirection() {
    // "abc\nאב 12!": the second paragraph is right to left although the text starts in Latin,
    // so its "!" ends it on the left: "!12 בא".
    #expect(visualOrder("abc\nאב 12!") == [[0, 1, 2], [9, 7, 8, 6, 5, 4]])
}

@Test func isolatesAndOverridesDirectTheTextTheyHold() {
    /// The line's visible characters as set, without the (invisible) controls at `controls`.
    func visible(_ text: String, controls: Set<Int>) -> [Int] {
        visualOrder(text)[0].filter { !controls.contains($0) }
    }
    // "Rated אבג - 3 stars": without an isolate the number joins the Hebrew name and shows
    // before it ("Rated 3 - גבא stars") …
    #expect(
        visible("Rated אבג - 3 stars", controls: [])
            == [0, 1, 2, 3, 4, 5, 12, 11, 10, 9, 8, 7, 6, 13, 14, 15, 16, 17, 18])
    // … inside a first-strong isolate (FSI … PDI, what a template wraps a name in) the name
    // is set on its own and the number stays after it …
    #expect(
        visible("Rated \u{2068}אבג\u{2069} - 3 stars", controls: [6, 10])
            == [0, 1, 2, 3, 4, 5, 9, 8, 7, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    // … and a paragraph starting with it takes its direction from what follows ("stars").
    #expect(
        visible("\u{2068}אבג\u{2069} - 3 stars", controls: [0, 4])
            == [3, 2, 1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    // A right-to-left override (RLO … PDF) sets Latin letters right to left.
    #expect(visible("ab \u{202E}cd\u{202C} ef", controls: [3, 6]) == [0, 1, 2, 5, 4, 7, 8, 9])
}

@Test func anOverrideHoldsAcrossTheLinesItIsWrappedInto() {
    // "‮abc def ghi‬" (RLO … PDF), one word per line: the algorithm runs over the paragraph
    // before it is broken into lines, so every line's word reads backwards, not just the
    // first one's, where the override starts.
    let lines = visualOrder("\u{202E}abc def ghi\u{202C}", maxWidth: 45)
    #expect(
        lines.map { $0.filter { ![0, 4, 8, 12].contains($0) } } == [[3, 2, 1], [7, 6, 5], [11, 10, 9]])
}

@Test func leftToRightTextIsSetAsBefore() {
    // No right-to-left character: the pieces keep their order and HarfBuzz guesses direction.
    #expect(visualOrder("abc 123") == [[0, 1, 2, 3, 4, 5, 6]])
}

@Test func theLevelsFollowTheAlgorithm() {
    func levels(_ text: String) -> [UInt8] {
        BidiLevels.levels(of: Array(text), base: BidiLevels.paragraphLevel(of: text))
    }
    #expect(levels("abc") == [0, 0, 0])
    #expect(levels("אב 12") == [1, 1, 1, 2, 2])
    // An European number after Arabic letters is an Arabic number (W2); a trailing space
    // returns to the paragraph's level (L1).
    #expect(levels("ab س 1 ") == [0, 0, 0, 1, 1, 2, 0])
    // "א $12%": the currency sign and the percent sign join the number (W5), which sits at
    // level 2 inside the right-to-left line.
    #expect(levels("א $12%") == [1, 1, 2, 2, 2, 2])
    #expect(BidiLevels.visualOrder(of: [0, 1, 1, 2, 2, 1, 0]) == [0, 5, 3, 4, 2, 1, 6])
}

@Test func theClassTableKnowsTheScripts() {
    #expect(BidiClass("a" as Unicode.Scalar) == .leftToRight)
    #expect(BidiClass("א" as Unicode.Scalar) == .rightToLeft)
    #expect(BidiClass("س" as Unicode.Scalar) == .arabicLetter)
    #expect(BidiClass("١" as Unicode.Scalar) == .arabicNumber)
    #expect(BidiClass("7" as Unicode.Scalar) == .europeanNumber)
    #expect(BidiClass(" " as Unicode.Scalar) == .whitespace)
    #expect(BidiClass("\u{0301}" as Unicode.Scalar) == .nonspacingMark)
    #expect(BidiClass("\u{200B}" as Unicode.Scalar) == .boundaryNeutral)
    #expect(BidiClass("漢" as Unicode.Scalar) == .leftToRight)
}
