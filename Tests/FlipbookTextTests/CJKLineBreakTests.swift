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

@Test func koreanAndLatinBreakOnlyAtSpaces() {
    for text in ["안녕하세요 여러분 반갑습니다", "Flipbook renders videos"] {
        let (wrapped, _) = lines(text, width: 120)
        let words = Set(text.split(separator: " ").map(String.init))
        for line in wrapped {
            #expect(line.split(separator: " ").allSatisfy { words.contains(String($0)) }, "\(wrapped)")
        }
    }
}
