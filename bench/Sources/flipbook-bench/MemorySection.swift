import Foundation

/// Section 5: peak resident memory of `flipbook render` for a short and a long video of the
/// same scene (it must not grow with length) and at 3840×2160, against the speed issue's targets;
/// then where the 1080p peak goes, from runs that leave one consumer out (the frame cache, the
/// second render thread's frames in flight) — each difference to the first run is that share.
struct MemorySection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) throws -> Table {
        let preset = context.path("bench/presets/confetti_200.json")
        let long = context.quick ? 10.0 : 60.0
        let runs: [(String, [String])] = [
            ("1920×1080, 1 s", ["--duration", "1"]),
            ("1920×1080, \(Int(long)) s", ["--duration", String(long)]),
            ("3840×2160, 1 s", ["--duration", "1", "--size", "3840x2160"]),
            (
                "1920×1080, 1 s, --no-cache (the frame and layer caches' share)",
                ["--duration", "1", "--no-cache"]
            ),
            (
                "1920×1080, 1 s, --threads 1 (a second thread's frames in flight)",
                ["--duration", "1", "--threads", "1"]
            ),
        ]
        let targets = ["≤ 160", "≤ 160", "< 400", "", ""]
        var table = Table(
            title:
                "Memory: peak resident set of flipbook render (x264 ultrafast, \(context.cores) render threads)",
            columns: ["run", "peak MiB", "target MiB", "wall s", "÷ 1 s run"])
        var baseline = 0.0
        for ((label, extra), target) in zip(runs, targets) {
            let outcome = try ChildProcess.check(
                [
                    context.flipbook, "render", preset, "-o", context.scratch("memory.mp4"), "--preset",
                    "ultrafast", "--quiet",
                ]
                    + extra)
            if baseline == 0 { baseline = outcome.peakMemoryMiB }
            results.memory.append(.init(run: label, peakMiB: outcome.peakMemoryMiB, seconds: outcome.seconds))
            table.add([
                label, String(format: "%.1f", outcome.peakMemoryMiB), target,
                String(format: "%.1f", outcome.seconds),
                String(format: "%.2f", outcome.peakMemoryMiB / baseline),
            ])
        }
        return table
    }
}
