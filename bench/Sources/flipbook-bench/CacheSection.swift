import Flipbook
import Foundation

/// Section 7: change tracking. The render stage alone (frames discarded, no encoder) on a scene
/// with a heavy static layer — a 10,000-point chart — and a small moving marker, and on a
/// composition with a static background (gradient, blurred glow, shadowed headline, SVG logo)
/// under one moving dot (`bench/compositions/static-background.json`), with caching on and off;
/// and how many frames of a 1 Hz clock are drawn.
struct CacheSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) async throws -> Table {
        let seconds = context.quick ? 1.0 : 3.0
        var on = Samples()
        var off = Samples()
        var onOne = Samples()
        var offOne = Samples()
        var compositionOn = Samples()
        var compositionOff = Samples()
        let composition = try Preset.load(path: context.path("bench/compositions/static-background.json"))
            .scene
        for _ in 0..<context.rounds {
            compositionOn.add(
                try await framesPerSecond(
                    composition, seconds: seconds, caching: true, threads: context.cores))
            compositionOff.add(
                try await framesPerSecond(
                    composition, seconds: seconds, caching: false, threads: context.cores))
            on.add(
                try await framesPerSecond(
                    ChartScene(), seconds: seconds, caching: true, threads: context.cores))
            off.add(
                try await framesPerSecond(
                    ChartScene(), seconds: seconds, caching: false, threads: context.cores))
            onOne.add(try await framesPerSecond(ChartScene(), seconds: seconds, caching: true, threads: 1))
            offOne.add(try await framesPerSecond(ChartScene(), seconds: seconds, caching: false, threads: 1))
        }
        let clock = export(ClockScene(), seconds: 5, caching: true, threads: context.cores)
        let ticks = try await clock.run(into: { DiscardingSink() })
        results.cache = .init(
            chart: .init(cached: on.figure, uncached: off.figure),
            chartOneThread: .init(cached: onOne.figure, uncached: offOne.figure),
            clockFrames: ticks.frameCount, clockFramesDrawn: ticks.framesDrawn,
            composition: .init(cached: compositionOn.figure, uncached: compositionOff.figure))
        results.ratios.append(
            Ratio(
                label: "composition, static background + one moving dot, layer cache on vs off (target ≥ 3)",
                value: compositionOn.median / compositionOff.median))
        results.ratios.append(
            Ratio(label: "chart, layer cache on vs off, 1 thread", value: onOne.median / offOne.median))
        results.ratios.append(
            Ratio(
                label: "chart, layer cache on vs off, \(context.cores) threads", value: on.median / off.median
            ))
        var table = Table(
            title: "Change tracking: render stage only (no encoder), 1920×1080 (frames/s, median (min–max))",
            columns: ["run", "frames/s or frames", "cache on ÷ off"])
        let chart = "chart 10 000 points + marker"
        table.add([
            "\(chart), cache on, 1 thread", formatted(onOne),
            String(format: "%.2f", onOne.median / offOne.median),
        ])
        table.add(["\(chart), --no-cache, 1 thread", formatted(offOne), "1.00"])
        table.add([
            "\(chart), cache on, \(context.cores) threads", formatted(on),
            String(format: "%.2f", on.median / off.median),
        ])
        table.add(["\(chart), --no-cache, \(context.cores) threads", formatted(off), "1.00"])
        let staticBackground = "composition, static background + moving dot"
        table.add([
            "\(staticBackground), cache on, \(context.cores) threads", formatted(compositionOn),
            String(format: "%.2f", compositionOn.median / compositionOff.median),
        ])
        table.add([
            "\(staticBackground), --no-cache, \(context.cores) threads", formatted(compositionOff), "1.00",
        ])
        table.add([
            "1 Hz clock, 60 fps, 5 s: frames drawn of all", "\(ticks.framesDrawn) of \(ticks.frameCount)", "",
        ])
        return table
    }

    /// The render stage of `scene` for `seconds` at `rate` (60 fps unless given), frames
    /// discarded, at the benchmark's 1920×1080 unless `size` is given.
    func export(
        _ scene: any AnimatedScene, seconds: Double, caching: Bool, threads: Int = 1,
        rate: FrameRate = FrameRate(60)!,
        size: (width: Int, height: Int) = (BenchmarkScene.width, BenchmarkScene.height),
        background: Color = .white
    ) -> VideoExport {
        var export = VideoExport(
            scene: scene, sampler: TimelineSampler(frameRate: rate, durationSeconds: seconds)!,
            width: size.width, height: size.height, background: background)
        export.caching = caching
        export.renderThreads = threads
        export.framesInFlight = 2 * threads + 2
        return export
    }

    private func framesPerSecond(
        _ scene: any AnimatedScene, seconds: Double, caching: Bool, threads: Int
    ) async throws -> Double {
        let summary = try await export(scene, seconds: seconds, caching: caching, threads: threads)
            .run(into: { DiscardingSink() })
        return Double(summary.frameCount) / summary.elapsedSeconds
    }
}
