import FlipbookText
import Foundation
import Testing

/// The lines of `text` set 20 points large within `width`, as strings.
private func lines(_ text: String, width: Double) -> (lines: [String], overflowed: Bool) {
    let layout = TextLayout(text, style: TextLayout.Style(size: 20), maxWidth: width)
    let characters = Array(text)
    let lines = layout.lines.map { line in
        String(Set(line.glyphs.map(\.character)).sorted().map { characters[$0] })
    }
    return (lines, layout.overflowed)
}

@Test func japaneseWrapsBetweenCharactersWithoutOverflowing() {
    let text = "新しいバージョンが公開されました。今すぐダウンロードしてください。"
    let (wrapped, overflowed) = lines(text, width: 200)
    #expect(wrapped.count > 2)
    #expect(!overflowed)
    #expect(wrapped.joined() == text)
}

@Test func noLineStartsWithClosingPunctuationOrEndsWithOpeningPunctuation() {
    let text = "「新版」が公開、今すぐ（無料で）お試しください。ダウンロードはこちら。"
    for width in stride(from: 60.0, through: 400, by: 10) {
        let (wrapped, _) = lines(text, width: width)
        #expect(wrapped.joined() == text)
        for line in wrapped.dropFirst() {
            #expect(!"」、。）ー".contains(line.first!), "width \(width): \(wrapped)")
        }
        for line in wrapped.dropLast() {
            #expect(!"「（".contains(line.last!), "width \(width): \(wrapped)")
        }
    }
}

@Test func koreanAndLatinWordsStayWhole() {
    // From the widest word's width up (five syllables at 20 points): Korean breaks at spaces
    // only, though Unicode's default would break between any two syllables.
    for text in ["안녕하세요 여러분 반갑습니다", "Flipbook renders videos"] {
        for width in stride(from: 100.0, through: 300, by: 5) {
            let (wrapped, _) = lines(text, width: width)
            let words = Set(text.split(separator: " ").map(String.init))
            for line in wrapped {
                #expect(line.split(separator: " ").allSatisfy { words.contains(String($0)) }, "\(wrapped)")
            }
        }
    }
}

/// The first and last character (by index in `text`) of each line of `text` set 20 points
/// large within `width`: spaces where a line broke belong to no line, and ligatures ("ff")
/// hold two characters in one glyph, so ranges describe lines where glyphs cannot.
private func lineRanges(_ text: String, width: Double) -> [ClosedRange<Int>] {
    TextLayout(text, style: TextLayout.Style(size: 20), maxWidth: width).lines.map { line in
        let characters = line.glyphs.map(\.character)
        return characters.min()!...characters.max()!
    }
}

@Test func hyphenatedWordsWrapAfterTheirHyphens() {
    // Too wide for the line as a whole: broken after a hyphen, not between two letters.
    let text = "state-of-the-art"
    let characters = Array(text)
    for width in stride(from: 70.0, through: 150, by: 10) {
        let overflowed = TextLayout(text, style: TextLayout.Style(size: 20), maxWidth: width).overflowed
        let ranges = lineRanges(text, width: width)
        #expect(!overflowed, "width \(width): \(ranges)")
        #expect(ranges.count > 1, "width \(width)")
        #expect(
            ranges.dropLast().allSatisfy { characters[$0.upperBound] == "-" }, "width \(width): \(ranges)")
    }
}

@Test func numbersNoBreakSpacesAndClosingMarksStayWithTheirWords() {
    // A no-break space holds "10 km" together; "$12.50" and "(3%)" are never cut; "!" after a
    // space (French typography) does not start a line.
    let text = "Only 10\u{00A0}km to go: $12.50 (3%) off, bonjour !"
    let characters = Array(text)
    let wholes = ["10\u{00A0}km", "$12.50", "(3%)", "bonjour !"].map { piece in
        let start = characters.indices.first { characters[$0...].starts(with: Array(piece)) }!
        return start...(start + piece.count - 1)
    }
    // From the width of the widest of them up: a narrower line cuts any word between characters.
    for width in stride(from: 110.0, through: 400, by: 10) {
        let ranges = lineRanges(text, width: width)
        for whole in wholes {
            #expect(
                ranges.contains { $0.contains(whole.lowerBound) && $0.contains(whole.upperBound) },
                "width \(width): \(ranges)")
        }
    }
}

