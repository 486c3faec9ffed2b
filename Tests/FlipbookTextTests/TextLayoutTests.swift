import FlipbookGeometry
import FlipbookText
import Foundation
import Testing

private let sans = TextLayout.Style(font: FontDescriptor(), size: 40)

@Test(arguments: ["Hallo Canvas", "Übung", "Внешний радиус", "Größe äöü ß"])
func germanAndRussianTextHasARealGlyphForEveryCharacter(text: String) {
    let layout = TextLayout(text, style: sans)
    #expect(layout.missingCharacters.isEmpty, "missing: \(layout.missingCharacters)")
    let glyphs = layout.lines.flatMap(\.glyphs)
    #expect(!glyphs.contains { $0.glyph == 0 })
    // Every visible character has ink: its outline is not empty.
    let inked = glyphs.filter { !$0.face.outline(of: $0.glyph).isEmpty }
    #expect(inked.count == text.filter { !$0.isWhitespace }.count)
}

/// No runs at all (a caption cue that is all markup) lays out as empty text; it crashed,
/// looking up the metrics of a run that did not exist.
@Test func aLayoutOfNoRunsIsEmpty() {
    for width: Double? in [nil, 100] {
        let layout = TextLayout(runs: [], maxWidth: width)
        #expect(layout.lines.allSatisfy { $0.glyphs.isEmpty })
        #expect(layout.size.width == 0)
        #expect(layout.characterCount == 0)
    }
}

@Test func umlautsAreTheirOwnGlyphsWithDotsAboveTheLetter() throws {
    let plain = TextLayout("U", style: sans)
    let umlaut = TextLayout("Ü", style: sans)
    let u = try #require(plain.lines.first?.glyphs.first)
    let withDots = try #require(umlaut.lines.first?.glyphs.first)
    #expect(u.glyph != withDots.glyph)
    // The dots reach higher than the capital U.
    #expect(umlaut.path.boundingRect.minY < plain.path.boundingRect.minY - 3)
}

@Test func kerningChangesAdvancesAsHarfBuzzSays() throws {
    let face = try #require(FontLibrary.shared.faces(for: FontDescriptor()).first)
    let kerned = face.shape("AV")
    let unkerned = face.shape("AV", features: ["-kern"])
    #expect(kerned.count == 2 && unkerned.count == 2)
    // HarfBuzz tightens the pair; the layout follows it to the unit.
    #expect(kerned[0].advance < unkerned[0].advance)
    let scale = sans.size / face.unitsPerEm
    let layout = TextLayout("AV", style: sans)
    #expect(abs(layout.lines[0].width - (kerned[0].advance + kerned[1].advance) * scale) < 1e-9)
    var plainStyle = sans
    plainStyle.features = ["-kern"]
    #expect(TextLayout("AV", style: plainStyle).lines[0].width > layout.lines[0].width)
}

@Test func linesBreakAtNewlinesAndBetweenWordsToFitAWidth() {
    let two = TextLayout("Hallo\nCanvas", style: sans)
    #expect(two.lines.count == 2)
    #expect(abs(two.lines[1].baseline - two.lines[0].baseline - two.lineHeight) < 1e-9)
    let oneLine = TextLayout("Внешний радиус и внутренний", style: sans)
    let wrapped = TextLayout("Внешний радиус и внутренний", style: sans, maxWidth: oneLine.size.width / 2)
    #expect(wrapped.lines.count >= 2)
    #expect(wrapped.lines.allSatisfy { $0.width <= oneLine.size.width / 2 + 1e-9 })
}

@Test func aWordWiderThanTheWidthBreaksBetweenItsCharacters() {
    let word = "Donaudampfschifffahrtsgesellschaft"
    let width = TextLayout(word, style: sans).size.width / 3
    let layout = TextLayout("Die \(word) fährt", style: sans, maxWidth: width)
    // "Die", the word on three or four lines of its own, "fährt": each line within the width.
    #expect(layout.lines.count >= 5, "\(layout.lines.map(\.width))")
    #expect(layout.lines.allSatisfy { $0.width <= width + 1e-9 }, "\(layout.lines.map(\.width)) > \(width)")
    // Every character is set once, in order: the glyphs' character indices skip only spaces
    // (those where a line breaks).
    let characters = layout.lines.flatMap { $0.glyphs.map(\.character) }
    #expect(characters == characters.sorted() && Set(characters).count == characters.count)
    let text = Array("Die \(word) fährt")
    #expect(Set(text.indices).subtracting(characters).allSatisfy { text[$0] == " " })
}

@Test func boldIsABoldFaceAndSizesScaleTheOutline() throws {
    // Inter, a variable font: one file, set to each weight.
    let regular = try #require(FontLibrary.shared.faces(for: FontDescriptor()).first)
    let bold = try #require(FontLibrary.shared.faces(for: FontDescriptor(weight: 700)).first)
    #expect(regular.weight == 400 && bold.weight == 700 && regular !== bold)
    let h = try #require(regular.glyph(for: "H"))
    #expect(bold.outline(of: h).boundingRect.width > regular.outline(of: h).boundingRect.width)
    let small = TextLayout("Hallo", style: TextLayout.Style(size: 10)).size.width
    let large = TextLayout("Hallo", style: TextLayout.Style(size: 30)).size.width
    #expect(abs(large - 3 * small) < 1e-9)
}

@Test func charactersNoFontHasAreNamedInAWarning() {
    // U+0378 is unassigned: no font has a glyph for it.
    let sink = WarningSink.discarding()
    let layout = sink.receiving { TextLayout("a\u{0378}b \u{0378}", style: sans) }
    #expect(layout.missingCharacters == ["\u{0378}", "\u{0378}"])
    // One warning names it, once for both of its boxes.
    #expect(
        sink.reported.count == 1
            && sink.reported.first!.message.hasPrefix(
                "no installed font has \"\u{0378}\" (U+0378): drawn as empty boxes"),
        "\(sink.reported)")
}
