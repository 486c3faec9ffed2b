import Flipbook
import Foundation

/// Section: the shipped compositions (`presets/launch.json`, `milestone.json`, `recap.json`,
/// `social-square.json`) frame by frame at their own size and rate, the render stage alone
/// (frames drawn and discarded, no encoder) on one thread, against Flipbook's own `--no-cache`
/// (no frame or layer cache: every layer drawn every frame) in interleaved rounds. What a real
/// video's pipeline costs around the rasterizer, and what reusing unchanged layers saves.
struct CompositionSection {
    let context: BenchmarkContext
    static let presets = ["launch", "milestone", "recap", "social-square"]

    func run(into results: inout BenchmarkResults) async throws -> Table {
        let cache = CacheSection(context: context)
        var table = Table(
            title:
                "Shipped compositions, frame by frame, render stage only, one thread: frames/s, median "
                + "(min–max) of \(context.rounds) interleaved rounds of their first \(seconds) s",
            columns: ["composition", "size, rate", "cache on", "--no-cache", "on ÷ off"])
        for name in Self.presets {
            let preset = try Preset.load(path: context.path("presets/\(name).json"))
            var (on, off) = (Samples(), Samples())
            for _ in 0..<context.rounds {
                for caching in [true, false] {
                    let summary = try await cache.export(
                        preset.scene, seconds: min(seconds, preset.durationSeconds), caching: caching,
                        threads: 1,
                        rate: preset.frameRate, size: (preset.width, preset.height),
                        background: preset.background
                    ).run(into: { DiscardingSink() })
                    let figure = Double(summary.frameCount) / summary.elapsedSeconds
                    if caching { on.add(figure) } else { off.add(figure) }
                }
            }
            let ratio = on.medianRatio(over: off)
            table.add([
                name, "\(preset.width)×\(preset.height), \(preset.frameRate)", formatted(on), formatted(off),
                String(format: "%.2f", ratio),
            ])
            results.ratios.append(Ratio(label: "\(name) frames, cache on vs off, 1 thread", value: ratio))
        }
        return table
    }

    /// How much of each composition is drawn per round.
    private var seconds: Double { context.quick ? 1 : 3 }
}
