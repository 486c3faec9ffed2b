import FlipbookText
import Testing

/// Balanced lines (CSS's `text-wrap: balance`): as many lines as greedy wrapping takes, their
/// lengths as equal as they can be.
private let headlines = [
    "Flipbook renders animated scenes to video, headless on Linux",
    "Quarterly results beat every forecast for the third year running",
    "The new bridge opens to traffic after six years of building work",
    "Local bakery wins the national prize for the best sourdough",
]
private let style = TextLayout.Style(size: 40)

/// The widest line's width less the narrowest's.
private func spread(_ layout: TextLayout) -> Double {
    let widths = layout.lines.map(\.width)
    return (widths.max() ?? 0) - (widths.min() ?? 0)
}

@Test(arguments: headlines)
func balancedHeadlinesKeepTheLineCountAndEvenTheLines(headline: String) {
    let runs = [TextLayout.Run(headline, style: style)]
    // Room for 70 % of the headline on a line: greedy wrapping leaves the second line short.
    let width = TextLayout(runs: runs).size.width * 0.7
    let greedy = TextLayout(runs: runs, maxWidth: width)
    let balanced = TextLayout(runs: runs, maxWidth: width, wrap: .balance)
    #expect(greedy.lines.count >= 2, "a headline of several lines: \(greedy.lines.map(\.width))")
    #expect(balanced.lines.count == greedy.lines.count)
    #expect(!balanced.overflowed && balanced.lines.allSatisfy { $0.width <= width })
    #expect(
        spread(balanced) < spread(greedy),
        "greedy \(greedy.lines.map(\.width)), balanced \(balanced.lines.map(\.width))")
    // Every character but the spaces where lines break is still set, in order.
    let characters = Array(headline)
    let set = { (layout: TextLayout) in
        layout.lines.flatMap(\.glyphs).map(\.character).filter { characters[$0] != " " }
    }
    #expect(set(balanced) == set(greedy))
}

@Test func balancingFindsTheNarrowestWidthThatKeepsTheLineCount() throws {
    let runs = [TextLayout.Run(headlines[0], style: style)]
    let balanced = TextLayout(runs: runs, maxWidth: 600, wrap: .balance)
    let widest = try #require(balanced.lines.map(\.width).max())
    // Wrapped greedily at its widest line, the text takes the same lines; a little narrower
    // (past the search's tolerance), it takes one more.
    let atWidest = TextLayout(runs: runs, maxWidth: widest + 0.01)
    #expect(atWidest.lines.map(\.width) == balanced.lines.map(\.width))
    let narrower = TextLayout(runs: runs, maxWidth: widest - 1)
    #expect(narrower.lines.count > balanced.lines.count)
}

@Test func oneLineAndTextCutAtItsLineLimitAreNotBalanced() {
    let short = [TextLayout.Run("Short headline", style: style)]
    #expect(
        TextLayout(runs: short, maxWidth: 600, wrap: .balance).lines.map(\.width)
            == TextLayout(runs: short, maxWidth: 600).lines.map(\.width))
    let long = [TextLayout.Run(headlines[1], style: style)]
    let cut = TextLayout(runs: long, maxWidth: 600, lineLimit: 1, wrap: .balance)
    #expect(cut.lines.count == 1 && cut.truncated)
}
