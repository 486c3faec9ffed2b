import FlipbookCanvas
import FlipbookComposition
import FlipbookGeometry
import FlipbookJSON
import FlipbookPresets
import FlipbookRaster
import FlipbookSnapshots
import FlipbookTestSupport
import Foundation
import Testing

/// A composition's own font files (`fonts`): its texts name their family and are drawn with
/// their outlines, the nearest weight first, with installed fonts only for what they lack.
/// Drawn with Flipbook Pixel (presets/assets), whose dots are 100 units square on a 1000-unit
/// em — 10 pixels at 100 px — and 120 units wide in its bold.
@Suite struct FontFileTests {
    /// A folder holding both Flipbook Pixel files and a composition of `layers` that lists `fonts`
    /// (keep the folder until the frames are drawn: fonts are read as texts are laid out).
    private func preset(
        _ layers: String, fonts: String = #"["FlipbookPixel.ttf", "FlipbookPixel-Bold.ttf"]"#,
        in folder: TemporaryDirectory
    ) throws -> Preset {
        for name in ["FlipbookPixel.ttf", "FlipbookPixel-Bold.ttf"] {
            try FileManager.default.copyItem(
                atPath: RepositoryPaths.path("presets/assets/\(name)"), toPath: folder.path(name))
        }
        return try CompositionFixture.preset(
            layers, width: 300, height: 200, extra: #""fonts": \#(fonts)"#, file: folder.path("test.json"))
    }

    /// The first frame of a composition of `layers` that lists `fonts`, in a folder of its own.
    private func frame(
        _ layers: String, fonts: String = #"["FlipbookPixel.ttf", "FlipbookPixel-Bold.ttf"]"#
    ) throws -> Pixmap {
        let folder = TemporaryDirectory()
        let preset = try self.preset(layers, fonts: fonts, in: folder)
        return withExtendedLifetime(folder) { CompositionFixture.frame(preset, index: 0) }
    }

    /// The lit pixels' box (red above half) and how many are fully lit.
    private func litBox(_ frame: Pixmap) -> (width: Int, height: Int, full: Int) {
        var (minX, minY, maxX, maxY, full) = (Int.max, Int.max, -1, -1, 0)
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y].red > 127 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                if frame[x, y].red == 255 { full += 1 }
            }
        }
        return (maxX - minX + 1, maxY - minY + 1, full)
    }

    /// The widest run of lit pixels (red above half) in row `y`.
    private func widestRun(_ frame: Pixmap, row y: Int) -> Int {
        var (widest, run) = (0, 0)
        for x in 0..<frame.width {
            run = frame[x, y].red > 127 ? run + 1 : 0
            widest = max(widest, run)
        }
        return widest
    }

    private func text(_ text: String, family: String = "Flipbook Pixel", weight: String = "regular") -> String
    {
        #"[{"type": "text", "text": "\#(text)", "position": [150, 100], "alignment": "center", "fill": "white", "font": {"family": "\#(family)", "size": 100, "weight": "\#(weight)"}}]"#
    }

    @Test func aTextNamingTheFamilyIsDrawnWithTheFilesOutlines() throws {
        // The full block is the 5 × 7 dots: 50 × 70 pixels.
        let block = litBox(try frame(text("█")))
        #expect(abs(block.width - 50) <= 1 && abs(block.height - 70) <= 1, "\(block)")
        #expect(block.full >= 49 * 69, "\(block)")
        // The family's name in any case; the installed fonts' block is another size.
        let lower = litBox(
            try frame(text("█", family: "flipbook pixel")))
        #expect(lower == block)
        let installed = litBox(
            try frame(text("█", family: "DejaVu Sans")))
        #expect(installed.height > 80, "DejaVu Sans's block spans the line: \(installed)")
    }

    @Test func theFileNearestInWeightIsChosen() throws {
        // "I"'s stem is one dot: 10 pixels, 12 in the bold file.
        let regular = try frame(text("I"))
        let bold = try frame(text("I", weight: "heavy"))
        #expect(abs(widestRun(regular, row: 100) - 10) <= 1)
        #expect(abs(widestRun(bold, row: 100) - 12) <= 1)
    }

    @Test func aBoldTheFilesLackIsMadeUpFromTheRegularWithAWarning() throws {
        // With the regular file only, bold text thickens its outlines by 1/24 em (about 4
        // pixels at 100) — and says so.
        let warnings = WarningSink.discarding()
        let only = try warnings.receiving {
            try frame(text("I", weight: "bold"), fonts: #"["FlipbookPixel.ttf"]"#)
        }
        #expect(abs(widestRun(only, row: 100) - 14) <= 1, "\(widestRun(only, row: 100))")
        #expect(
            warnings.reported.map(\.description) == [
                #"layers[0]: weight bold (700) is made up by thickening "Flipbook Pixel Regular", as its family has no face that heavy [font-substituted]"#
            ])
    }

    @Test func aCharacterTheFontLacksComesFromAnInstalledFontAndTheTextReturns() throws {
        // Flipbook Pixel has no "é": the block after it is still the font's own 50 × 70 pixels,
        // beside DejaVu's "é".
        let frame = try self.frame(text("é█"))
        let columns = (0..<frame.width).filter { x in (0..<frame.height).contains { frame[x, $0].red == 255 }
        }
        let blockColumns = columns.filter { x in
            (0..<frame.height).filter { frame[x, $0].red == 255 }.count >= 69
        }
        #expect(abs(blockColumns.count - 50) <= 1, "the block's full-height columns: \(blockColumns.count)")
        #expect(columns.count > blockColumns.count + 20, "the é is drawn too")
    }

    @Test func aFamilyNeitherInTheFilesNorInstalledIsDrawnInASubstituteWithAWarning() throws {
        let warnings = WarningSink.discarding()
        let frame = try warnings.receiving { try self.frame(text("A", family: "Brandname Sans")) }
        #expect(frame.hasContent)
        #expect(
            warnings.reported.contains {
                $0.message.contains(
                    #"font family "Brandname Sans" is neither in the font files ("Flipbook Pixel") nor installed"#
                )
            }, "\(warnings.reported)")
    }

    @Test func aFontFileThatCannotBeUsedIsAnErrorNamingIt() throws {
        let cases = [
            (#"["missing.ttf"]"#, "fonts[0]", "missing.ttf: no such file or not readable"),
            (
                #"["FlipbookPixel.ttf", "notes.ttf"]"#, "fonts[1]",
                "notes.ttf: not a font file FreeType can read"
            ),
            (#"["folder.ttf"]"#, "fonts[0]", "folder.ttf: not a regular file"),
            (#"[""]"#, "fonts[0]", "must name a font file"),
            (#""FlipbookPixel.ttf""#, "fonts", "array"),
        ]
        for (fonts, path, reason) in cases {
            let folder = TemporaryDirectory()
            _ = try folder.write("not a font", to: "notes.ttf")
            try FileManager.default.createDirectory(
                atPath: folder.path("folder.ttf"), withIntermediateDirectories: true)
            let error = try #require(throws: PresetError.self, "\(fonts)") {
                try preset(text("A"), fonts: fonts, in: folder)
            }
            let message = "\(error)"
            #expect(message.contains(path) && message.contains(reason), "\(message)")
        }
    }
}
