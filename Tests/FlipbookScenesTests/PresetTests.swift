import FlipbookJSON
import FlipbookPresets
import FlipbookRaster
import FlipbookScenes
import FlipbookTestSupport
import FlipbookTimeline
import Testing

private func decodeError(_ text: String) -> String? {
    do {
        _ = try Preset.decode(text, file: "p.json")
        return nil
    } catch {
        return error.description
    }
}

@Test func theShippedConfettiPresetDecodes() throws {
    let preset = try Preset.load(path: RepositoryPaths.path("presets/confetti.json"))
    #expect(preset.sceneName == "confetti")
    #expect(preset.width == 1920 && preset.height == 1080)
    #expect(preset.frameRate == FrameRate(60))
    #expect(preset.durationSeconds == 3)
}

@Test func rationalFrameRatesAndHexSeedsAreAccepted() throws {
    let preset = try Preset.decode(
        #"{"$schema": "x", "scene": "confetti", "width": 64, "height": 32, "fps": "30000/1001", "duration": 1, "seed": "0x5EED"}"#,
        file: "p.json")
    #expect(preset.frameRate == FrameRate(30_000, 1001))
    #expect(preset.seed == 0x5EED)
}

@Test func aNumericSeedMustBeOneThatADoubleHoldsExactly() throws {
    func preset(seed: String) -> String {
        #"{"scene": "confetti", "width": 64, "height": 32, "duration": 1, "seed": \#(seed)}"#
    }
    // 2⁵³ + 1 reads as 2⁵³: two seeds in files would give one video. Refused, as written.
    #expect(
        decodeError(preset(seed: "9007199254740993"))
            == "p.json:1:73: seed: must be between 0 and 9007199254740991 (got 9007199254740993)")
    #expect(try Preset.decode(preset(seed: "9007199254740991"), file: "p.json").seed == (1 << 53) - 1)
    // Larger seeds are written in hex, all 64 bits of them.
    #expect(try Preset.decode(preset(seed: #""0xFFFFFFFFFFFFFFFF""#), file: "p.json").seed == .max)
}

@Test func invalidJSONIsReportedWithLineAndColumn() {
    let message = decodeError("{\n  \"scene\": \"confetti\",\n  \"width\": 64,,\n}")
    #expect(message == "p.json:3:15: invalid JSON: unexpected ','; expected a key in double quotes")
}

@Test func unknownKeysAreErrorsWithASuggestion() {
    let message = decodeError(
        #"{"scene": "confetti", "width": 64, "height": 64, "duration": 1, "parameters": {"cuont": 5}}"#)
    #expect(message == #"p.json:1:80: parameters.cuont: unknown key "cuont"; did you mean "count"?"#)
}

@Test func outOfRangeValuesNameTheirPathAndTheValueFound() {
    let message = decodeError(
        "{\"scene\": \"confetti\", \"width\": 64, \"height\": 64, \"duration\": 1,\n \"parameters\": {\"bursts\": [{\"time\": -2}]}}"
    )
    #expect(message == "p.json:2:37: parameters.bursts[0].time: must be between 0 and 86400 (got -2)")
}

@Test func unknownScenesListTheKnownOnes() {
    let message = decodeError(#"{"scene": "confeti", "width": 64, "height": 64, "duration": 1}"#)
    #expect(
        message?.hasPrefix(#"p.json:1:11: scene: unknown scene "confeti"; did you mean "confetti"?"#) == true)
}

@Test func sizesOutOfRangeAreRefusedWithTheReason() {
    let message = decodeError(#"{"scene": "confetti", "width": 9000, "height": 1080, "duration": 1}"#)
    #expect(message == "p.json:1:32: width: must be between 16 and 8192 (got 9000)")
}

@Test func outputOptionsAreCheckedAgainstTheirFormat() {
    let crf = decodeError(
        #"{"scene": "confetti", "width": 64, "height": 64, "duration": 1, "output": {"format": "gif", "crf": 3}}"#
    )
    #expect(crf == "p.json:1:100: output.crf: gif has no constant-quality mode, so crf does not apply")
    let pixels = decodeError(
        #"{"scene": "confetti", "width": 64, "height": 64, "duration": 1, "output": {"pixelFormat": "yuva420p"}}"#
    )
    #expect(
        pixels?.contains("output.pixelFormat: must be one of yuv420p, yuv444p, yuv420p10le, yuv444p10le")
            == true)
    let dither = decodeError(
        #"{"scene": "confetti", "width": 64, "height": 64, "duration": 1, "output": {"dither": "bayr"}}"#)
    #expect(dither?.contains(#"did you mean "bayer"?"#) == true)
    let matte = decodeError(
        ##"{"scene": "confetti", "width": 64, "height": 64, "duration": 1, "output": {"matte": "#FFFFFF80"}}"##
    )
    #expect(
        matte?.hasSuffix("output.matte: a matte must be opaque: it stands for the page the GIF is shown on")
            == true, "\(matte ?? "")")
    let preset = try? Preset.decode(
        #"{"scene": "confetti", "width": 64, "height": 64, "duration": 1, "output": {"format": "gif", "matte": "white"}}"#,
        file: "p.json")
    #expect(preset?.output.matte == PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
}

@Test func missingRequiredKeysAreNamed() {
    #expect(
        decodeError(#"{"scene": "confetti", "width": 64, "height": 64}"#)
            == #"p.json:1:1: missing required key "duration""#)
    // A key that looks meant for it is named: a misspelling, or a longer name.
    #expect(
        decodeError(#"{"scene": "confetti", "width": 64, "height": 64, "duraton": 1}"#)
            == #"p.json:1:1: missing required key "duration"; the object has "duraton": rename it to "duration""#
    )
    let keyframe = decodeError(
        #"{"width": 64, "height": 64, "duration": 1, "layers": [{"type": "shape", "opacity": [{"time": 0, "value": 1}]}]}"#
    )
    #expect(
        keyframe?.hasSuffix(
            #"layers[0].opacity[0]: missing required key "t"; the object has "time": rename it to "t""#)
            == true, "\(keyframe ?? "")")
}

@Test func aMissingFileIsNamed() {
    #expect(throws: PresetError(file: "/no/such.json", location: nil, path: "", message: "no such file")) {
        try Preset.load(path: "/no/such.json")
    }
}
