import FlipbookText
import Testing

/// Random texts mixing every kind of character that line breaking and the bidirectional
/// algorithm treat apart — spaces of every kind, soft hyphens, dashes, brackets, numbers with
/// their signs, Hebrew and Arabic, embeddings, overrides and isolates, CJK and Korean, marks,
/// emoji and flags, mandatory breaks — set at random widths: every line keeps to the text's
/// order, and a text that did not overflow fits its width.
@Test func randomMixedTextsKeepTheirOrderAndFitTheirWidth() {
    let pool: [Character] = [
        "a", "b", "Z", " ", " ", "-", "\u{00AD}", "\u{00A0}", "\u{200B}", "\u{2060}", "א", "ב", "س", "ل", "١",
        "1", "2", ".", ",", "$", "%", "(", ")", "[", "]", "!", "?", "\"", "\u{202A}", "\u{202B}", "\u{202C}",
        "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "新",
        "し", "ょ", "。", "」", "「", "ー", "한", "국", "\u{0301}", "😀", "🇺", "🇸", "\n", "\u{2028}", "\t", "—",
        "/",
    ]
    // A fixed linear congruential generator: the same texts on every run.
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<3000 {
        let text = String((0..<next(40)).map { _ in pool[next(pool.count)] })
        let width = Double(20 + next(300))
        let layout = TextLayout(text, style: TextLayout.Style(size: 16), maxWidth: width)
        let described = "\(text.unicodeScalars.map { String($0.value, radix: 16) }) at \(width)"
        var previous = -1
        for line in layout.lines {
            let characters = line.glyphs.map(\.character)
            #expect(characters.allSatisfy { $0 >= 0 && $0 < text.count }, "\(described)")
            guard let first = characters.min(), let last = characters.max() else { continue }
            #expect(first > previous, "lines out of order: \(described)")
            previous = last
        }
        // A paragraph's own leading spaces stay, and may make its first line wider. (Lines
        // with characters no installed font has — CJK here — are held to the width too: their
        // fallback faces depend on the text before them, and the line breaker measures them
        // in their line.)
        let characters = Array(text)
        let overflowed = layout.overflowed
        for line in layout.lines where !overflowed {
            guard let first = line.glyphs.map(\.character).min(), characters[first] != " " else { continue }
            #expect(line.width <= width + 0.01, "too wide: \(described)")
        }
    }
}

@Test func aCharacterWiderThanTheLineOverflows() {
    // A single character cannot be cut, but the text still does not fit: `minimumScaleFactor`
    // relies on hearing so.
    func overflows(_ text: String, within width: Double) -> Bool {
        TextLayout(text, style: TextLayout.Style(size: 40), maxWidth: width).overflowed
    }
    #expect(overflows("W", within: 10))
    #expect(overflows("a W", within: 30))
    #expect(!overflows("W", within: 100))
    // A paragraph's leading spaces stay on its first line: when they push the word past the
    // width, the line is wider than allowed and says so.
    let word = TextLayout("Word", style: TextLayout.Style(size: 40)).size.width
    #expect(!overflows("Word", within: word + 1))
    #expect(overflows("      Word", within: word + 1))
    #expect(
        TextLayout("      Word", style: TextLayout.Style(size: 40), maxWidth: word + 1).lines[0].width > word
            + 1)
}

@Test func aLineOfFallbackFacesFitsItsWidth() {
    // Found by the random texts: Hebrew, Arabic, CJK (no installed font has it), dashes and
    // controls, whose fallback faces differ word by word and in the line. Measured word by
    // word the first line fitted 209 points; set, it was 214.6 wide.
    let scalars: [UInt32] = [
        0x2D, 0x32, 0xD55C, 0x3F, 0x5D0, 0x65B0, 0x2066, 0x22, 0x5B, 0x2F, 0x22, 0x5D1, 0xAD, 0xAD6D, 0x202D,
        0x3087, 0x633, 0x644, 0x30FC, 0x202A, 0x301, 0x2014, 0x200F, 0x21, 0x2014, 0x30FC, 0x2066, 0x1F600,
        0x24, 0x300D, 0xAD6D,
    ]
    let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    let layout = TextLayout(text, style: TextLayout.Style(size: 16), maxWidth: 209)
    let widths = layout.lines.map(\.width)
    #expect(layout.lines.count > 1)
    #expect(widths.allSatisfy { $0 <= 209 }, "\(widths)")
}
