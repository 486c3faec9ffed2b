import FlipbookComposition
import FlipbookPresets
import FlipbookText
import Foundation
import Testing

/// Texts in stacks take the size the text engine sets them in: their expected boxes come from
/// `TextLayout` itself, in the default face at the size the file gives.
@Suite struct StackTextTests {
    private static func same(_ a: CGRect?, _ b: CGRect) -> Bool { StackLayoutTests.same(a, b) }

    /// `text` set as a text layer of that font size sets it, wrapped at `width`.
    static func layout(_ text: String, size: Double, wrappingAt width: Double? = nil) -> TextLayout {
        TextLayout(
            runs: [TextLayout.Run(text, style: TextLayout.Style(font: FontDescriptor(), size: size))],
            maxWidth: width)
    }

    /// A column of two texts, centred across it, is as wide as the wider and as tall as both.
    @Test(arguments: StackLayoutTests.canvases)
    func aColumnOfTextsTakesTheirMeasuredSizes(canvas: (width: Int, height: Int)) throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "name": "S", "axis": "column", "spacing": 6, "layers": [
               {"type": "text", "name": "Title", "text": "Launch", "font": {"size": 30}},
               {"type": "text", "name": "Subtitle", "text": "is here today", "font": {"size": 14}}]}]
            """, width: canvas.width, height: canvas.height)
        let boxes = LayerBoxes(preset, at: 0)
        let title = Self.layout("Launch", size: 30).size
        let subtitle = Self.layout("is here today", size: 14).size
        let size = CGSize(width: max(title.width, subtitle.width), height: title.height + 6 + subtitle.height)
        let origin = CGPoint(
            x: (Double(canvas.width) - size.width) / 2, y: (Double(canvas.height) - size.height) / 2)
        #expect(Self.same(boxes["S"], CGRect(origin: origin, size: size)))
        #expect(
            Self.same(
                boxes["Title"],
                CGRect(
                    x: origin.x + (size.width - title.width) / 2, y: origin.y, width: title.width,
                    height: title.height)))
        #expect(
            Self.same(
                boxes["Subtitle"],
                CGRect(
                    x: origin.x + (size.width - subtitle.width) / 2, y: origin.y + title.height + 6,
                    width: subtitle.width,
                    height: subtitle.height)))
    }

    /// A text offered less than its width wraps there: in a column half the canvas wide it is
    /// set in lines of at most that width.
    @Test(arguments: StackLayoutTests.canvases)
    func aTextWrapsAtTheWidthItIsOffered(canvas: (width: Int, height: Int)) throws {
        let text = "A headline longer than half of any of these canvases"
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "axis": "column", "size": ["50%", "100%"], "alignment": "start", "distribution": "start",
              "position": [0, 0], "anchor": "topLeading",
              "layers": [{"type": "text", "name": "T", "text": "\(text)", "font": {"size": 16}}]}]
            """, width: canvas.width, height: canvas.height)
        let wrapped = Self.layout(text, size: 16, wrappingAt: Double(canvas.width) / 2)
        #expect(wrapped.lines.count > 1)
        #expect(Self.same(LayerBoxes(preset, at: 0)["T"], CGRect(origin: .zero, size: wrapped.size)))
    }

    /// Texts of different sizes in a row lined up on `baseline` share their first baseline;
    /// the row reaches from the highest ascent to the lowest descent.
    @Test(arguments: StackLayoutTests.canvases)
    func aRowLinesItsTextsUpOnTheirBaselines(canvas: (width: Int, height: Int)) throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "stack", "name": "S", "axis": "row", "alignment": "baseline", "spacing": 4, "layers": [
               {"type": "text", "name": "Big", "text": "42", "font": {"size": 40}},
               {"type": "text", "name": "Small", "text": "units", "font": {"size": 14}},
               \(StackLayoutTests.box("Box", 10, 10))]}]
            """, width: canvas.width, height: canvas.height)
        let boxes = LayerBoxes(preset, at: 0)
        let big = Self.layout("42", size: 40)
        let small = Self.layout("units", size: 14)
        let (bigBaseline, smallBaseline) = (big.lines[0].baseline, small.lines[0].baseline)
        let above = max(bigBaseline, smallBaseline, 10)
        let below = max(big.size.height - bigBaseline, small.size.height - smallBaseline, 0)
        let stack = try #require(boxes["S"])
        #expect(abs(stack.height - (above + below)) < 1e-9)
        let y = stack.minY
        #expect(abs(try #require(boxes["Big"]).minY - (y + above - bigBaseline)) < 1e-9)
        #expect(abs(try #require(boxes["Small"]).minY - (y + above - smallBaseline)) < 1e-9)
        // A layer without text stands on the baseline.
        #expect(abs(try #require(boxes["Box"]).maxY - (y + above)) < 1e-9)
    }
}
