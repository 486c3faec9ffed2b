import FlipbookCanvas
import Foundation
import Testing

/// Colours as CSS writes them (`ColorSyntax`): each form read to its exact components, `hsl()`
/// by CSS Color 4's conversion, names from both tables, and each malformed form refused with
/// what is accepted.
@Suite struct ColorSyntaxTests {
    private func components(_ text: String) throws -> [Double] {
        let color = try ColorSyntax.color(text)
        return [color.red, color.green, color.blue, color.alpha]
    }

    @Test(
        arguments: [
            ("rgb(255 0 0)", [1, 0, 0, 1]),
            ("rgb(255, 0, 0)", [1, 0, 0, 1]),
            ("rgba(255,0,0,0.5)", [1, 0, 0, 0.5]),
            ("rgb(255 0 0 / 50%)", [1, 0, 0, 0.5]),
            ("rgba(51 102 153 / .25)", [0.2, 0.4, 0.6, 0.25]),
            ("rgb(51, 102, 153)", [0.2, 0.4, 0.6, 1]),
            ("rgb(100% 50% 0%)", [1, 0.5, 0, 1]),
            ("rgb(20%, 40%, 60%, 25%)", [0.2, 0.4, 0.6, 0.25]),
            ("rgb(255 50% 0)", [1, 0.5, 0, 1]),  // the modern form may mix numbers and percentages
            ("RGB( 127.5  0 255 )", [0.5, 0, 1, 1]),
            ("rgb(300 -20 0 / 2)", [1, 0, 0, 1]),  // out of range: clamped, as CSS does
            ("rgb(none 255 none / none)", [0, 1, 0, 0]),
            ("rgb(1e2 0 0)", [100.0 / 255, 0, 0, 1]),
            ("#F00", [1, 0, 0, 1]),
            ("#f008", [1, 0, 0, 136.0 / 255]),
            ("#FF8000", [1, 128.0 / 255, 0, 1]),
            ("#FF000080", [1, 0, 0, 128.0 / 255]),
        ] as [(String, [Double])])
    func rgbInBothSyntaxesAndHexOfThreeFourSixOrEightDigits(text: String, expected: [Double]) throws {
        #expect(try components(text) == expected)
    }

    /// hsl(210 50% 40%) is rgb(51 102 153): by CSS Color 4's formula a = 0.5 × min(0.4, 0.6) =
    /// 0.2, and f(0) = 0.4 − 0.2, f(8) = 0.4 − 0, f(4) = 0.4 + 0.2.
    @Test(
        arguments: [
            ("hsl(210 50% 40%)", [0.2, 0.4, 0.6, 1]),
            ("hsl(210, 50%, 40%)", [0.2, 0.4, 0.6, 1]),
            ("hsla(210, 50%, 40%, 0.5)", [0.2, 0.4, 0.6, 0.5]),
            ("hsl(210deg 50 40 / 50%)", [0.2, 0.4, 0.6, 0.5]),
            ("hsl(0 100% 50%)", [1, 0, 0, 1]),
            ("hsl(120 100% 50%)", [0, 1, 0, 1]),
            ("hsl(-120 100% 50%)", [0, 0, 1, 1]),
            ("hsl(480 100% 50%)", [0, 1, 0, 1]),
            ("hsl(0.5turn 100% 50%)", [0, 1, 1, 1]),
            ("hsl(200grad 100% 50%)", [0, 1, 1, 1]),
            ("hsl(none 0% 100%)", [1, 1, 1, 1]),
            ("hsl(60 100% 25%)", [0.5, 0.5, 0, 1]),
            ("hsl(0 -50% 150%)", [1, 1, 1, 1]),  // clamped to 0 % and 100 %
        ] as [(String, [Double])])
    func hslFollowsCSSColor4(text: String, expected: [Double]) throws {
        let read = try components(text)
        #expect(zip(read, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(read)")
    }

