import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// Compositions from the command line, checked through independent decoders: one file in two
/// aspect ratios, one video per row of a variables table, image inputs protected.
@Suite struct CompositionCommandTests {
    private let runner = CommandRunner()

    /// Pillow's RGB of the pixel at fractions (x, y) of the PNG at `path`, and its size.
    private func pixel(_ path: String, _ x: Double, _ y: Double) throws -> (rgb: [Int], size: [Int]) {
        let script = """
            import sys, json
            from PIL import Image
            image = Image.open(sys.argv[1]).convert("RGB")
            w, h = image.size
            print(json.dumps({"rgb": image.getpixel((int(float(sys.argv[2]) * w), int(float(sys.argv[3]) * h))), "size": [w, h]}))
            """
        let result = try IndependentDecoder.json(script, [path, "\(x)", "\(y)"]) as? [String: [Int]] ?? [:]
        return (result["rgb"] ?? [], result["size"] ?? [])
    }

    /// The bounds `[minX, maxX, minY, maxY]` in pixels of the logo's orange-to-pink tile within
    /// fractions `x` and `y` of the PNG at `path`, and the picture's size, read by Pillow.
    private func tile(_ path: String, x: ClosedRange<Double>, y: ClosedRange<Double>) throws
        -> (bounds: [Int], size: [Int])
    {
        let script = """
            import sys, json
            from PIL import Image
            image = Image.open(sys.argv[1]).convert("RGB")
            w, h = image.size
            x0, x1, y0, y1 = (float(a) for a in sys.argv[2:6])
            points = [(x, y) for x in range(int(x0 * w), int(x1 * w)) for y in range(int(y0 * h), int(y1 * h))
                      if image.getpixel((x, y))[0] > 200 and image.getpixel((x, y))[2] < 140]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            print(json.dumps({"bounds": [min(xs), max(xs), min(ys), max(ys)], "size": [w, h]}))
            """
        let arguments = [path] + [x.lowerBound, x.upperBound, y.lowerBound, y.upperBound].map { "\($0)" }
        let result = try IndependentDecoder.json(script, arguments) as? [String: [Int]] ?? [:]
        return (result["bounds"] ?? [], result["size"] ?? [])
    }

    /// `presets/launch.json` in 16:9 and — by its portrait override — in 9:16: the logo beside
    /// the copy, 30 vmin square, or above it, 42 vmin square and centred; re-laid out, not
    /// stretched.
    @Test func oneFileLaysOutForLandscapeAndPortrait() throws {
        let folder = TemporaryDirectory()
        let preset = RepositoryPaths.path("presets/launch.json")
        for (name, size) in [("wide", "1920x1080"), ("tall", "1080x1920")] {
            let result = try runner.run([
                "still", preset, "--at", "5", "--size", size, "--scale", "0.25", "-o",
                folder.path("\(name).png"),
            ])
            #expect(result.status == 0, "\(result.standardError)")
        }
        // The tile fills 240/256 of the SVG: in 16:9 30 vmin of 270 pixels, about 76, left of
        // the copy; in 9:16 42 vmin, about 106, above it (the copy starts below 40 %).
        let wide = try tile(folder.path("wide.png"), x: 0...0.27, y: 0...1)
        let tall = try tile(folder.path("tall.png"), x: 0...1, y: 0...0.4)
        #expect(wide.size == [480, 270] && tall.size == [270, 480])
        for (name, found, side) in [("wide", wide.bounds, 76), ("tall", tall.bounds, 106)] {
            let (width, height) = (
                found.count == 4 ? found[1] - found[0] : 0, found.count == 4 ? found[3] - found[2] : 0
            )
            #expect(abs(width - height) <= 3 && abs(width - side) <= 4, "\(name): \(found)")
        }
        if tall.bounds.count == 4 {
            #expect(abs((tall.bounds[0] + tall.bounds[1]) / 2 - 135) <= 2, "centred")
        }
    }

