import FlipbookText
import Foundation
import Testing

/// Names in scripts the default font (Inter) lacks are drawn by fonts that have them:
/// fontconfig's fallbacks, and a composition's own font files in the order listed.
@Suite struct FontFallbackTests {
    /// A Chinese, an Arabic and a Hindi name.
    static let names = ["王小明", "محمد علي", "अमिताभ बच्चन"]
    static let style = TextLayout.Style(size: 40)

    /// The glyphs of `layout` that draw characters of `name`, which the text ends with.
    private func glyphs(of name: String, in layout: TextLayout, text: String) -> [TextLayout.PlacedGlyph] {
        let start = text.count - name.count
        return layout.lines.flatMap(\.glyphs).filter { $0.character >= start }
    }

    @Test(arguments: names)
    func aNameInAnotherScriptIsDrawnWithRealGlyphsOfAFaceThatHasIt(name: String) throws {
        let text = "Team: \(name)"
        let layout = TextLayout(text, style: Self.style)
        #expect(layout.missingCharacters.isEmpty, "\(layout.missingCharacters)")
        let characters = Array(text)
        let drawn = glyphs(of: name, in: layout, text: text)
        #expect(!drawn.isEmpty)
        for glyph in drawn {
            #expect(glyph.glyph != 0, "\(characters[glyph.character]) in \(glyph.face.familyName)")
            // Shaping may substitute ligatures and conjuncts, but the face the glyph comes from
            // has every character the glyph stands for.
            let character = characters[glyph.character]
            #expect(
                character.unicodeScalars.allSatisfy { glyph.face.glyph(for: $0) != nil },
                "\(character) drawn with \(glyph.face.familyName), which lacks it")
            if !character.isWhitespace {
                #expect(!glyph.face.outline(of: glyph.glyph).isEmpty || glyph.face.hasColor)
            }
        }
        // The Latin part stays in the default face: the fallback is per character.
        let latin = try #require(layout.lines.first?.glyphs.first)
        #expect(latin.face.familyName == "Inter")
    }

    /// The installed file of the face that has `character`.
    private func installedFile(covering character: Unicode.Scalar) throws -> String {
        try #require(FontLibrary.shared.face(covering: character, styled: FontDescriptor())).path
    }

    /// Flipbook Pixel, a Latin font of this repository.
    private let pixel = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../presets/assets/FlipbookPixel.ttf").standardized.path

    @Test func aCJKNameComesFromTheSecondFontFileWhenTheFirstIsLatin() throws {
        let cjk = try installedFile(covering: "王")
        let font = FontDescriptor(family: "Flipbook Pixel", files: [pixel, cjk])
        let text = "HOST '王小明' CEO"
        let layout = TextLayout(text, style: TextLayout.Style(font: font, size: 40))
        #expect(layout.missingCharacters.isEmpty)
        let characters = Array(text)
        for glyph in layout.lines.flatMap(\.glyphs) where characters[glyph.character] != " " {
            let isName = "王小明".contains(characters[glyph.character])
            #expect(glyph.glyph != 0)
            #expect(glyph.face.path == (isName ? cjk : pixel), "\(characters[glyph.character])")
        }
    }

    @Test func aCJKNameDoesNotBreakWhereTwoFontsMeet() throws {
        let cjk = try installedFile(covering: "王")
        let font = FontDescriptor(family: "Flipbook Pixel", files: [pixel, cjk])
        // The quotes are the Latin font's, the name the CJK font's; Unicode's line breaking
        // allows no break beside a quotation mark, so none may fall where the fonts meet, at
        // any width at which no word is too wide for a line — only at the spaces, or between
        // the name's ideographs.
        let text = "HOST '王小明' CEO"
        let characters = Array(text)
        let junctions = [6, 9]  // the first ideograph after its quote, the closing quote
        var checked = 0
        for width in stride(from: 60.0, through: 700, by: 7) {
            let layout = TextLayout(text, style: TextLayout.Style(font: font, size: 40), maxWidth: width)
            guard !layout.overflowed else { continue }
            checked += 1
            for line in layout.lines.dropFirst() {
                let first = try #require(line.glyphs.map(\.character).min())
                #expect(
                    !junctions.contains(first),
                    "a line starts with \(characters[first]) at width \(width): \(layout.lines.count) lines")
            }
        }
        #expect(checked > 60, "widths from one line per word to all on one line")
    }
}
