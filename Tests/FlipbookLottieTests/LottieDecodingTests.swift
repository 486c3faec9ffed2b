import FlipbookGeometry
import FlipbookJSON
import FlipbookLottie
import FlipbookPresets
import FlipbookTimeline
import Testing

/// Decoding: what a file says, located errors, hostile files refused, unsupported features warned.
struct LottieDecodingTests {
    /// The error decoding `text` throws, or `nil`.
    private func error(decoding text: String) -> PresetError? {
        do {
            _ = try LottieFixture.animation(text)
            return nil
        } catch {
            return error as? PresetError
        }
    }

    /// A precomposition layer using asset `id`.
    private func precompLayer(_ id: String) -> String {
        "{\"ty\": 0, \"refId\": \"\(id)\", \"w\": 100, \"h\": 100, \"ip\": 0, \"op\": 10, \"st\": 0, \"ks\": {}}"
    }

    @Test func aLottieFileBecomesAPresetOfItsOwnFrameRateAndLength() throws {
        let text = """
            {"v": "5.7.0", "fr": 29.9700012207031, "ip": 0, "op": 60, "w": 320, "h": 240, "layers": []}
            """
        let preset = try Preset.decode(text, file: "anim.json")
        #expect(preset.sceneName == "lottie")
        #expect(preset.width == 320 && preset.height == 240)
        #expect(preset.frameRate == FrameRate(30000, 1001))
        #expect(abs(preset.durationSeconds - 60 / 29.9700012207031) < 1e-9)
    }

    @Test func aMissingKeyIsNamedWithItsPlace() {
        let text = LottieFixture.document(layers: "[{\"ty\": 4, \"ks\": {}}]")
        let error = error(decoding: text)
        #expect(error?.path == "layers[0]")
        #expect(error?.message == "missing required key \"shapes\"")
        #expect(error?.location?.line == 2)
    }

    @Test func aPrecompositionThatIncludesItselfIsRefused() {
        let text = LottieFixture.document(
            layers: "[\(precompLayer("a"))]",
            assets:
                "[{\"id\": \"a\", \"layers\": [\(precompLayer("b"))]}, {\"id\": \"b\", \"layers\": [\(precompLayer("a"))]}]"
        )
        let error = error(decoding: text)
        #expect(error?.path == "assets[1].layers[0].refId")
        #expect(error?.message == "precomposition \"a\" includes itself (\"a\" → \"b\" → \"a\")")
    }

    @Test func precompositionsNestedTooDeepAreRefused() {
        let assets = (0..<40).map { level in
            "{\"id\": \"p\(level)\", \"layers\": [\(level == 39 ? "" : precompLayer("p\(level + 1)"))]}"
        }
        let text = LottieFixture.document(
            layers: "[\(precompLayer("p0"))]", assets: "[\(assets.joined(separator: ","))]")
        #expect(error(decoding: text)?.message == "precompositions nest more than 32 deep")
    }

    @Test func precompositionsUsedTwiceOverManyLevelsAreRefusedByTheLayersTheyWouldDraw() {
        // Each level uses the next twice: 2^20 layers a frame from a file of 20 assets.
        let assets = (0..<20).map { level in
            let inner =
                level == 19 ? "" : "\(precompLayer("p\(level + 1)")), \(precompLayer("p\(level + 1)"))"
            return "{\"id\": \"p\(level)\", \"layers\": [\(inner)]}"
        }
        let text = LottieFixture.document(
            layers: "[\(precompLayer("p0"))]", assets: "[\(assets.joined(separator: ","))]")
        let error = error(decoding: text)
        #expect(
            error?.message
                == "the animation would draw more than 10000 layers a frame (precompositions counted each time they are used)"
        )
    }

    @Test func hugeKeyframeArraysAreRefused() {
        let keyframes = (0...100_000).map { "{\"t\": \($0), \"s\": [0]}" }.joined(separator: ",")
        let shapes = """
            [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 1, "k": [\(keyframes)]}}]
            """
        let error = error(decoding: LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes))]"))
        #expect(error?.path == "layers[0].shapes[0].s.k")
        #expect(error?.message == "has 100001 keyframes; a property may have at most 100000")
    }

    @Test func giantEmbeddedImagesAreRefused() {
        let assets =
            "[{\"id\": \"image_0\", \"w\": 100000, \"h\": 100000, \"u\": \"\", \"p\": \"data:image/png;base64,AAAA\", \"e\": 1}]"
        let error = error(decoding: LottieFixture.document(layers: "[]", assets: assets))
        #expect(error?.path == "assets[0].w")
        #expect(error?.message.hasPrefix("an image of 10000000000 pixels is larger than") == true)
    }

    /// A drop shadow is drawn; an effect the players do not draw (tritone) warns.
    @Test func expressionsAndEffectsWarnNamingTheLayer() throws {
        let layer = """
            {"ty": 4, "nm": "Star", "ip": 0, "op": 10, "st": 0,
             "ks": {"r": {"a": 0, "k": 0, "x": "time * 90"}},
             "ef": [{"ty": 25, "nm": "Drop Shadow", "ef": []}, {"ty": 23, "nm": "Tritone"}], "shapes": []}
            """
        let sink = WarningSink.discarding()
        _ = try sink.receiving { () throws in
            try LottieFixture.animation(LottieFixture.document(layers: "[\(layer)]"))
        }
        let warnings = sink.reported
        #expect(warnings.map(\.warningClass) == [.lottieUnsupported, .lottieUnsupported])
        #expect(warnings.map(\.path) == ["layers[0].ks.r", "layers[0].ef[1]"])
        #expect(
            warnings.map(\.message) == [
                "layer \"Star\": expressions are not evaluated",
                "layer \"Star\": effect \"Tritone\" is not applied",
            ])
    }
}
