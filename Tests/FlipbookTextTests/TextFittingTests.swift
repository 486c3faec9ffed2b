import FlipbookText
import Testing

/// A line limit cuts text with "…"; a minimum scale factor sets text that does not fit smaller
/// first (SwiftUI's `lineLimit` and `minimumScaleFactor`).
private let headline = "A much longer headline than the designer planned for, from a table of variants"
private let style = TextLayout.Style(size: 30)

/// The characters a line shows, read back from its glyphs (the ellipsis has a glyph of its own).
private func ellipsisEnds(_ line: TextLayout.Line) -> Bool {
    guard let last = line.glyphs.last else { return false }
    return last.glyph == last.face.glyph(for: "\u{2026}")
}

@Test func aLineLimitCutsTheLastLineWithAnEllipsisThatFits() throws {
    let free = TextLayout(runs: [TextLayout.Run(headline, style: style)], maxWidth: 300)
    #expect(free.lines.count > 2 && !free.overflowed)
    let cut = TextLayout(runs: [TextLayout.Run(headline, style: style)], maxWidth: 300, lineLimit: 2)
    #expect(cut.lines.count == 2 && cut.overflowed)
    #expect(cut.lines.allSatisfy { $0.width <= 300 })
    #expect(ellipsisEnds(cut.lines[1]))
    #expect(!ellipsisEnds(cut.lines[0]))
    // The first line is as without the limit; the second holds more than its own words would.
    #expect(cut.lines[0].glyphs.count == free.lines[0].glyphs.count)
    #expect(cut.lines[1].width > free.lines[1].width * 0.8)
    // A text that fits its limit is not touched.
    let fits = TextLayout(runs: [TextLayout.Run("Short", style: style)], maxWidth: 300, lineLimit: 1)
    #expect(!fits.overflowed && fits.lines.count == 1 && !ellipsisEnds(fits.lines[0]))
}

@Test func withoutAWidthALineLimitKeepsTheFirstLinesAndMarksTheCut() throws {
    let layout = TextLayout(runs: [TextLayout.Run("one\ntwo\nthree", style: style)], lineLimit: 2)
    #expect(layout.lines.count == 2 && layout.overflowed)
    #expect(layout.lines[1].glyphs.count == 4, "t, w, o and the ellipsis")
    #expect(ellipsisEnds(layout.lines[1]))
}

@Test func aMinimumScaleFactorSetsTextSmallerUntilItFits() throws {
    let runs = [TextLayout.Run("Single line that is too long", style: style)]
    let natural = TextLayout(runs: runs).size.width
    // Room for 80 % of it on one line: scaled by about 0.8, not cut.
    let shrunk = TextLayout(runs: runs, maxWidth: natural * 0.8, lineLimit: 1, minimumScaleFactor: 0.5)
    #expect(shrunk.lines.count == 1 && !shrunk.overflowed)
    #expect(shrunk.size.width <= natural * 0.8)
    #expect(shrunk.size.width >= natural * 0.8 * 0.97, "the largest scale that fits, to 1 %")
    // Too little room even at the smallest scale: set at that scale, then cut.
    let cut = TextLayout(runs: runs, maxWidth: natural * 0.3, lineLimit: 1, minimumScaleFactor: 0.5)
    #expect(cut.overflowed && ellipsisEnds(cut.lines[0]))
    #expect(abs(cut.lineHeight - TextLayout(runs: runs).lineHeight * 0.5) < 0.5)
    // A box's height: wrapped text set smaller until its lines fit.
    let wrapped = TextLayout(runs: [TextLayout.Run(headline, style: style)], maxWidth: 300)
    let boxed = TextLayout(
        runs: [TextLayout.Run(headline, style: style)], maxWidth: 300, minimumScaleFactor: 0.3,
        maxHeight: wrapped.size.height / 2)
    #expect(boxed.size.height <= wrapped.size.height / 2 && !boxed.overflowed)
}

