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

    func run(into results: inout BenchmarkResults) throws -> Table {
        let context = launch.context
        var table = Table(
            title:
                "Launch, animated (each frame at the next time: \(LaunchAnimation.frames) frames at "
                + "\(Int(LaunchAnimation.rate)) fps, again and again, each time a fraction of a frame later; "
                + "bench/scenes/README.md), 1920×1080, one thread: ms per frame, median "
                + "(min–max) of \(context.rounds) interleaved rounds; speed-up = Skia ms ÷ Flipbook ms "
                + "(target ≥ \(LaunchSection.target))",
            columns: ["element, animated", "Flipbook", "Skia", "speed-up vs Skia", "target"])
        for element in LaunchAnimation.allCases {
            var (flipbook, skia) = (Samples(), Samples())
            for _ in 0..<context.rounds {
                flipbook.add(measure(element))
                skia.add(try launch.peer(["--element", element.rawValue, "--animated"]))
            }
            let speedUp = skia.medianRatio(over: flipbook)
            table.add([
                element.rawValue, formatted(flipbook, digits: 2), formatted(skia, digits: 2),
                String(format: "%.2f", speedUp), speedUp >= LaunchSection.target ? "met" : "not met",
            ])
            results.ratios.append(Ratio(label: "animated \(element.rawValue) vs Skia", value: speedUp))
        }
        // Every element's pixels, so that where the whole frame leaves the band shows by element.
        for element in LaunchAnimation.allCases {
            table.add(try fidelity(of: element))
        }
        // Skia's text hinted and on whole pixels by default; set as Flipbook sets text, the
        // frame's remaining text difference is Skia's glyph masks' contrast (bench notes).
        table.add(try fidelity(of: .frame, unhinted: true))
        return table
    }

    /// The row comparing frame `comparedFrame` of `element` with Skia's: the mean difference
    /// and the share of pixels off by more than 16, against the peer band. With
    /// `FLIPBOOK_BENCH_DUMP` set to a folder, Flipbook's frame is written there as raw
    /// premultiplied RGBA (`<element>-<frame>.rgba`), to look at beside Skia's (`launch.py --dump`).
    /// `unhinted` has Skia set its text as Flipbook does (`launch.py --unhinted`).
    func fidelity(of element: LaunchAnimation, unhinted: Bool = false) throws -> [String] {
        var pixmap = Pixmap(width: LaunchScene.width, height: LaunchScene.height)
        var rasterizer = Rasterizer()
        element.render(frame: Self.comparedFrame, into: &pixmap, using: &rasterizer)
        if let folder = ProcessInfo.processInfo.environment["FLIPBOOK_BENCH_DUMP"] {
            try Data(pixmap.bytes).write(
                to: URL(fileURLWithPath: folder).appendingPathComponent(
                    "\(element.rawValue)-\(Self.comparedFrame).rgba"))
        }
        let (mean, share) = try launch.difference(
            of: pixmap,
            fromSkia: ["--element", element.rawValue, "--animated", "--frame", String(Self.comparedFrame)]
                + (unhinted ? ["--unhinted"] : []))
        return [
            "fidelity of \(element.rawValue) frame \(Self.comparedFrame) vs Skia"
                + (unhinted ? " with unhinted text" : ""),
            String(format: "mean difference %.2f code values per channel", mean),
            String(format: "%.2f %% of pixels off by > 16 in a channel", share * 100), "", "",
        ]
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
