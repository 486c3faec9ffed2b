import FlipbookAudio
import FlipbookCanvas
import FlipbookComposition
import FlipbookFFmpeg
import FlipbookJSON
import FlipbookPresets
import FlipbookRaster
import FlipbookSVG
import FlipbookTestSupport
import Foundation
import Testing

/// What a composition reports it will hold (`Composition.memoryEstimate`), and the limits that
/// hold on sums: each part as the renderer holds it, so that a render over its budget is
/// refused before its first frame.
@Suite struct MemoryEstimateTests {
    /// The estimate of `preset`'s composition at its own size and scale 1.
    private static func estimate(_ preset: Preset) -> MemoryEstimate {
        preset.scene.estimatedMemory(canvas: CGSize(width: preset.width, height: preset.height), scale: 1)
    }

    /// Nested turned groups each hold a canvas 512 pixels larger than the frame on every side —
    /// the same at every level, as they share one margin past the frame — held at once.
    @Test func nestedTurnsHoldACanvasEachOfOneSize() throws {
        var layer = #"{"type": "shape", "shape": "rect"}"#
        for _ in 0..<4 { layer = #"{"type": "group", "rotationY": 45, "layers": [\#(layer)]}"# }
        let estimate = Self.estimate(try CompositionFixture.preset("[\(layer)]"))
        let canvases = estimate.items.filter { $0.what.hasPrefix("an offscreen canvas") }
        // The innermost shape's canvas and cut-out weigh what its group's cut-out and turn do,
        // drawn after it: one of the two counts.
        #expect(
            canvases.map(\.path) == [
                "layers[0]", "layers[0].layers[0]", "layers[0].layers[0].layers[0]",
                "layers[0].layers[0].layers[0].layers[0]",
            ])
        let bytes = MemoryEstimate.canvasBytes(width: 200 + 1024, height: 100 + 1024)
        #expect(canvases.allSatisfy { $0.bytes == bytes && $0.perWorker })
        // Two workers hold two chains; the largest part is the outermost group, with all it holds.
        let largest = try #require(estimate.largest(workers: 2))
        #expect(largest.path == "layers[0]")
        #expect(largest.bytes == 2 * 6 * bytes)
    }

