import FlipbookComposition
import FlipbookJSON
import FlipbookPresets
import FlipbookTestSupport
import Foundation
import Testing

/// Reading compositions: every problem at once, located, with did-you-mean; the shipped examples
/// decode. (That the schema, the docs and `--explain` cover every key: `DeclaredKeysTests`.)
@Suite struct CompositionDecodingTests {
    @Test func everyProblemOfAFileIsReportedAtOnceInFileOrder() {
        let text = """
            {"width": 200, "height": 100, "fps": 30, "duration": 2,
             "variables": {"headline": "Hi"},
             "layers": [
              {"type": "shape", "shape": "rect", "fill": "oragne"},
              {"type": "text", "text": "{headlin}", "opacty": 1},
              {"type": "txt"},
              {"type": "text", "text": "x", "enter": "zoom",
               "scale": [{"t": 0, "value": 1, "easing": "springy"}]}
             ]}
            """
        do {
            _ = try Preset.decode(text, file: "p.json")
            Issue.record("decoded")
        } catch {
            let problems = [error] + error.others
            let lines = problems.map(\.description)
            #expect(problems.count == 6, "\(lines)")
            #expect(lines[0].hasPrefix("p.json:4:46: layers[0].fill: must be a colour: a name"))
            #expect(lines[0].contains(#"did you mean "orange"? (got "oragne")"#))
            #expect(
                lines[1].hasPrefix(
                    #"p.json:5:28: layers[1].text: "{headlin}" names no variable or counter; did you mean "headline"?"#
                ))
            #expect(
                lines[2] == #"p.json:5:41: layers[1].opacty: unknown key "opacty"; did you mean "opacity"?"#)
            #expect(
                lines[3].hasPrefix(
                    #"p.json:6:12: layers[2].type: must be one of scene, text, image, video, lottie, shape, group, sequence, stack, spacer; did you mean "text"?"#
                ))
            #expect(
                lines[4].hasPrefix(
                    #"p.json:7:42: layers[3].enter: must be one of fade, slide, scale, blur, typewriter"#))
            #expect(
                lines[5].hasPrefix(
                    #"p.json:8:45: layers[3].scale[0].easing: unknown easing "springy"; did you mean "spring"?"#
                ))
            let locations = problems.compactMap(\.location).map { ($0.line, $0.column) }
            #expect(locations.map(\.0) == locations.map(\.0).sorted())
        }
    }

    @Test func anUnknownKeyListsEveryKnownKeyOnce() throws {
        let text = """
            {"width": 200, "height": 100, "duration": 1,
             "layers": [{"type": "image", "file": "logo.png", "source": "logo.png"}]}
            """
        let error = try #require(throws: PresetError.self) { try Preset.decode(text, file: "p.json") }
        let problem = try #require(([error] + error.others).first { $0.description.contains("source") })
        let listed = try #require(problem.description.components(separatedBy: "known keys: ").last)
            .components(separatedBy: ", ")
        #expect(listed.contains("file") && listed.contains("fit"), "\(problem)")
        #expect(listed == Array(Set(listed)).sorted(), "\(problem)")
    }

    @Test func sizesRadiiMarginsAndFontSizesCannotBeNegative() {
        let text = """
            {"width": 200, "height": 100, "duration": 1, "safeArea": ["-5vmin", 0, 0, 0], "layers": [
              {"type": "text", "text": "x", "font": {"size": -40}, "maxWidth": "-10%", "lineSpacing": -4},
              {"type": "shape", "shape": "rect", "size": ["-50%", 40], "position": [-20, "-10%"],
               "cornerRadius": [{"t": 0, "value": 4}, {"t": 1, "value": -3}],
               "fill": {"type": "radial", "colors": ["red", "blue"], "endRadius": -4}}
            ]}
            """
        do {
            _ = try Preset.decode(text, file: "p.json")
            Issue.record("decoded")
        } catch {
            // The first error's description lists the others after it: its first line is its own.
            let lines = ([error] + error.others).map { $0.description.split(separator: "\n")[0] }
            #expect(
                lines == [
                    #"p.json:1:59: safeArea[0]: must not be negative (got "-5vmin")"#,
                    #"p.json:2:50: layers[0].font.size: must not be negative (got -40)"#,
                    #"p.json:2:68: layers[0].maxWidth: must not be negative (got "-10%")"#,
                    #"p.json:3:47: layers[1].size[0]: must not be negative (got "-50%")"#,
                    #"p.json:4:61: layers[1].cornerRadius[1].value: must not be negative (got -3)"#,
                    #"p.json:5:71: layers[1].fill.endRadius: must not be negative (got -4)"#,
                ], "\(lines)")
        }
    }

    @Test func anOverrideAddingAVariableThatNoTextShowsIsRefused() throws {
        let text = """
            {"width": 200, "height": 100, "duration": 1, "variables": {"headline": "Hi", "spare": 1},
             "layers": [{"type": "text", "text": "{headline}"}]}
            """
        func decode(_ assignments: [String]) throws -> Preset {
            try Preset.decode(text, file: "p.json", overrides: assignments.compactMap(PresetOverride.init))
        }
        // Overriding a variable the file has, shown or not, and the file's own unused one are fine.
        _ = try decode(["variables.headline=Hello", "variables.spare=2"])
        let error = try #require(throws: PresetError.self) { try decode(["variables.headlin=Hello"]) }
        #expect(
            error.text(overrideLabel: "--set") { $0 }
                == #"p.json (--set): variables.headlin: no text shows {headlin}, and the preset has no such variable; did you mean "headline"?"#
        )
    }

    @Test func aLocaleMustNameAKnownLanguageAndRegion() throws {
        func decode(_ locale: String) throws -> Preset {
            try Preset.decode(
                #"{"width": 64, "height": 64, "duration": 1, "locale": "\#(locale)", "layers": []}"#,
                file: "p.json")
        }
        for valid in ["de_DE", "en-US", "de", "zh_Hant_TW", "sr-Latn-RS", "en_US_POSIX", "es_419"] {
            #expect(throws: Never.self, "\(valid)") { _ = try decode(valid) }
        }
        // Foundation would take these and write numbers and dates neutrally, without a word.
        for (invalid, reason) in [
            ("de_DX", #""DX" is not a region code; did you mean "de_DE"?"#),
            ("xx_YY", #""xx" is not a language code"#),
            ("en_US_!", #""!" is not a region, script or variant"#),
        ] {
            let error = try #require(throws: PresetError.self) { _ = try decode(invalid) }
            #expect(error.description.contains("locale: must be a locale such as"), "\(error)")
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    @Test func tooManyLayersAreOneErrorAtTheFirstPastTheLimit() throws {
        let layers = Array(
            repeating: #"{"type": "shape", "shape": "rect"}"#, count: CompositionDecoder.maximumLayers + 500)
        let text =
            #"{"width": 64, "height": 64, "duration": 1, "layers": ["# + layers.joined(separator: ",") + "]}"
        let error = try #require(throws: PresetError.self) {
            _ = try Preset.decode(text, file: "p.json")
        }
        #expect(error.others.isEmpty, "\(error.others.count) more errors")
        #expect(error.path == "layers[\(CompositionDecoder.maximumLayers)]")
        #expect(
            error.message.hasPrefix(
                "a composition may have at most \(CompositionDecoder.maximumLayers) layers"))
    }

    @Test func keyframesMustBeInOrderAndValuesInRange() {
        let text = """
            {"width": 200, "height": 100, "duration": 2, "layers": [
              {"type": "shape", "shape": "rect", "opacity": [{"t": 1, "value": 1}, {"t": 0.5, "value": 0}]},
              {"type": "shape", "shape": "rect", "opacity": 2, "position": ["50qq", 0]}
            ]}
            """
        #expect {
            try Preset.decode(text, file: "p.json")
        } throws: { error in
            let all = ([error] + ((error as? PresetError)?.others ?? [])).map { "\($0)" }
            return all.count == 3 && all[0].contains("keyframes must be in time order")
                && all[1].contains("layers[1].opacity: must be between 0 and 1")
                && all[2].contains("must be a length")
        }
    }

    @Test(arguments: ["launch", "milestone", "lower-third", "social-square"])
    func theExamplesDecodeAndDrawEveryLayer(name: String) throws {
        let preset = try Preset.load(path: RepositoryPaths.path("presets/\(name).json"))
        let composition = CompositionFixture.composition(preset)
        #expect(composition.layers.count >= 1)
        #expect(composition.accessibilityLabel?.isEmpty == false)
        #expect(preset.inputFiles.first == RepositoryPaths.path("presets/\(name).json"))
        let frame = CompositionFixture.frame(
            preset, index: 90, width: preset.width / 4, height: preset.height / 4)
        #expect(frame.hasContent)
    }

    @Test func aCompositionNeedsItsLayersAndNothingElse() {
        #expect(throws: PresetError.self) {
            try Preset.decode(
                #"{"scene": "composition", "width": 100, "height": 100, "duration": 1}"#, file: "p.json")
        }
        #expect(throws: PresetError.self) {
            try Preset.decode(
                #"{"scene": "confetti", "width": 100, "height": 100, "duration": 1, "layers": []}"#,
                file: "p.json")
        }
        #expect(throws: PresetError.self) {
            try Preset.decode(
                #"{"width": 100, "height": 100, "duration": 1, "layers": [], "parameters": {}}"#,
                file: "p.json")
        }
    }
}