@Test func aSoftHyphenShowsOnlyWhereALineBreaksAtIt() {
    let word = "Donau\u{00AD}dampf\u{00AD}schiff\u{00AD}fahrt"
    let style = TextLayout.Style(size: 20)
    let plain = TextLayout("Donaudampfschifffahrt", style: style, maxWidth: nil)
    // On one line the soft hyphens take no room and draw nothing.
    let unbroken = TextLayout(word, style: style, maxWidth: nil)
    #expect(abs(unbroken.lines[0].width - plain.lines[0].width) < 0.01)
    // Wrapped, each line but the last ends in a visible hyphen where a soft one was, and
    // still fits.
    let softHyphens: Set<Int> = [5, 11, 18]
    for width in stride(from: 90.0, through: 200, by: 10) {
        let layout = TextLayout(word, style: style, maxWidth: width)
        let overflowed = layout.overflowed
        #expect(!overflowed, "width \(width)")
        #expect(layout.lines.count > 1)
        for (number, line) in layout.lines.enumerated() {
            let last = line.glyphs.max { $0.character < $1.character }!
            let endsAtSoftHyphen = softHyphens.contains(last.character)
            #expect(endsAtSoftHyphen == (number < layout.lines.count - 1), "width \(width)")
            if endsAtSoftHyphen { #expect(last.advance > 3, "width \(width): the hyphen is drawn") }
            #expect(line.width <= width + 0.01, "width \(width)")
        }
    }
}

@Test func aTruncatedLineJoinsWordsBrokenAtHyphensWithoutSpaces() {
    // One line at most: the rest of the text joins it with a space only where the text has
    // one, so "state-of-the-art" is not set as "state-of- the-art" (a space put there would
    // stand for the "t" after it: two glyphs of one character).
    let text = "state-of-the-art renderers"
    for width in stride(from: 90.0, through: 250, by: 10) {
        let layout = TextLayout(
            runs: [TextLayout.Run(text, style: TextLayout.Style(size: 20))], maxWidth: width, lineLimit: 1)
        let characters = layout.lines[0].glyphs.map(\.character)
        #expect(
            zip(characters, characters.dropFirst()).allSatisfy { $0 < $1 }, "width \(width): \(characters)")
    }
}

@Test func everyMandatoryBreakEndsALine() {
    // Line feed, carriage return with or without it, the line and paragraph separators, next
    // line, vertical tab and form feed: each ends the line, and none of them is drawn.
    for separator in ["\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\u{0085}", "\u{000B}", "\u{000C}"] {
        let layout = TextLayout("ab" + separator + "cd", style: TextLayout.Style(size: 20))
        #expect(
            layout.lines.map { $0.glyphs.map(\.character) } == [[0, 1], [3, 4]],
            "\(separator.unicodeScalars.map(\.value))")
    }
}

/// The character indices at which each word of `words` but the first starts, in their joined text.
private func wordStarts(_ words: [String]) -> [Int] {
    words.dropLast().reduce(into: [0]) { starts, word in starts.append(starts.last! + word.count) }
        .dropFirst()
        .map { $0 }
}

@Test func thaiLaoAndKhmerBreakBetweenTheirWords() {
    // Written without spaces; ICU's dictionaries find the words (class SA, complex context).
    for words in [
        ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "ไม่มี", "การ", "เว้น", "วรรค"],
        ["ພາສາ", "ລາວ", "ເປັນ", "ພາສາ", "ທາງການ"],
        ["ភាសាខ្មែរ", "គឺជា", "ភាសាផ្លូវការ"],
    ] {
        let breaks = LineBreaks.opportunities(between: Array(words.joined()))
        #expect(breaks.indices.filter { breaks[$0] } == wordStarts(words), "\(words)")
    }
    // Around a Thai run, UAX #14 decides: after the space, not between "v2" and the Thai word.
    let mixed = Array("Flipbook v2ภาษาไทย")
    let breaks = mixed.indices.filter { LineBreaks.opportunities(between: mixed)[$0] }
    #expect(breaks == [9, 15], "\(breaks)")
}

@Test func aThaiSentenceWrapsAtItsWordsInsteadOfOverflowing() {
    let words = ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "ไม่มี", "การ", "เว้น", "วรรค", "ระหว่าง", "คำ"]
    let text = words.joined()
    let starts = Set([0] + wordStarts(words))
    let layout = TextLayout(text, style: TextLayout.Style(size: 20), maxWidth: 120)
    #expect(layout.lines.count > 2 && !layout.overflowed)
    for line in layout.lines {
        let first = line.glyphs.map(\.character).min()!
        #expect(starts.contains(first), "a line starts inside a word, at character \(first)")
    }
}
