import FlipbookText
import Foundation
import Testing

/// Styled runs, wrapping, alignment and line spacing, measured: advance widths add up, lines
/// break within the width, aligned lines sit where their alignment says, and line boxes follow
/// the tallest run.
@Suite struct TextRunLayoutTests {
    private let regular = TextLayout.Style(font: FontDescriptor(), size: 20)
    private let big = TextLayout.Style(font: FontDescriptor(weight: 700), size: 40)

    @Test func runsFollowOneAnotherOnTheSameBaseline() {
        let first = TextLayout("Hello ", style: regular)
        let second = TextLayout("World", style: big)
        let both = TextLayout(runs: [.init("Hello ", style: regular), .init("World", style: big)])
        #expect(both.lines.count == 1)
        #expect(abs(both.size.width - (first.size.width + second.size.width)) < 0.01)
        // The line is as tall as its tallest run: its baseline is the big run's ascent.
        #expect(abs(both.lines[0].baseline - second.ascent) < 0.01)
        let runs = Set(both.lines[0].glyphs.map(\.run))
        #expect(runs == [0, 1])
        let lastOfFirst = both.lines[0].glyphs.filter { $0.run == 0 }.map(\.position.x).max()!
        let firstOfSecond = both.lines[0].glyphs.filter { $0.run == 1 }.map(\.position.x).min()!
        #expect(abs(firstOfSecond - first.size.width) < 0.01 && lastOfFirst < firstOfSecond)
    }

    @Test func wrappingKeepsEveryLineWithinTheWidth() {
        let text = "the quick brown fox jumps over the lazy dog again and again"
        let layout = TextLayout(runs: [.init(text, style: regular)], maxWidth: 150)
        #expect(layout.lines.count > 2)
        #expect(layout.lines.allSatisfy { $0.width <= 150 + 0.01 })
        // Every word is kept: the characters placed are the text's, less the spaces at breaks.
        let characters = Set(layout.lines.flatMap(\.glyphs).map(\.character))
        #expect(characters.count >= text.count - layout.lines.count + 1)
        // Lines are one line height apart.
        for (a, b) in zip(layout.lines, layout.lines.dropFirst()) {
            #expect(abs(b.baseline - a.baseline - layout.lineHeight) < 0.01)
        }
    }

    @Test func lineSpacingAddsToEveryGap() {
        let plain = TextLayout(runs: [.init("a\nb\nc", style: regular)])
        let spaced = TextLayout(runs: [.init("a\nb\nc", style: regular)], lineSpacing: 7)
        #expect(abs(spaced.size.height - plain.size.height - 14) < 0.01)
    }

    @Test(arguments: TextLayout.Alignment.allCases)
    func linesAlignWithinTheWidest(alignment: TextLayout.Alignment) {
        let layout = TextLayout(
            runs: [.init("a long first line\nshort", style: regular)], alignment: alignment)
        let (long, short) = (layout.lines[0], layout.lines[1])
        let expected: Double
        switch alignment {
        case .leading: expected = 0
        case .center: expected = (long.width - short.width) / 2
        case .trailing: expected = long.width - short.width
        }
        #expect(abs(short.x - expected) < 0.01)
        #expect(abs((short.glyphs.map(\.position.x).min() ?? 0) - expected) < 1.5)
        #expect(long.x == 0)
    }

    @Test func emojiComeFromAColourFontAndCyrillicAndUmlautsFromTheirs() {
        let layout = TextLayout(runs: [.init("Größe Привет 🎉", style: regular)])
        #expect(layout.missingCharacters.isEmpty)
        let colour = layout.colorGlyphs
        #expect(colour.count == 1)
        let bitmap = colour[0].bitmap
        let pixels = stride(from: 0, to: bitmap.premultipliedBGRA.count, by: 4).map {
            (bitmap.premultipliedBGRA[$0 + 2], bitmap.premultipliedBGRA[$0 + 1], bitmap.premultipliedBGRA[$0])
        }
        #expect(pixels.contains { $0.0 > 150 && $0.1 < 120 }, "the party popper has red or orange in it")
        // Drawn at the text's size: about one em wide.
        #expect(abs(colour[0].rect.width - 20 * 1.2) < 8)
    }
}
