import Flipbook
import Foundation

/// Section 7: change tracking. The render stage alone (frames discarded, no encoder) on a scene
/// with a heavy static layer — a 10,000-point chart — and a small moving marker, with caching on
/// and off; and how many frames of a 1 Hz clock are drawn.
struct CacheSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) async throws -> Table {
        let seconds = context.quick ? 1.0 : 3.0
        var on = Samples()
        var off = Samples()
        var onOne = Samples()
        var offOne = Samples()
        for _ in 0..<context.rounds {
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
            chartCachedFramesPerSecond: on.figure, chartUncachedFramesPerSecond: off.figure,
            chartCachedOneThread: onOne.figure, chartUncachedOneThread: offOne.figure,
            clockFrames: ticks.frameCount, clockFramesDrawn: ticks.framesDrawn)
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
        table.add([
            "1 Hz clock, 60 fps, 5 s: frames drawn of all", "\(ticks.framesDrawn) of \(ticks.frameCount)", "",
        ])
        return table
    }

    private func export(_ scene: any AnimatedScene, seconds: Double, caching: Bool, threads: Int = 1)
        -> VideoExport
    {
        var export = VideoExport(
            scene: scene, sampler: TimelineSampler(frameRate: FrameRate(60)!, durationSeconds: seconds)!,
            width: BenchmarkScene.width, height: BenchmarkScene.height, background: .white)
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
