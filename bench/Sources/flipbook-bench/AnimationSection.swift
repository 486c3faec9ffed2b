import Flipbook
import Foundation

/// Section: the launch frame's elements as a video moves them (`LaunchAnimation`): every frame
/// drawn at the next time of the animation, on one pixmap and rasterizer, display list
/// included, against skia-python drawing the same frames (`launch.py --animated`), in
/// interleaved rounds. Where `LaunchSection` draws one frame again and again, so that every
/// cache hits, here a headline lands on a new subpixel position every frame, a glow's gradient
/// is centred somewhere new and a counter changes digits. Target: Flipbook ≥ 2× Skia on every
/// row, and the animated frame's pixels in the peer band (each element's compared as well).
struct AnimationSection {
    let launch: LaunchSection
    /// The frame whose pixels are compared with Skia's: mid-way, with everything moved.
    static let comparedFrame = 17
    /// The elements whose text is compared three more ways (below the table): with Skia's own
    /// glyph masks, hinted as its defaults set them and unhinted, and with Flipbook's text
    /// drawn as whole paths without its glyph cache.
    static let textElements: [LaunchAnimation] = [.headline, .outlinedHeadline, .scalingHeadline, .frame]

    func run(into results: inout BenchmarkResults) throws -> Table {
        let context = launch.context
        var table = Table(
            title:
                "Launch, animated (each frame at the next time: \(LaunchAnimation.frames) frames at "
                + "\(Int(LaunchAnimation.rate)) fps, again and again, each time a fraction of a frame later; "
                + "bench/scenes/README.md), 1920×1080, one thread: ms per frame, median (min–max) of \(context.rounds) "
                + "interleaved rounds; speed-up = Skia ms ÷ Flipbook ms (target ≥ \(LaunchSection.target)); pixels: "
                + "frame \(Self.comparedFrame) against Skia's with its text drawn as the glyphs' outlines at their "
                + "exact positions, as Flipbook draws it (`launch.py --text paths`; peer band: mean ≤ 0.13, "
                + "< 0.2 % of pixels off by > 16)",
            columns: [
                "element, animated", "Flipbook", "Skia", "speed-up vs Skia", "target",
                "pixels vs Skia: mean difference · pixels off by > 16",
            ])
        for element in LaunchAnimation.allCases {
            var (flipbook, skia) = (Samples(), Samples())
            for _ in 0..<context.rounds {
                flipbook.add(measure(element))
                skia.add(try launch.peer(["--element", element.rawValue, "--animated"]))
            }
            let speedUp = skia.medianRatio(over: flipbook)
            let pixels = try skiaDifference(of: element, text: "paths")
            table.add([
                element.rawValue, formatted(flipbook, digits: 2), formatted(skia, digits: 2),
                String(format: "%.2f", speedUp), speedUp >= LaunchSection.target ? "met" : "not met",
                String(format: "%.2f · %.2f %%", pixels.mean, pixels.share * 100),
            ])
            results.ratios.append(Ratio(label: "animated \(element.rawValue) vs Skia", value: speedUp))
        }
        // How the text's comparison moves with how Skia sets its text, and how far the glyph
        // cache's pixels are from Flipbook's own uncached paths (docs/rasterizer.md).
        for element in Self.textElements {
            for text in ["hinted", "unhinted"] {
                table.add(
                    fidelityRow(
                        "\(element.rawValue) vs Skia's \(text) glyph masks",
                        try skiaDifference(of: element, text: text)))
            }
            table.add(
                fidelityRow(
                    "\(element.rawValue) vs Flipbook's text as paths, uncached",
                    LaunchSection.difference(
                        frame(of: element).bytes, frame(of: element, withoutGlyphs: true).bytes)))
        }
        return table
    }

    /// A row below the table: what frame `comparedFrame` was compared with, and how far apart.
    private func fidelityRow(_ label: String, _ difference: (mean: Double, share: Double)) -> [String] {
        [
            "frame \(Self.comparedFrame) of \(label)",
            String(format: "mean difference %.2f code values per channel", difference.mean),
            String(format: "%.2f %% of pixels off by > 16 in a channel", difference.share * 100), "", "", "",
        ]
    }

    /// Frame `comparedFrame` of `element`, drawn by a fresh rasterizer; `withoutGlyphs` draws its
    /// text as whole paths (`DisplayList.withoutGlyphs`), not through the glyph cache.
    private func frame(of element: LaunchAnimation, withoutGlyphs: Bool = false) -> Pixmap {
        var pixmap = Pixmap(width: LaunchScene.width, height: LaunchScene.height)
        var rasterizer = Rasterizer()
        let list = element.displayList(frame: Self.comparedFrame)
        (withoutGlyphs ? list.withoutGlyphs : list).render(into: &pixmap, using: &rasterizer)
        return pixmap
    }

    /// How far frame `comparedFrame` of `element` is from Skia's with its text set as `text`
    /// says (`launch.py --text`: `hinted`, `unhinted` or `paths`). With `FLIPBOOK_BENCH_DUMP`
    /// set to a folder, Flipbook's frame is written there as raw premultiplied RGBA
    /// (`<element>-<frame>.rgba`), to look at beside Skia's (`launch.py --dump`).
    private func skiaDifference(of element: LaunchAnimation, text: String) throws -> (
        mean: Double, share: Double
    ) {
        let pixmap = frame(of: element)
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_BENCH_DUMP"] {
            try Data(pixmap.bytes).write(
                to: URL(fileURLWithPath: folder).appendingPathComponent(
                    "\(element.rawValue)-\(Self.comparedFrame).rgba"))
        }
        let frame = ["--frame", String(Self.comparedFrame)]
        return try launch.difference(
            of: pixmap, fromSkia: ["--element", element.rawValue, "--animated", "--text", text] + frame)
    }

    /// Milliseconds per frame: frame after frame of the animation for at least the launch
    /// section's `minimumSeconds`, after frame 0 (fonts, buffers), as `launch.py` does.
    func measure(_ element: LaunchAnimation) -> Double {
        var pixmap = Pixmap(width: LaunchScene.width, height: LaunchScene.height)
        var rasterizer = Rasterizer()
        element.render(frame: 0, into: &pixmap, using: &rasterizer)
        var (elapsed, frames) = (0.0, 0)
        repeat {
            elapsed += seconds { element.render(frame: frames + 1, into: &pixmap, using: &rasterizer) }
            frames += 1
        } while elapsed < launch.minimumSeconds
        return elapsed / Double(frames) * 1000
    }
}
