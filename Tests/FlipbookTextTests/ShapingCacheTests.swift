import FlipbookText
import Foundation
import Testing

/// A counter's frames through one cache: "Total" and each number are shaped the first time
/// they are met only, and what the cache gives is what HarfBuzz gives.
@Test func aShapingIsKeptByTextFeaturesAndDirection() throws {
    let face = try #require(FontLibrary.shared.faces(for: FontDescriptor()).first)
    let cache = ShapingCache()
    var shaped: [String] = []
    func glyphs(_ text: String, features: [String] = [], rightToLeft: Bool? = nil) -> [ShapedGlyph] {
        cache.glyphs(for: ShapingCache.Key(text: text, features: features, rightToLeft: rightToLeft)) {
            shaped.append(text)
            return face.shapedByHarfBuzz(text, features: features, rightToLeft: rightToLeft)
        }
    }
    for number in ["1000", "1007", "1014", "1007"] {
        #expect(glyphs("Total") == face.shapedByHarfBuzz("Total"))
        #expect(glyphs(number) == face.shapedByHarfBuzz(number))
    }
    #expect(shaped == ["Total", "1000", "1007", "1014"])
    #expect(cache.shapings == 4)
    #expect(cache.hits(for: ShapingCache.Key(text: "Total", features: [], rightToLeft: nil)) == 3)
    // Other features or another direction are other shapings.
    #expect(glyphs("AVA", features: ["-kern"]) == face.shapedByHarfBuzz("AVA", features: ["-kern"]))
    #expect(glyphs("AVA") == face.shapedByHarfBuzz("AVA"))
    #expect(glyphs("AVA", rightToLeft: false) == face.shapedByHarfBuzz("AVA", rightToLeft: false))
    #expect(cache.shapings == 7)
}

/// Past its capacity the cache drops the entries used least recently until half of it is left.
@Test func aFullShapingCacheDropsWhatWasUsedLeast() throws {
    let face = try #require(FontLibrary.shared.faces(for: FontDescriptor()).first)
    let cache = ShapingCache(capacity: 8)
    func key(_ text: String) -> ShapingCache.Key {
        ShapingCache.Key(text: text, features: [], rightToLeft: nil)
    }
    for number in 0..<8 { _ = cache.glyphs(for: key("\(number)")) { face.shapedByHarfBuzz("\(number)") } }
    // "0" used again, then a ninth text: the five used least ("1" to "5") go, half is left.
    _ = cache.glyphs(for: key("0")) { face.shapedByHarfBuzz("0") }
    _ = cache.glyphs(for: key("8")) { face.shapedByHarfBuzz("8") }
    #expect(cache.hits(for: key("0")) == 1)
    for gone in 1...5 { #expect(cache.hits(for: key("\(gone)")) == nil) }
    for kept in [6, 7, 8] { #expect(cache.hits(for: key("\(kept)")) == 0) }
    #expect(cache.shapings == 9)
}

/// A counter laid out frame after frame, a label over a number that changes: each new layout
/// shapes its number, and finds its label in the face's cache rather than shaping it again —
/// with the glyphs, advances and positions of a layout shaped afresh.
@Test func aCountersLabelIsShapedOnceAcrossItsFrames() throws {
    let style = TextLayout.Style(font: FontDescriptor(), size: 48)
    // A label no other test lays out, so that no other test's layouts touch its entry.
    let label = "Downloads \(UUID().uuidString.prefix(8))"
    var layouts: [TextLayout] = []
    for number in [1000, 1007, 1014] { layouts.append(TextLayout("\(label)\n\(number)", style: style)) }
    let face = try #require(layouts[0].lines.first?.glyphs.first?.face)
    let hits = face.shapings.hits(for: ShapingCache.Key(text: label, features: [], rightToLeft: nil))
    #expect((hits ?? 0) >= 2, "the label was shaped again: \(String(describing: hits)) hits")
    // The label's glyphs and pen positions in every frame are HarfBuzz's own, scaled to the size.
    let fresh = face.shapedByHarfBuzz(label)
    let scale = 48 / face.unitsPerEm
    var pen = 0.0
    var expected: [Double] = []
    for glyph in fresh {
        expected.append(pen + glyph.offset.x * scale)
        pen += glyph.advance * scale
    }
    for layout in layouts {
        let first = try #require(layout.lines.first)
        #expect(first.glyphs.map(\.glyph) == fresh.map(\.glyph))
        let start = first.glyphs.first?.position.x ?? 0
        let positions = first.glyphs.map { $0.position.x - start }
        #expect(
            zip(positions, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(positions) against \(expected)")
    }
}