    /// Over a grid of hues, saturations and lightnesses, `hsl()` gives what the textbook
    /// conversion gives — chroma C = (1 − |2L − 1|) S, X = C (1 − |(H ÷ 60) mod 2 − 1|), the
    /// sextant's (C, X, 0) in its order, plus L − C ÷ 2 — another derivation of CSS's formula.
    @Test func hslAgreesWithTheChromaConversionEverywhere() throws {
        for hue in stride(from: 0.0, to: 360, by: 7.5) {
            for saturation in [0.0, 0.25, 0.6, 1] {
                for lightness in [0.0, 0.1, 0.5, 0.7, 1] {
                    let chroma = (1 - abs(2 * lightness - 1)) * saturation
                    let x = chroma * (1 - abs((hue / 60).truncatingRemainder(dividingBy: 2) - 1))
                    let sextant: [(Double, Double, Double)] = [
                        (chroma, x, 0), (x, chroma, 0), (0, chroma, x), (0, x, chroma), (x, 0, chroma),
                        (chroma, 0, x),
                    ]
                    let (r, g, b) = sextant[Int(hue / 60)]
                    let m = lightness - chroma / 2
                    let text = "hsl(\(hue)deg \(saturation * 100)% \(lightness * 100)%)"
                    let read = try components(text)
                    let expected = [r + m, g + m, b + m, 1]
                    #expect(zip(read, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(text): \(read)")
                }
            }
        }
    }

    /// Both tables of names: CSS's 148 (case aside) and `transparent`; a name SwiftUI has too is
    /// SwiftUI's colour.
    @Test func namesAreSwiftUIsThenCSSs() throws {
        #expect(Color.cssNamed.count == 149)
        #expect(Set(Color.cssNamed.map(\.name)).count == 149)
        #expect(try components("rebeccapurple") == [0x66 / 255, 0x33 / 255, 0x99 / 255, 1])
        #expect(try components("DarkSlateGray") == [0x2F / 255, 0x4F / 255, 0x4F / 255, 1])
        #expect(try components("lightgoldenrodyellow") == [0xFA / 255, 0xFA / 255, 0xD2 / 255, 1])
        #expect(try components("transparent") == [0, 0, 0, 0])
        #expect(try ColorSyntax.color("red") == Color.red)
        #expect(try ColorSyntax.color("red") != Color(red: 1, green: 0, blue: 0))
        #expect(try components("grey") == [128.0 / 255, 128.0 / 255, 128.0 / 255, 1])
        #expect(try ColorSyntax.color("Orange") == Color.orange)
        #expect(ColorSyntax.names.count == Set(ColorSyntax.names).count)
    }

    @Test(arguments: [
        ("rgb(255 0)", "rgb() takes red, green and blue"),
        ("rgb(255, 0, 0%)", "rgb() takes red, green and blue"),
        ("rgb(255 0 0 0.5)", "rgb() takes red, green and blue"),
        ("rgb(255, 0 0)", "rgb() takes red, green and blue"),
        ("rgb(255 0 0 / )", "rgb() takes red, green and blue"),
        ("rgb(0x10 0 0)", "rgb() takes red, green and blue"),
        ("rgb(inf 0 0)", "rgb() takes red, green and blue"),
        ("rgba(none, 0, 0)", "rgb() takes red, green and blue"),
        ("hsl(120, 100, 50)", "hsl() takes a hue"),
        ("hsl(120 100% 50% / x)", "hsl() takes a hue"),
        ("hsl(120px 100% 50%)", "hsl() takes a hue"),
        ("#12345", "a hex colour has 3, 4, 6 or 8 hex digits: #RGB, #RGBA, #RRGGBB or #RRGGBBAA"),
        ("#GGG", "a hex colour has 3, 4, 6 or 8 hex digits"),
        ("cmyk(0 0 0 1)", "unknown colour function \"cmyk()\": use rgb(), rgba(), hsl() or hsla()"),
        ("ornage", "must be a colour: a name"),
    ])
    func malformedColoursSayWhatIsAccepted(text: String, message: String) {
        #expect {
            try ColorSyntax.color(text)
        } throws: { error in
            (error as? ColorSyntax.Problem)?.message.contains(message) == true
        }
    }

    @Test func theGeneralMessageListsEveryForm() {
        for form in [
            "rebeccapurple", "transparent", "#RGB,", "#RGBA", "#RRGGBB,", "#RRGGBBAA", "rgb(255 0 0)",
            "rgb(255 0 0 / 50%)", "rgba(255, 0, 0, 0.5)", "hsl(120 100% 50%)", "hsla(120, 100%, 50%, 0.5)",
        ] {
            #expect(ColorSyntax.forms.contains(form), "\(form)")
        }
    }
}