    @Test func validateWarnsAboutAFontFamilyNothingProvides() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: RepositoryPaths.path("presets/assets/FlipbookPixel.ttf"), toPath: folder.path("Pixel.ttf")
        )
        func composition(_ name: String, family: String, fonts: String = "[]") throws -> String {
            try folder.write(
                """
                {"width": 64, "height": 64, "fps": 30, "duration": 1, "fonts": \(fonts),
                 "layers": [{"type": "group", "layers": [
                   {"type": "text", "text": "Hi", "font": {"family": "\(family)"}}]}]}
                """, to: name)
        }
        let missing = try composition("missing.json", family: "Brandfont Sans")
        let listed = try composition("listed.json", family: "Brandfont Serif", fonts: #"["Pixel.ttf"]"#)
        let provided = try composition("provided.json", family: "Flipbook Pixel", fonts: #"["Pixel.ttf"]"#)
        let result = try runner.run(["validate", missing, listed, provided])
        #expect(result.status == 0, "a warning is not an error: \(result.standardError)")
        #expect(result.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("ok ") }.count == 3)
        // Each at the text's JSON path, with its class; the file no text names is not used.
        let warnings = result.standardError.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(
            warnings == [
                "flipbook: warning: \(missing): layers[0].layers[0]: font family \"Brandfont Sans\" is not installed; "
                    + "its text is drawn in \"Inter\" instead [font-substituted]",
                "flipbook: warning: \(listed): fonts[0]: the font file \(folder.path("Pixel.ttf")) (\"Flipbook Pixel\") "
                    + "is not used: no text names its family; name it in a text's font, or leave the file out "
                    + "[unused-asset]",
                "flipbook: warning: \(listed): layers[0].layers[0]: font family \"Brandfont Serif\" is neither in the "
                    + "font files (\"Flipbook Pixel\") nor installed; its text is drawn in \"Inter\" instead "
                    + "[font-substituted]",
            ], "\(warnings)")
        let quiet = try runner.run(["validate", missing, "--quiet"])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty && quiet.standardOutput.isEmpty)
    }

    @Test func batchRendersOneVideoPerRowOfAVariablesTable() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            "name,headline,users\nen,\"Launch, finally\",12500\nde,Endlich da,9800\n", to: "rows.csv")
        _ = try folder.write(#"[{"headline": "Bonjour", "users": 1}]"#, to: "rows.json")
        let preset = RepositoryPaths.path("presets/launch.json")
        for table in ["rows.csv", "rows.json"] {
            let result = try runner.run([
                "batch", preset, "--variables", folder.path(table), "-o", folder.path("out"), "--scale",
                "0.125",
                "--duration", "2", "--preset", "ultrafast",
            ])
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(folder.contents("out").sorted() == ["launch-1.mp4", "launch-de.mp4", "launch-en.mp4"])
        var lastFrames: [UInt64] = []
        for name in ["launch-en", "launch-de", "launch-1"] {
            let frames = try VideoFileReader(path: folder.path("out/\(name).mp4")).readAllFrames()
            #expect(frames.count == 60)
            lastFrames.append(frames.last!.contentHash)
        }
        #expect(Set(lastFrames).count == 3, "each row's headline is different")
    }

    @Test func aBrokenTableIsRefusedBeforeAnythingRenders() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write("name,headline\nen,\"open\nde,x,extra\n", to: "bad.csv")
        _ = try folder.write("name,headline\nen,a\nde,b,extra\n", to: "wide.csv")
        let preset = RepositoryPaths.path("presets/launch.json")
        for (table, message) in [
            ("bad.csv", "line 2: a quoted field is not closed"), ("wide.csv", "line 3: 3 fields"),
        ] {
            let result = try runner.run([
                "batch", preset, "--variables", folder.path(table), "-o", folder.path("out"),
            ])
            #expect(result.status == 65)
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    /// A composition that cannot be read fails in a table's batch with its own errors, one line
    /// each — not with the `name` column's (it names the rows; it was reported as "no such
    /// variable"), nor as one line with the errors' line breaks written as `\n` — and the row's
    /// other columns still apply (no "{headline} names no variable").
    @Test func aBrokenCompositionInATableFailsWithItsOwnErrorsOnALineEach() throws {
        let folder = TemporaryDirectory()
        let preset = try folder.write(
            #"{"width": 64, "height": 64, "duration": 1, "layers": [{"type": "text", "text": "{headline}", "colour": "red"}, {"type": "image"}]}"#,
            to: "broken.json")
        _ = try folder.write("name,headline\nen,Hi\n", to: "rows.csv")
        let result = try runner.run([
            "batch", preset, "--variables", folder.path("rows.csv"), "-o", folder.path("out"),
        ])
        #expect(result.status == 65)
        let lines = result.standardError.split(separator: "\n").filter { $0.contains("[en]: ") }
        #expect(lines.count == 2, "\(result.standardError)")
        #expect(lines.first?.contains("layers[0].colour: unknown key") == true, "\(lines)")
        #expect(lines.last?.contains("layers[1]: missing required key \"file\"") == true, "\(lines)")
        #expect(!result.standardError.contains("variables.name") && !result.standardError.contains("\\n"))
    }

    /// A text wider than the canvas is cut off, which a build script rendering variants would
    /// only find by watching them: the render warns, naming the layer — but not for a text that
    /// wraps, nor for one that moves (a ticker) — and so does a dry run, without rendering.
    @Test func aTextWiderThanTheCanvasIsReportedAsCutOff() throws {
        let folder = TemporaryDirectory()
        func layers(_ extra: String) -> String {
            #"{"width": 320, "height": 180, "duration": 1, "layers": [{"type": "text", "name": "Headline", "text": "Sommerschlussverkauf", "font": {"size": 60}"#
                + extra + "}]}"
        }
        let cases: [(String, Bool)] = [
            ("", true), (#", "maxWidth": "90%""#, false),
            (#", "position": [{"t": 0, "value": ["100%", "50%"]}, {"t": 1, "value": ["0%", "50%"]}]"#, false),
        ]
        for (index, (extra, warns)) in cases.enumerated() {
            let preset = try folder.write(layers(extra), to: "p\(index).json")
            let result = try runner.run(["still", preset, "--at", "0.5", "-o", folder.path("p\(index).png")])
            #expect(result.status == 0, "\(result.standardError)")
            let warning =
                #"warning: layers[0]: layer "Headline": its text is wider than the canvas (320 points) and is cut off"#
            #expect(result.standardError.contains(warning) == warns, "\(extra): \(result.standardError)")
        }
        // In a batch, each render's warnings name its preset and row — each row's, not only the
        // first's (warnings are reported once per process, and per subject).
        let table = try folder.write(
            "name,headline\nde,Sommerschlussverkauf\nfr,Soldes exceptionnelles\n", to: "t.csv")
        let templated = try folder.write(
            layers("").replacingOccurrences(of: "Sommerschlussverkauf", with: "{headline}")
                .replacingOccurrences(
                    of: #""layers""#, with: #""variables": {"headline": "Sale"}, "layers""#), to: "t.json")
        let batch = try runner.run([
            "batch", templated, "--variables", table, "-o", folder.path("out"), "--jobs", "2",
        ])
        #expect(batch.status == 0, "\(batch.standardError)")
        for row in ["de", "fr"] {
            #expect(
                batch.standardError.contains(
                    "warning: \(templated) [\(row)]: layers[0]: layer \"Headline\": its text is wider"),
                "\(batch.standardError)")
        }
        // With --progress json each warning is its render's event, with its `job`.
        let json = try runner.run([
            "batch", templated, "--variables", table, "-o", folder.path("json"), "--progress", "json",
            "--jobs", "2",
        ])
        let warnings = json.standardOutput.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }.filter { $0["event"] as? String == "warning" }
        #expect(warnings.count == 2, "\(json.standardOutput)")
        for event in warnings {
            let row = (event["message"] as? String)?.contains("[de]") == true ? 0 : 1
            #expect(event["job"] as? Int == row, "\(event)")
        }
        // A still's dry run checks the drawing at its time.
        let still = try runner.run([
            "still", folder.path("p0.json"), "--at", "0.5", "-o", folder.path("s.png"), "--dry-run",
        ])
        #expect(still.status == 0 && still.standardError.contains(#"layer "Headline": its text is wider"#))
        #expect(!FileManager.default.fileExists(atPath: folder.path("s.png")))
        // validate draws as a dry run does; the same warning about two presets is given for each.
        let copy = try folder.write(layers(""), to: "copy.json")
        let validated = try runner.run(["validate", folder.path("p0.json"), copy])
        #expect(validated.status == 0, "\(validated.standardError)")
        for path in [folder.path("p0.json"), copy] {
            #expect(
                validated.standardError.contains("warning: \(path): layers[0]: layer \"Headline\""),
                "\(validated.standardError)")
        }
        // A dry run records the frames' drawing (no pixels) and warns the same, writing nothing.
        let dry = try runner.run([
            "batch", templated, "--variables", table, "-o", folder.path("dry"), "--dry-run",
        ])
        #expect(dry.status == 0 && !FileManager.default.fileExists(atPath: folder.path("dry")))
        for row in ["de", "fr"] {
            #expect(
                dry.standardError.contains("\(templated) [\(row)]: layers[0]: layer \"Headline\""),
                "\(dry.standardError)")
        }
    }

    /// A text set in a box of its own `size` that needs more lines than fit runs out of the box
    /// (over the layers below it): reported, by name — but not when the text fits. A `lineLimit`
    /// that keeps it in its box cuts it short instead, which is reported as what it is.
    @Test func aTextTallerThanItsBoxIsReported() throws {
        let folder = TemporaryDirectory()
        let preset = try folder.write(
            #"""
            {"width": 640, "height": 360, "duration": 1, "layers": [
             {"type": "text", "name": "Body", "text": "One two three four five six seven eight nine ten eleven twelve", "size": [200, 60], "font": {"size": 24}},
             {"type": "text", "name": "Fits", "text": "One two", "size": [200, 60], "font": {"size": 24}},
             {"type": "text", "name": "Truncated", "text": "One two three four five six seven eight nine ten", "size": [200, 60], "lineLimit": 2, "font": {"size": 24}}]}
            """#, to: "tall.json")
        let result = try runner.run(["validate", preset])
        #expect(result.status == 0, "\(result.standardError)")
        let warnings = result.standardError.split(separator: "\n").filter { $0.contains("warning:") }
            .map(String.init)
        let body: String =
            "flipbook: warning: \(preset): layers[0]: layer \"Body\": its text is taller than its box (60 points) "
            + "and runs out of it; give it a lineLimit, or a minimumScaleFactor to shrink it [text-cut-off]"
        let truncated: String =
            "flipbook: warning: \(preset): layers[2]: its text is cut off at its lineLimit (2 lines), \"…\" "
            + "marking the cut [text-cut-off]"
        #expect(warnings == [body, truncated], "\(result.standardError)")
    }

    @Test func aTableServesSeveralCompositionsButAMisspeltColumnIsRefused() throws {
        let folder = TemporaryDirectory()
        // launch shows {headline}, milestone {message}: each takes its own column.
        _ = try folder.write("name,headline,message\nen,Hi,Thanks\nde,Hallo,Danke\n", to: "shared.csv")
        _ = try folder.write("name,headlin\nen,Hi\n", to: "typo.csv")
        let presets = ["presets/launch.json", "presets/milestone.json"].map(RepositoryPaths.path)
        let shared = try runner.run(
            ["batch"] + presets + [
                "--variables", folder.path("shared.csv"), "-o", folder.path("out"), "--dry-run",
            ])
        #expect(shared.status == 0, "\(shared.standardError)")
        #expect(
            shared.standardError.components(separatedBy: "checked: ").count == 5, "\(shared.standardError)")
        let typo = try runner.run(
            ["batch"] + presets + ["--variables", folder.path("typo.csv"), "-o", folder.path("out")])
        #expect(typo.status == 65)
        #expect(
            typo.standardError.contains(#"typo.csv: column "headlin" is a variable of no preset"#)
                && typo.standardError.contains(#"did you mean "headline"?"#), "\(typo.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test func aDryRunBatchFailsForAPresetThatCannotRender() throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(#"{"scene": "nope"}"#, to: "bad.json")
        let result = try runner.run([
            "batch", folder.path("bad.json"), RepositoryPaths.path("presets/triangle.json"), "-o",
            folder.path("out"), "--dry-run",
        ])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains(#"bad.json:1:11: scene: unknown scene "nope""#))
        #expect(result.standardError.contains("checked: \(RepositoryPaths.path("presets/triangle.json"))"))
        #expect(!result.standardError.contains("checked: \(folder.path("bad.json"))"))
        #expect(result.standardError.contains("1 of 2 preset(s) failed"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test func anImageTheCompositionReadsIsNeverOverwritten() throws {
        let folder = TemporaryDirectory()
        let logo = try String(
            contentsOfFile: RepositoryPaths.path("presets/assets/flipbook-logo.svg"), encoding: .utf8)
        _ = try folder.write(logo, to: "logo.svg")
        try StillImage.write(Pixmap(width: 4, height: 4), format: .png, to: folder.path("photo.png"))
        _ = try folder.write(
            """
            {"width": 64, "height": 64, "duration": 0.1, "layers": [
              {"type": "image", "file": "photo.png"}, {"type": "image", "file": "logo.svg", "size": [32, 32]}]}
            """, to: "p.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("photo.png")))
        let result = try runner.run(["still", folder.path("p.json"), "-o", folder.path("photo.png")])
        #expect(result.status == 73, "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("photo.png"))) == before)
    }

    @Test func pngJPEGAndWebPPicturesAllDraw() throws {
        let folder = TemporaryDirectory()
        let script = """
            import sys, json
            from PIL import Image
            for name, colour in [("a.png", (255, 0, 0)), ("b.jpg", (0, 255, 0)), ("c.webp", (0, 0, 255))]:
                Image.new("RGB", (16, 16), colour).save(sys.argv[1] + "/" + name)
            print(json.dumps([True]))
            """
        _ = try IndependentDecoder.json(script, [folder.url.path])
        _ = try folder.write(
            """
            {"width": 96, "height": 32, "duration": 0.1, "layers": [
              {"type": "image", "file": "a.png", "size": [32, 32], "position": [16, 16]},
              {"type": "image", "file": "b.jpg", "size": [32, 32], "position": [48, 16]},
              {"type": "image", "file": "c.webp", "size": [32, 32], "position": [80, 16]}]}
            """, to: "p.json")
        let result = try runner.run(["still", folder.path("p.json"), "-o", folder.path("out.png")])
        #expect(result.status == 0, "\(result.standardError)")
        for (x, channel) in [(0.16, 0), (0.5, 1), (0.84, 2)] {
            let rgb = try pixel(folder.path("out.png"), x, 0.5).rgb
            let others = rgb.enumerated().filter { $0.offset != channel }.map(\.element)
            #expect(rgb.count == 3 && rgb[channel] > 235 && others.allSatisfy { $0 < 20 }, "\(rgb)")
        }
    }

    @Test func theLowerThirdIsATransparentWebM() throws {
        let folder = TemporaryDirectory()
        let output = folder.path("lower.webm")
        let result = try runner.run([
            "render", RepositoryPaths.path("presets/lower-third.json"), "-o", output, "--scale", "0.25",
            "--duration", "1",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let script = """
            import sys, json, av
            with av.open(sys.argv[1]) as container:
                stream = container.streams.video[0]
                frame = next(container.decode(stream))
                print(json.dumps([stream.codec_context.name, frame.width, frame.height]))
            """
        let info = try IndependentDecoder.json(script, [output]) as? [Any] ?? []
        #expect(info.first as? String == "vp9")
        #expect(info.count == 3 && info[1] as? Int == 480 && info[2] as? Int == 270)
    }

    /// `--explain` names what moved in each layer it drew again: keyframes, an entrance, a
    /// scene's clock, a layer appearing, a group's change carried into its layers.
    @Test func explainSaysWhatMovedInEachLayer() throws {
        let folder = TemporaryDirectory()
        let preset = try folder.write(
            """
            {"width": 160, "height": 90, "fps": 10, "duration": 1, "layers": [
              {"type": "shape", "name": "Still", "shape": "rect", "fill": "indigo"},
              {"type": "shape", "name": "Grow", "shape": "circle", "size": [20, 20],
               "scale": [{"t": 0, "value": 0.5}, {"t": 0.3, "value": 1, "easing": "linear"}]},
              {"type": "text", "name": "Hello", "text": "Hi", "start": 0.5, "enter": ["fade"]},
              {"type": "scene", "name": "Party", "scene": "confetti", "start": 0.2},
              {"type": "group", "name": "Card", "start": 0.4, "enter": [{"effect": "slide", "duration": 0.3}],
               "layers": [{"type": "shape", "name": "Inner", "shape": "rect", "size": [10, 10], "fill": "red"}]},
              {"type": "shape", "name": "Iris", "shape": "rect", "fill": "white", "mask": {"type": "shape",
               "name": "Hole", "shape": "circle", "scale": [{"t": 0.6, "value": 0}, {"t": 0.9, "value": 2}]}}
            ]}
            """, to: "explain.json")
        let result = try runner.run(["render", preset, "-o", folder.path("e.mp4"), "--explain", "-q"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        func line(_ frame: Int) -> String { lines.first { $0.hasPrefix("frame \(frame) ") } ?? "" }
        #expect(line(1).contains("Still: reused"), "\(line(1))")
        #expect(line(1).contains("Grow: redrawn (scale keyframes)"), "\(line(1))")
        #expect(line(2).contains("Party: redrawn (it appears)"), "\(line(2))")
        #expect(line(3).contains("Party: redrawn (the confetti scene's clock)"), "\(line(3))")
        #expect(line(4).contains("Grow: reused"), "\(line(4))")  // its keyframes ended at 0.3 s
        #expect(line(4).contains("Card: redrawn (it appears)"), "\(line(4))")
        #expect(line(5).contains("Card: redrawn (entrance: slide)"), "\(line(5))")
        #expect(line(5).contains("Inner: redrawn (its group Card changed: entrance: slide)"), "\(line(5))")
        #expect(line(6).contains("Hello: redrawn (entrance: fade)"), "\(line(6))")
        #expect(line(8).contains("Card: reused"), "\(line(8))")
        #expect(line(5).contains("Iris: reused"), "\(line(5))")
        #expect(line(7).contains("Iris: redrawn (its mask: scale keyframes)"), "\(line(7))")
    }
}