    /// Siblings are drawn one after another: the costlier one's canvases count, not both.
    @Test func siblingsCountTheCostlierChain() throws {
        let one = Self.estimate(
            try CompositionFixture.preset(#"[{"type": "shape", "shape": "rect", "blur": 20}]"#))
        let two = Self.estimate(
            try CompositionFixture.preset(
                #"[{"type": "shape", "shape": "rect", "blur": 20}, {"type": "shape", "shape": "rect"}]"#))
        #expect(two.bytes(workers: 1) == one.bytes(workers: 1))
    }

    /// A picture shown by many layers is decoded once, shared by all of them, and counted once.
    @Test func aPictureShownByManyLayersIsDecodedAndCountedOnce() throws {
        let folder = TemporaryDirectory()
        try PNGFile.write(Pixmap(width: 300, height: 200), to: folder.path("logo.png"))
        let layers = (0..<6).map { #"{"type": "image", "file": "logo.png", "position": [\#($0 * 30), 50]}"# }
        let preset = try CompositionFixture.preset(
            "[\(layers.joined(separator: ","))]", file: folder.path("p.json"))
        let pictures = CompositionFixture.composition(preset).layers.compactMap { layer -> RasterImage? in
            guard case .image(let image) = layer.content, case .raster(let picture) = image.source else {
                return nil
            }
            return picture
        }
        #expect(pictures.count == 6)
        #expect(pictures.allSatisfy { $0 === pictures[0] })
        let decoded = Self.estimate(preset).items.filter { $0.what.hasPrefix("a decoded") }
        #expect(decoded.count == 1)
        #expect(decoded.first?.bytes == 300 * 200 * 4 && decoded.first?.perWorker == false)
    }

    /// Particles count over all of a composition's scenes: for the estimate, summed; for the
    /// `particles` limit, together — the scene that passes it is named.
    @Test func particlesCountOverAllScenes() throws {
        let scene = #"{"type": "scene", "scene": "confetti", "parameters": {"count": 40000}}"#
        let two = try CompositionFixture.preset("[\(scene), \(scene)]")
        let drawn = Self.estimate(two).items.filter { $0.what.contains("particles drawn") }
        #expect(drawn.map(\.path) == ["layers[0]", "layers[1]"])
        #expect(drawn.reduce(0) { $0 + $1.bytes } == 80_000 * 512)
        let problems = CompositionFixture.problems(
            #"{"width": 200, "height": 100, "duration": 1, "layers": [\#(scene), \#(scene), \#(scene)]}"#)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("layers[2].parameters: this scene's 40000 particles bring") == true)
        #expect(problems.first?.contains("(got 120000)") == true)
    }

    /// The `text-length` limit holds on a text with its placeholders filled, and on all texts
    /// together.
    @Test func textLengthCountsFilledPlaceholdersAndEveryText() throws {
        let long = String(repeating: "x", count: 4000)
        let tripled = CompositionFixture.problems(
            #"{"width": 200, "height": 100, "duration": 1, "variables": {"a": "\#(long)"}, "layers": [{"type": "text", "text": "{a}{a}{a}"}]}"#
        )
        #expect(
            tripled.first?.contains(
                "layers[0].text: with its placeholders filled, the text shows up to 12000") == true)
        let texts = Array(repeating: #"{"type": "text", "text": "\#(long)"}"#, count: 3).joined(
            separator: ",")
        let together = CompositionFixture.problems(
            #"{"width": 200, "height": 100, "duration": 1, "layers": [\#(texts)]}"#)
        #expect(together.count == 1)
        #expect(
            together.first?.contains(
                "layers[2].text: this text's 4000 characters bring the composition's texts to 12000") == true)
    }

    /// A layer that loops every 0.00001 s with a sound is refused by the `sounds` limit as its
    /// sounds are counted, before 100 000 of them are made.
    @Test func aLoopingSoundIsCountedBeforeItIsScheduled() throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("click.wav"), seconds: 0.05)
        let start = Date()
        #expect {
            try CompositionFixture.preset(
                #"[{"type": "shape", "shape": "circle", "loop": 0.00001, "sound": {"file": "click.wav"}}]"#,
                duration: 1, file: folder.path("p.json"))
        } throws: { error in
            let problem = error as? PresetError
            return problem?.path == "layers[0].sound" && problem?.limit == "sounds"
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    /// A sound whose header says 1 Hz is refused when it is read (resampled to 48 kHz it would
    /// grow 48 000-fold); the mix's estimate counts the sounds that play at once, not all.
    @Test func theSoundIsReadWithinItsRatesAndCountedAsItPlays() throws {
        let folder = TemporaryDirectory()
        try WAVFile.writeSine(to: folder.path("slow.wav"), seconds: 1000, frequency: 0.1, rate: 1)
        #expect {
            _ = try AudioFileReader(path: folder.path("slow.wav"))
        } throws: { error in
            (error as? MediaError)?.message.contains("its sample rate is 1 Hz") == true
        }
        try WAVFile.writeSine(to: folder.path("click.wav"), seconds: 0.5)
        var mix = AudioMix()
        for start in [0.0, 0.25, 2, 3] {
            var track = AudioTrack(file: folder.path("click.wav"))
            track.start = start
            mix.tracks.append(track)
        }
        let estimate = mix.memoryEstimate(totalFrames: 4 * AudioMix.sampleRate)
        #expect(estimate.items.map(\.what) == ["the sound: 2 of its 4 track(s) playing at once"])
        #expect(
            estimate.bytes(workers: 8) == 2 * AudioMix.bytesPerPlayingTrack + 4
                * AudioMix.bytesPerScheduledTrack)
    }

    /// An SVG whose `<use>` elements expand to billions is refused as it is read, at once; a
    /// `<use>` that refers to what holds it too. A few `<use>`s are drawn as ever.
    @Test func anSVGIsHeldToTheElementsItsUsesExpandTo() throws {
        func svg(levels: Int, wide: Int) -> String {
            var text =
                #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><rect id="l0" width="1" height="1"/>"#
            for level in 1...levels {
                text += #"<g id="l\#(level)">"#
                text += String(repeating: ##"<use href="#l\##(level - 1)"/>"##, count: wide) + "</g>"
            }
            return text + ##"</defs><use href="#l\##(levels)"/></svg>"##
        }
        let start = Date()
        #expect {
            _ = try SVGDocument(data: Data(svg(levels: 10, wide: 10).utf8), name: "uses.svg")
        } throws: { error in
            (error as? SVGError)?.message.contains("expand it to more than 100000 elements") == true
        }
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(throws: SVGError.self) {
            _ = try SVGDocument(
                data: Data(
                    ##"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><g id="a"><use href="#a"/></g></svg>"##
                        .utf8),
                name: "loop.svg")
        }
        let small = try SVGDocument(data: Data(svg(levels: 3, wide: 10).utf8), name: "small.svg")
        #expect(small.intrinsicWidth == 10)
    }
}
