import FlipbookText
import Testing

@Test func aSpaceAfterAnEmojiIsTheTextFontsSpace() {
    // A colour font's space is as wide as an emoji; the text's own font sets the gap.
    let layout = TextLayout("🚀 F", style: TextLayout.Style(size: 17))
    let glyphs = layout.lines[0].glyphs
    #expect(glyphs.count == 3)
    #expect(glyphs[0].face.hasColor)
    #expect(!glyphs[1].face.hasColor)
    let plainSpace = TextLayout("a b", style: TextLayout.Style(size: 17)).lines[0].glyphs[1].advance
    #expect(glyphs[1].advance == plainSpace)
}
