import FlipbookCanvas
import FlipbookComposition
import FlipbookGeometry
import FlipbookRaster
import FlipbookText
import Foundation
import Testing

/// Text in a box of its own `size`: its lines placed from top to bottom by `verticalAlignment`,
/// set smaller by `minimumScaleFactor` or cut at `lineLimit` to fit, with warnings where it
/// still does not fit. Positions are measured from the lines' boxes (`TextLayout`) and found
/// again in the rendered frame.
@Suite struct TextBoxTests {
    /// The layer's box: 200 × 100 points with its top-left corner at (50, 40), on a 300 × 200
    /// canvas (a point is a pixel).
    static let box = CGRect(x: 50, y: 40, width: 200, height: 100)

    /// A text layer in `box`, in white, with `extra` keys.
    static func layer(_ text: String, size: Double = 30, _ extra: String = "") -> String {
        #"[{"type": "text", "text": "\#(text)", "position": [50, 40], "anchor": [0, 0], "size": [200, 100], "#
            + #""font": {"size": \#(size)}, "fill": "white"\#(extra)}]"#
    }

    static func frame(_ layers: String, warnings: WarningSink = .discarding()) throws -> Pixmap {
        let preset = try CompositionFixture.preset(layers, width: 300, height: 200)
        return warnings.receiving { CompositionFixture.frame(preset, index: 0) }
    }

    /// The layout the layer sets: its text at its size, wrapped at the box's width (as the
    /// drawing wraps it, half a point wider).
    static func layout(_ text: String, size: Double = 30) -> TextLayout {
        TextLayout(
            runs: [TextLayout.Run(text, style: TextLayout.Style(size: size))], maxWidth: box.width + 0.5)
    }

    /// The first and last rows with ink (red above a quarter) in the box's columns.
    static func inkRows(_ frame: Pixmap) throws -> ClosedRange<Int> {
        let rows = (0..<frame.height).filter { y in
            (Int(box.minX)..<Int(box.maxX)).contains { frame[$0, y].red > 64 }
        }
        return try #require(rows.first)...(try #require(rows.last))
    }

    @Test(arguments: TextVerticalAlignment.allCases)
    func linesSitInTheBoxAsTheVerticalAlignmentSays(_ alignment: TextVerticalAlignment) throws {
        let text = "Hxg\\nHxg"
        let layout = Self.layout("Hxg\nHxg")
        #expect(layout.lines.count == 2)
        // The lines' box: from the first line's top to the last line's bottom.
        let last = try #require(layout.lines.last)
        let height = last.baseline + last.descent
        let firstBaseline = try #require(layout.lines.first).baseline
        let expected: Double
        switch alignment {
        case .top: expected = 0
        case .center: expected = (Self.box.height - height) / 2
        case .bottom: expected = Self.box.height - height
        case .firstBaseline: expected = Self.box.height - firstBaseline
        }
        #expect(
            abs(
                alignment.offset(height: height, firstBaseline: firstBaseline, in: Self.box.height) - expected
            ) < 1e-9)
        // The ink found where the outlines are, moved down by that much.
        let ink = layout.path.boundingRect
        let frame = try Self.frame(Self.layer(text, #", "verticalAlignment": "\#(alignment.rawValue)""#))
        let rows = try Self.inkRows(frame)
        let top = Self.box.minY + expected + ink.minY
        let bottom = Self.box.minY + expected + ink.maxY
        #expect(abs(Double(rows.lowerBound) - top.rounded(.down)) <= 1, "top \(rows) against \(top)")
        #expect(
            abs(Double(rows.upperBound) - bottom.rounded(.up) + 1) <= 1, "bottom \(rows) against \(bottom)")
    }

