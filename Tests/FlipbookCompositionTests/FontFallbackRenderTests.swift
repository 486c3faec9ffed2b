import FlipbookCanvas
import FlipbookComposition
import FlipbookGeometry
import FlipbookRaster
import FlipbookText
import Foundation
import Testing

/// Names in scripts the default font lacks are drawn, not left as empty boxes: every glyph of
/// a Chinese, an Arabic and a Hindi name has ink inside its own box in the rendered frame.
@Test(arguments: ["王小明", "محمد علي", "अमिताभ बच्चन"])
func aNameInAnotherScriptHasInkInEveryGlyphsBox(name: String) throws {
    let preset = try CompositionFixture.preset(
        #"[{"type": "text", "text": "\#(name)", "position": [10, 10], "anchor": [0, 0], "#
            + #""font": {"size": 40}, "fill": "white"}]"#, width: 400, height: 80)
    let warnings = WarningSink.discarding()
    let frame = warnings.receiving { CompositionFixture.frame(preset, index: 0) }
    #expect(warnings.reported.isEmpty, "\(warnings.reported)")
    // The layout the layer sets (no box of its own: the text's natural size), at (10, 10).
    let layout = TextLayout(name, style: TextLayout.Style(size: 40))
    let glyphs = layout.lines.flatMap(\.glyphs).filter { !$0.face.outline(of: $0.glyph).isEmpty }
    #expect(glyphs.count >= name.filter { !$0.isWhitespace }.count / 2)
    for glyph in glyphs {
        #expect(glyph.glyph != 0)
        let box = TextLayout.bounds(of: [glyph]).offsetBy(dx: 10, dy: 10).insetBy(dx: -1, dy: -1)
        let rows = Int(box.minY.rounded(.down))...Int(box.maxY.rounded(.up))
        let columns = Int(box.minX.rounded(.down))...Int(box.maxX.rounded(.up))
        let inked = rows.reduce(0) { count, y in
            count + columns.filter { x in frame.width > x && frame.height > y && frame[x, y].red > 96 }.count
        }
        #expect(inked >= 2, "glyph \(glyph.glyph) of \(glyph.face.familyName) at \(box)")
    }
}
