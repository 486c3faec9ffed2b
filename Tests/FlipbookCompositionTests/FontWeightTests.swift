import FlipbookCanvas
import FlipbookComposition
import FlipbookGeometry
import FlipbookRaster
import FlipbookTestSupport
import FlipbookText
import Foundation
import Testing

/// Weights and styles: a variable font (Inter, the default sans-serif) is drawn at any weight
/// by its `wght` axis; a family of fixed weights draws the nearest it has, and a bold or italic
/// it lacks is made up — each of those with a warning naming the layer and the face drawn.
@Suite struct FontWeightTests {
    /// "Heavy" at 60 points in `family` and `weight`, white on black, 400 × 100.
    static func layers(family: String? = nil, weight: String, italic: Bool = false) -> String {
        let family = family.map { #""family": "\#($0)", "# } ?? ""
        return #"[{"type": "text", "text": "Heavy", "position": [200, 50], "fill": "white", "#
            + #""font": {\#(family)"size": 60, "weight": "\#(weight)", "italic": \#(italic)}}]"#
    }

    static func frame(
        _ layers: String, warnings: WarningSink = .discarding(), extra: String = "",
        file: String = "test.json"
    )
        throws -> Pixmap
    {
        let preset = try CompositionFixture.preset(layers, width: 400, height: 100, extra: extra, file: file)
        return warnings.receiving { CompositionFixture.frame(preset, index: 0) }
    }

    /// The frame's ink: its red channel summed.
    static func ink(_ frame: Pixmap) -> Int {
        var total = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width { total += Int(frame[x, y].red) }
        }
        return total
    }

    @Test func interIsTheDefaultSansAndDrawsEveryWeightByItsAxis() throws {
        var previous = 0
        for (name, value) in FontSpec.weights {
            let face = try #require(FontLibrary.shared.faces(for: FontDescriptor(weight: value)).first)
            #expect(face.familyName == "Inter" && face.weightAxis != nil)
            #expect(face.weight == Double(value), "\(name)")
            #expect(face.synthesis.isEmpty)
            // Each weight heavier than the one before: more ink.
            let warnings = WarningSink.discarding()
            let ink = Self.ink(try Self.frame(Self.layers(weight: name), warnings: warnings))
            #expect(ink > previous, "\(name)")
            #expect(warnings.reported.isEmpty, "\(warnings.reported)")
            previous = ink
        }
    }

    @Test func blackInInterIsHeavierThanBold() throws {
        let bold = Self.ink(try Self.frame(Self.layers(family: "Inter", weight: "bold")))
        let black = Self.ink(try Self.frame(Self.layers(family: "Inter", weight: "black")))
        #expect(Double(black) > Double(bold) * 1.1, "black \(black), bold \(bold)")
    }

    @Test func blackInAFamilyOfFixedWeightsIsItsBoldWithAWarningNamingIt() throws {
        let warnings = WarningSink.discarding()
        let black = Self.ink(
            try Self.frame(Self.layers(family: "DejaVu Sans", weight: "black"), warnings: warnings))
        #expect(
            warnings.reported.map(\.description) == [
                #"layers[0]: weight black (900) is drawn with "DejaVu Sans Bold" at weight 700, the nearest its family has [font-substituted]"#
            ])
        // The bold face as it is: no thicker than bold asked for.
        let bold = Self.ink(try Self.frame(Self.layers(family: "DejaVu Sans", weight: "bold")))
        #expect(black == bold)
    }

    @Test func anItalicTheFamilyLacksIsMadeUpBySlantingWithAWarning() throws {
        // Comfortaa has no italic face: its upright face is slanted, so an "I" leans right.
        let layers =
            #"[{"type": "text", "text": "I", "position": [200, 50], "fill": "white", "#
            + #""font": {"family": "Comfortaa", "size": 80, "italic": true}}]"#
        let warnings = WarningSink.discarding()
        let frame = try Self.frame(layers, warnings: warnings)
        #expect(
            warnings.reported.map(\.description) == [
                #"layers[0]: italic is made up by slanting "Comfortaa Regular", as its family has no italic face [font-substituted]"#
            ])
        let inked = { (y: Int) in (0..<frame.width).filter { frame[$0, y].red > 128 } }
        let rows = (0..<frame.height).filter { !inked($0).isEmpty }
        let (first, last) = (try #require(rows.first), try #require(rows.last))
        let top = try #require(inked(first + 3).first)
        let bottom = try #require(inked(last - 3).first)
        #expect(top > bottom + 5, "the stem leans right: top at \(top), bottom at \(bottom)")
    }
}
