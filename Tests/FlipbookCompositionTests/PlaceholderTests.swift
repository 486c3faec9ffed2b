import FlipbookComposition
import FlipbookPresets
import Foundation
import Testing

/// Placeholders filled from variables and counters, in the composition's locale.
@Suite struct PlaceholderTests {
    private func fill(_ text: String, _ values: [String: VariableValue], locale: String = "en_US") throws
        -> String
    {
        let template = try TextTemplate(parsing: text)
        let formatter = ValueFormatter(locale: Locale(identifier: locale))
        return template.parts.map { part in
            switch part {
            case .literal(let text): text
            case .placeholder(let name, let format): formatter.format(values[name]!, as: format)
            }
        }.joined()
    }

    @Test func numbersAreGroupedInTheLocale() throws {
        #expect(try fill("{n:number} users", ["n": .number(12500)]) == "12,500 users")
        #expect(try fill("{n:number}", ["n": .number(12500)], locale: "de_DE") == "12.500")
        #expect(try fill("{n:number(2)}", ["n": .number(1234.5)]) == "1,234.50")
        #expect(try fill("{n:number}", ["n": .number(11331.69)]) == "11,332")
        #expect(try fill("{p:percent(1)}", ["p": .number(0.425)]) == "42.5%")
        #expect(try fill("{n}", ["n": .number(3)]) == "3")
    }

    @Test func amountsAreShortOrInACurrencyInTheLocale() throws {
        #expect(try fill("{n:compact}", ["n": .number(2_467_891)]) == "2.5M")
        #expect(try fill("{n:compact}", ["n": .number(2_467_891)], locale: "de_DE") == "2,5\u{a0}Mio.")
        #expect(try fill("{n:compact(0)}", ["n": .number(12_480)]) == "12K")
        #expect(try fill("{n:compact(2)}", ["n": .number(1_250)]) == "1.25K")
        #expect(try fill("{n:compact}", ["n": .number(950)]) == "950")
        #expect(try fill("{n:currency(USD)}", ["n": .number(12500.5)]) == "$12,500.50")
        #expect(try fill("{n:currency(EUR)}", ["n": .number(12500.5)], locale: "de_DE") == "12.500,50\u{a0}€")
        #expect(try fill("{n:currency(USD, 0)}", ["n": .number(2_000_000)]) == "$2,000,000")
        // The yen has no decimals.
        #expect(try fill("{n:currency(JPY)}", ["n": .number(1500)], locale: "ja_JP") == "¥1,500")
        for bad in [
            "{n:currency}", "{n:currency(usd)}", "{n:currency(USD, 11)}", "{n:currency(USD,0,1)}",
            "{n:compact(x)}",
        ] {
            #expect(throws: TextTemplate.ParseError.self, "\(bad)") { try TextTemplate(parsing: bad) }
        }
    }

    @Test func datesAreWrittenInTheLocaleAndTimeZone() throws {
        let day: [String: VariableValue] = ["d": .text("2026-12-01")]
        #expect(try fill("{d:date(long)}", day) == "December 1, 2026")
        #expect(try fill("{d:date(long)}", day, locale: "de_DE") == "1. Dezember 2026")
        #expect(try fill("{d:date(short)}", day) == "12/1/2026")
        #expect(try fill("{t:time}", ["t": .text("2026-12-01T09:30:00Z")]).hasPrefix("9:30"))
    }

    @Test func bracesAndMistakes() throws {
        #expect(try fill("{{literal}} {v}", ["v": .text("x")]) == "{literal} x")
        #expect(throws: TextTemplate.ParseError.self) { try TextTemplate(parsing: "{open") }
        #expect(throws: TextTemplate.ParseError.self) { try TextTemplate(parsing: "close}") }
        #expect(throws: TextTemplate.ParseError.self) { try TextTemplate(parsing: "{n:nubmer}") }
        #expect(throws: TextTemplate.ParseError.self) { try TextTemplate(parsing: "{n:number(99)}") }
    }

    @Test func aCounterCountsUpInTheText() throws {
        let preset = try CompositionFixture.preset(
            """
            [{"type": "text", "text": "{n:number}", "counters": {"n": [{"t": 0, "value": 0}, {"t": 1, "value": 1000, "easing": "linear"}]}}]
            """)
        let composition = CompositionFixture.composition(preset)
        guard case .text(let text) = composition.layers[0].content, let counter = text.counters["n"] else {
            Issue.record("no counter")
            return
        }
        #expect(counter.value(at: 0.5) == 500)
        // The drawn text widens as digits appear: "0" < "500" < "1,000".
        let inked = [0, 15, 30].map { index in
            let frame = CompositionFixture.frame(preset, index: index)
            return (0..<200).filter { x in (35..<65).contains { frame[x, $0].red > 100 } }.count
        }
        #expect(inked[0] < inked[1] && inked[1] < inked[2], "\(inked)")
    }

    /// A counter's number may be `"{name}"`, a number variable's value, so that a variant sets
    /// where a count-up ends (`presets/launch-variants.csv`'s `users`); a variable that is
    /// missing or text is an error at the keyframe.
    @Test func aCounterCountsUpToANumberVariable() throws {
        let layers = """
            [{"type": "text", "text": "{n:number}", "counters": {"n": [{"t": 0, "value": 0}, {"t": 1, "value": "{users}", "easing": "linear"}]}}]
            """
        func counter(_ overrides: [String]) throws -> Animated<Double>? {
            let text = """
                {"width": 200, "height": 100, "fps": 30, "duration": 2, "variables": {"users": 12500, "name": "x"}, "layers": \(layers)}
                """
            let preset = try Preset.decode(
                text, file: "p.json", overrides: overrides.compactMap(PresetOverride.init))
            guard case .text(let text) = CompositionFixture.composition(preset).layers[0].content else {
                return nil
            }
            return text.counters["n"]
        }
        #expect(try counter([])?.value(at: 1) == 12500)
        #expect(try counter([])?.value(at: 0.5) == 6250)
        #expect(try counter(["variables.users=9800"])?.value(at: 1) == 9800)
        let missing = CompositionFixture.problems(
            #"{"width": 200, "height": 100, "duration": 2, "variables": {"users": 1}, "layers": "#
                + layers.replacingOccurrences(of: "{users}", with: "{user}") + "}")
        #expect(
            missing.contains { $0.contains(#""{user}" names no variable; did you mean "users"?"#) },
            "\(missing)")
        let text = CompositionFixture.problems(
            #"{"width": 200, "height": 100, "duration": 2, "variables": {"users": "many"}, "layers": "#
                + layers + "}")
        #expect(
            text.contains { $0.contains("layers[0].counters.n[1].value") && $0.contains("is text") },
            "\(text)")
    }
}
