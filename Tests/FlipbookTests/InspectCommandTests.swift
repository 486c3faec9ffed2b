import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook inspect` (issue 53 §5): each layer's box in output pixels as it is drawn — after
/// its position (absolute or relative), anchor, scale, rotation and its groups' — whether it
/// shows, and its text's lines and fonts, as JSON.
@Suite struct InspectCommandTests {
    private let runner = CommandRunner()

    /// A 400 × 200 composition: layers placed each way, a group of layers scaled by half with a
    /// group in it, a text in Flipbook Pixel, and a layer that starts at 1 s.
    private func composition(in folder: TemporaryDirectory) throws -> String {
        try FileManager.default.copyItem(
            atPath: RepositoryPaths.path("presets/assets/FlipbookPixel.ttf"), toPath: folder.path("Pixel.ttf")
        )
        return try folder.write(
            #"""
            {"width": 400, "height": 200, "fps": 10, "duration": 2, "fonts": ["Pixel.ttf"], "markers": {"late": 1}, "layers": [
             {"type": "shape", "shape": "rect", "name": "Absolute", "size": [100, 50], "position": [60, 40]},
             {"type": "shape", "shape": "rect", "name": "Percent", "size": ["25%", "50%"], "position": ["50%", "50%"]},
             {"type": "shape", "shape": "rect", "name": "Anchored", "size": [40, 20], "anchor": "topLeading", "position": [20, 30]},
             {"type": "shape", "shape": "rect", "name": "Scaled", "size": [40, 20], "position": [300, 50], "scale": 2},
             {"type": "shape", "shape": "rect", "name": "Rotated", "size": [60, 20], "position": [100, 150], "rotation": 30},
             {"type": "group", "name": "Outer", "size": [200, 100], "position": [300, 150], "scale": 0.5, "layers": [
               {"type": "shape", "shape": "rect", "name": "Inner", "size": [50, 50], "position": [0, 0]},
               {"type": "group", "name": "Nested", "size": [100, 50], "anchor": "topLeading", "position": [100, 50], "layers": [
                 {"type": "shape", "shape": "rect", "name": "Deep", "size": ["50%", "50%"], "anchor": "bottomTrailing", "position": ["100%", "100%"]}]}]},
             {"type": "text", "name": "Words", "text": "AB\nCD", "font": {"family": "Flipbook Pixel", "size": 20}, "position": [200, 20]},
             {"type": "shape", "shape": "rect", "name": "Later", "size": [10, 10], "position": [5, 5], "start": 1}]}
            """#, to: "layout.json")
    }

    /// `inspect … --json` as an object, exiting 0.
    private func inspect(_ arguments: [String]) throws -> [String: Any] {
        let result = try runner.run(["inspect"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
            "\(result.standardOutput)")
    }

    /// Every layer of `layers`, their groups' nested in them, by name.
    private func byName(_ layers: Any?) -> [String: [String: Any]] {
        var found: [String: [String: Any]] = [:]
        for layer in layers as? [[String: Any]] ?? [] {
            found[layer["name"] as? String ?? ""] = layer
            found.merge(byName(layer["layers"])) { first, _ in first }
        }
        return found
    }

    private func box(_ layer: [String: Any]?) -> [Double] {
        (layer?["box"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    private func expect(
        _ layer: [String: Any]?, at expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = box(layer)
        #expect(
            actual.count == 4 && zip(actual, expected).allSatisfy { abs($0 - $1) < 0.01 },
            "\(layer?["name"] ?? "?"): \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    /// `presets/launch.json` looks designed at 16:9, 9:16 and 1:1: as `inspect --json` finds its
    /// layers, no two of its texts and pictures that show overlap, and all lie in its safe area
    /// (`"safeArea": "5vmin"`) — while the number counts up (its width changes) and after
    /// everything has entered.
    @Test(arguments: [(1920, 1080), (1080, 1920), (1080, 1080)])
    func launchKeepsItsTextsAndPicturesApartInItsSafeArea(width: Int, height: Int) throws {
        let margin = 0.05 * Double(min(width, height))
        let safe = CGRect(x: 0, y: 0, width: width, height: height).insetBy(dx: margin, dy: margin)
        for time in ["2", "3.5", "5.9"] {
            let json = try inspect([
                RepositoryPaths.path("presets/launch.json"), "--size", "\(width)x\(height)", "--time", time,
            ])
            let shown = byName(json["layers"]).values.filter {
                $0["visible"] as? Bool == true && ["text", "image"].contains($0["kind"] as? String ?? "")
            }.map { layer -> (String, CGRect) in
                let numbers = box(layer)
                return (
                    layer["name"] as? String ?? "?",
                    CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                )
            }.sorted { $0.0 < $1.0 }
            #expect(shown.count >= (time == "2" ? 4 : 5), "\(shown.map(\.0))")
            for (index, (name, box)) in shown.enumerated() {
                #expect(
                    safe.insetBy(dx: -0.01, dy: -0.01).contains(box),
                    "\(width)×\(height) at \(time) s: \(name) \(box) is outside the safe area \(safe)")
                for (other, otherBox) in shown[(index + 1)...] {
                    let overlap = box.intersection(otherBox)
                    #expect(
                        overlap.isNull || overlap.width < 0.01 || overlap.height < 0.01,
                        "\(width)×\(height) at \(time) s: \(name) \(box) overlaps \(other) \(otherBox)")
                }
            }
        }
    }

    @Test func boxesAreWhereTheLayersAreDrawn() throws {
        let folder = TemporaryDirectory()
        let preset = try composition(in: folder)
        let report = try inspect([preset, "--time", "0.5"])
        #expect(report["time"] as? Double == 0.5)
        #expect((report["size"] as? [Int]) == [400, 200])
        let layers = byName(report["layers"])
        expect(layers["Absolute"], at: [10, 15, 100, 50])
        // 25 % × 50 % of the canvas, its centre at the canvas's.
        expect(layers["Percent"], at: [150, 50, 100, 100])
        expect(layers["Anchored"], at: [20, 30, 40, 20])
        // Twice its size about its centre.
        expect(layers["Scaled"], at: [260, 30, 80, 40])
        // Turned by 30° about its centre: the bounds of the turned box.
        let (cosine, sine) = (cos(Double.pi / 6), sin(Double.pi / 6))
        let (width, height) = (60 * cosine + 20 * sine, 60 * sine + 20 * cosine)
        expect(layers["Rotated"], at: [100 - width / 2, 150 - height / 2, width, height])
        // The group is drawn at half size about its centre (300, 150): a point (x, y) of its own
        // box lands at (250 + x / 2, 125 + y / 2).
        expect(layers["Outer"], at: [250, 125, 100, 50])
        expect(layers["Inner"], at: [250 - 12.5, 125 - 12.5, 25, 25])
        expect(layers["Nested"], at: [250 + 50, 125 + 25, 50, 25])
        // The lower right quarter of Nested, whose own box starts at (100, 50) of Outer's.
        expect(layers["Deep"], at: [250 + (100 + 50) / 2, 125 + (50 + 25) / 2, 25, 12.5])
        // Groups hold their layers, as drawn.
        let top = (report["layers"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" }
        #expect(top == ["Absolute", "Percent", "Anchored", "Scaled", "Rotated", "Outer", "Words", "Later"])
        let outer = (layers["Outer"]?["layers"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" }
        #expect(outer == ["Inner", "Nested"])
        #expect(
            layers["Deep"]?["kind"] as? String == "shape" && layers["Outer"]?["kind"] as? String == "group")
        #expect(layers["Deep"]?["path"] as? String == "layers[5].layers[1].layers[0]")
        // --scale draws at more pixels a point; --size lays out on another canvas.
        expect(
            byName(try inspect([preset, "--time", "0.5", "--scale", "2"])["layers"])["Absolute"],
            at: [20, 30, 200, 100])
        let resized = byName(try inspect([preset, "--time", "0.5", "--size", "800x400"])["layers"])
        expect(resized["Percent"], at: [300, 100, 200, 200])
        expect(resized["Absolute"], at: [10, 15, 100, 50])
    }

    @Test func aLayerIsVisibleFromItsStartAndItsTextHasItsLinesAndFonts() throws {
        let folder = TemporaryDirectory()
        let preset = try composition(in: folder)
        let before = byName(try inspect([preset, "--time", "0.5"])["layers"])
        // Before its start it is placed where it will show, and hidden.
        #expect(before["Later"]?["visible"] as? Bool == false)
        expect(before["Later"], at: [0, 0, 10, 10])
        #expect(before["Absolute"]?["visible"] as? Bool == true)
        // At 15 frames (1.5 s) it shows, and half a second after the marker at 1 s.
        for time in ["15f", "late+500ms"] {
            let after = byName(try inspect([preset, "--time", time])["layers"])
            #expect(after["Later"]?["visible"] as? Bool == true, "\(time)")
            expect(after["Later"], at: [0, 0, 10, 10])
        }
        #expect(try inspect([preset, "--time", "late-0.5"])["time"] as? Double == 0.5)

        let text = try #require(before["Words"]?["text"] as? [String: Any])
        #expect(text["lines"] as? [String] == ["AB", "CD"])
        let fonts = text["fonts"] as? [[String: Any]] ?? []
        #expect(fonts.map { $0["text"] as? String } == ["AB", "CD"], "\(fonts)")
        for font in fonts {
            #expect(font["font"] as? String == "Flipbook Pixel", "\(font)")
            #expect((font["file"] as? String)?.hasSuffix("Pixel.ttf") == true, "\(font)")
        }
        // The text's box is centred on its position, as its anchor says.
        let words = box(before["Words"])
        #expect(
            abs(words[0] + words[2] / 2 - 200) < 0.01 && abs(words[1] + words[3] / 2 - 20) < 0.01, "\(words)")
        // Other layers have no text, and only groups have layers.
        #expect(before["Absolute"]?["text"] == nil && before["Absolute"]?["layers"] == nil)
    }

    /// A time past the end is refused; a scene preset is one layer, the scene, filling the canvas;
    /// warnings are given with their path; the lines for people say the same.
    @Test func otherPresetsTimesAndTheLinesForPeople() throws {
        let folder = TemporaryDirectory()
        let preset = try composition(in: folder)
        let late = try runner.run(["inspect", preset, "--time", "3"])
        #expect(
            late.status == 65 && late.standardError.contains("is not within the 2 s video"),
            "\(late.standardError)")
        let scene = try inspect([RepositoryPaths.path("presets/triangle.json")])
        let layers = scene["layers"] as? [[String: Any]] ?? []
        #expect(layers.count == 1 && layers.first?["kind"] as? String == "scene", "\(layers)")
        expect(layers.first, at: [0, 0, 400, 400])
        #expect((scene["warnings"] as? [Any])?.isEmpty == true)

        let warned = try folder.write(
            #"{"width": 100, "height": 100, "duration": 1, "layers": [{"type": "shape", "shape": "rect", "start": 2}]}"#,
            to: "warned.json")
        let warnings = try inspect([warned])["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.count == 1 && warnings.first?["path"] as? String == "layers[0]", "\(warnings)")
        #expect(warnings.first?["class"] as? String == "never-visible")

        let people = try runner.run(["inspect", preset, "--time", "0.5"])
        #expect(people.status == 0, "\(people.standardError)")
        #expect(
            people.standardOutput.contains("layers[0] \"Absolute\": shape, visible, box 10, 15, 100 × 50"))
        #expect(people.standardOutput.contains("line 1: \"AB\""), "\(people.standardOutput)")
        #expect(
            people.standardOutput.contains("layers[7] \"Later\": shape, hidden"), "\(people.standardOutput)")
    }
}