    @Test func aFirstBaselineStandsOnTheBoxsBottomEdgeWhateverTheSize() throws {
        // "H" has no descender: its bottom is the baseline, on the box's bottom edge (row 139
        // is the last inside it) at any size.
        for size in [20.0, 45] {
            let frame = try Self.frame(
                Self.layer("H", size: size, #", "verticalAlignment": "firstBaseline""#))
            #expect(try Self.inkRows(frame).upperBound == Int(Self.box.maxY) - 1, "size \(size)")
        }
    }

    @Test func textTooLargeForItsBoxIsSetAtTheLargestSizeThatFits() throws {
        let text = "A headline far longer than its box was designed to hold, from a table of variants"
        let warnings = WarningSink.discarding()
        let frame = try Self.frame(
            Self.layer(text, size: 40, #", "minimumScaleFactor": 0.2"#), warnings: warnings)
        // The layout the layer sets: shrunk until its lines fit the box's height.
        let fitted = TextLayout(
            runs: [TextLayout.Run(text, style: TextLayout.Style(size: 40))], maxWidth: Self.box.width + 0.5,
            minimumScaleFactor: 0.2, maxHeight: Self.box.height + 0.5)
        #expect(fitted.scale < 1 && fitted.scale >= 0.2 && fitted.size.height <= Self.box.height + 0.5)
        let rows = try Self.inkRows(frame)
        #expect(rows.lowerBound >= Int(Self.box.minY) && rows.upperBound < Int(Self.box.maxY), "\(rows)")
        #expect(warnings.reported.isEmpty, "\(warnings.reported)")
    }

    @Test func textThatDoesNotFitEvenAtItsMinimumScaleWarnsThatItIsCut() throws {
        let text = "A headline far longer than its box was designed to hold, from a table of variants"
        let warnings = WarningSink.discarding()
        _ = try Self.frame(
            Self.layer(text, size: 60, #", "minimumScaleFactor": 0.5, "lineLimit": 2"#), warnings: warnings)
        #expect(
            warnings.reported.map(\.description).contains(
                "layers[0]: its text would have to shrink below its minimumScaleFactor (0.5) to fit its box; "
                    + "it is set at that scale, cut off with \"…\" [text-shrunk]"), "\(warnings.reported)")
        #expect(
            warnings.reported.map(\.description).contains(
                "layers[0]: its text is cut off at its lineLimit (2 lines), \"…\" marking the cut [text-cut-off]"
            ))
    }

    @Test func aLineLimitWithoutShrinkingWarnsOnlyThatTheTextIsCut() throws {
        let warnings = WarningSink.discarding()
        _ = try Self.frame(
            Self.layer("Two words and then many more words", #", "lineLimit": 1"#), warnings: warnings)
        #expect(
            warnings.reported.map(\.description) == [
                "layers[0]: its text is cut off at its lineLimit (1 line), \"…\" marking the cut [text-cut-off]"
            ])
    }

    @Test func aBalancedHeadlineTakesTheGreedyLinesEvenedOut() throws {
        // In a box 300 points wide, greedy wrapping leaves "traffic this week" for the second
        // line; balanced, "to" moves down too.
        let text = "The new bridge opens to traffic this week"
        func lineWidths(_ wrap: String) throws -> [Int] {
            let frame = try Self.frame(
                #"[{"type": "text", "text": "\#(text)", "position": [0, 0], "anchor": [0, 0], "size": [300, 100], "#
                    + #""font": {"size": 24}, "fill": "white", "textWrap": "\#(wrap)"}]"#)
            // Each line's inked columns, along the row through its x-height (the lines' places
            // are the greedy layout's: balancing keeps them).
            let layout = TextLayout(
                runs: [TextLayout.Run(text, style: TextLayout.Style(size: 24))], maxWidth: 300.5)
            return layout.lines.map { line in
                let inked = (0..<frame.width).filter { frame[$0, Int(line.baseline) - 6].red > 64 }
                return (inked.last ?? 0) - (inked.first ?? 0)
            }
        }
        let greedy = try lineWidths("wrap")
        let balanced = try lineWidths("balance")
        #expect(greedy.count == 2 && balanced.count == 2)
        let spread = { (widths: [Int]) in abs(widths[0] - widths[1]) }
        #expect(spread(balanced) < spread(greedy) / 2, "greedy \(greedy), balanced \(balanced)")
    }
}