@Test func shrinkingFindsTheLargestSizeThatFitsAndNeverGoesBelowTheMinimum() throws {
    let runs = [TextLayout.Run(headline, style: style)]
    let fits = { (layout: TextLayout, height: Double) in !layout.overflowed && layout.size.height <= height }
    for height in [60.0, 90, 140] {
        let fitted = TextLayout(runs: runs, maxWidth: 300, minimumScaleFactor: 0.2, maxHeight: height)
        #expect(fitted.scale >= 0.2 && fitted.scale < 1 && !fitted.needsSmallerScale)
        #expect(fits(fitted, height), "\(fitted.size) in \(height)")
        // The layout at that scale, set again from its size, is the same; one step larger (1 %
        // of the size, the search's step) no longer fits.
        let size = { (scale: Double) in TextLayout.Style(size: style.size * scale) }
        let again = TextLayout(runs: [TextLayout.Run(headline, style: size(fitted.scale))], maxWidth: 300)
        #expect(again.size == fitted.size)
        let larger = TextLayout(
            runs: [TextLayout.Run(headline, style: size(fitted.scale + 0.01))], maxWidth: 300)
        #expect(!fits(larger, height), "scale \(fitted.scale) + 0.01 fits \(height) too")
    }
    // A box no scale down to the minimum fits: set at the minimum, never below, and said so.
    let tooSmall = TextLayout(runs: runs, maxWidth: 300, minimumScaleFactor: 0.5, maxHeight: 10)
    #expect(tooSmall.scale == 0.5 && tooSmall.needsSmallerScale)
    #expect(abs(try #require(tooSmall.lines.first?.glyphs.first).size - style.size * 0.5) < 1e-9)
}

/// What each line shows: its glyphs read back as their characters, "…" for the ellipsis.
private func shown(_ layout: TextLayout, of text: String) -> [String] {
    let characters = Array(text)
    return layout.lines.map { line in
        String(
            line.glyphs.map { glyph in
                glyph.glyph == glyph.face.glyph(for: "\u{2026}") ? "\u{2026}" : characters[glyph.character]
            })
    }
}

@Test(arguments: TextLayout.TruncationMode.allCases)
func aTruncationModeCutsTheTextWhereItSays(_ mode: TextLayout.TruncationMode) throws {
    let layout = TextLayout(
        runs: [TextLayout.Run(headline, style: style)], maxWidth: 300, lineLimit: 1, truncationMode: mode)
    let line = try #require(shown(layout, of: headline).first)
    #expect(layout.lines.count == 1 && layout.overflowed)
    #expect(layout.size.width <= 300 && layout.size.width > 270, "as much as fits: \(line)")
    let parts = line.split(separator: "\u{2026}", omittingEmptySubsequences: false).map(String.init)
    #expect(parts.count == 2, "one ellipsis: \(line)")
    let (before, after) = (parts[0], parts[1])
    switch mode {
    case .tail:
        #expect(after.isEmpty && headline.hasPrefix(before), "\(line)")
    case .head:
        #expect(before.isEmpty && headline.hasSuffix(after), "\(line)")
    case .middle:
        #expect(headline.hasPrefix(before) && headline.hasSuffix(after), "\(line)")
        #expect(abs(before.count - after.count) <= 2, "half before the cut, half after: \(line)")
    }
    // Every glyph keeps its own character's index: the last one is the text's last character.
    if mode != .tail {
        #expect(layout.lines[0].glyphs.last?.character == headline.count - 1)
    }
}

@Test func withoutAWidthAHeadOrMiddleCutKeepsTheLastLine() throws {
    let text = "one\ntwo\nthree"
    func cut(_ mode: TextLayout.TruncationMode) -> [String] {
        shown(
            TextLayout(runs: [TextLayout.Run(text, style: style)], lineLimit: 2, truncationMode: mode),
            of: text)
    }
    #expect(cut(.tail) == ["one", "two\u{2026}"])
    #expect(cut(.head) == ["one", "\u{2026}three"])
    #expect(cut(.middle) == ["one", "two\u{2026}three"])
}
