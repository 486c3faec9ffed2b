import FlipbookComposition
import FlipbookFFmpeg
import FlipbookPresets
import FlipbookRaster
import FlipbookSVG
import FlipbookTestSupport
import Foundation
import Testing

/// An SVG logo is rasterised at the size it lands on: its edges are as sharp at 4× as at 1×
/// (a picture scaled up would blur over four times as many pixels).
@Suite struct SVGLogoTests {
    /// How many pixels of `row` are neither background nor the logo's colour: the edge's width.
    private func edgeWidth(_ frame: Pixmap, row: Int) -> Int {
        (0..<frame.width).filter { x in
            let red = frame[x, row].red
            return red > 20 && red < 235
        }.count
    }

    @Test(arguments: [1.0, 4.0])
    func edgesStayOnePixelWide(scale: Double) throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#ff0000"/></svg>"##,
            to: "logo.svg")
        let preset = try CompositionFixture.preset(
            #"[{"type": "image", "file": "logo.svg", "size": [20, 20], "position": [50, 50], "scale": \#(scale)}]"#,
            width: 100, height: 100, file: folder.path("test.json"))
        let frame = CompositionFixture.frame(preset, index: 0)
        let inside = (0..<100).filter { frame[$0, 50].red >= 235 }.count
        #expect(abs(Double(inside) - 20 * scale) <= 2, "the disc is 20 × scale pixels across")
        // Across a row 0.6 radii above the centre the edges are oblique: a sharp disc has a
        // pixel or two of partial coverage at each.
        let width = edgeWidth(frame, row: 50 - Int(6 * scale))
        #expect(width <= 4, "the edges are at most two pixels each (got \(width))")
    }

    @Test func anEntityBombIsRefusedWithAOneLineMessage() throws {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
            <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&h;</text></svg>
            """
        let error = try #require(throws: SVGError.self) {
            try SVGDocument(data: Data(bomb.utf8), name: "bomb.svg")
        }
        let text = "\(error)"
        #expect(text.contains("not a valid SVG file") && !text.contains("\n"), "\(text)")
        #expect(!text.hasSuffix(" "), "\(text)")
    }

    @Test func aPictureScaledUpFourTimesWouldBlur() throws {
        // The control: the same disc as a 20-pixel PNG scaled 4× has wide, soft edges, so the
        // test above would notice an SVG drawn as a picture.
        let folder = TemporaryDirectory()
        _ = try folder.write(
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#ff0000"/></svg>"##,
            to: "logo.svg")
        let document = try SVGDocument(contentsOfFile: folder.path("logo.svg"))
        let small = try document.rasterized(width: 20, height: 20)
        try StillImage.write(small, format: .png, to: folder.path("logo.png"))
        let preset = try CompositionFixture.preset(
            #"[{"type": "image", "file": "logo.png", "size": [20, 20], "position": [50, 50], "scale": 4}]"#,
            width: 100, height: 100, file: folder.path("test.json"))
        #expect(edgeWidth(CompositionFixture.frame(preset, index: 0), row: 50 - 24) >= 8)
    }
}
