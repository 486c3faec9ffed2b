import Flipbook
import Foundation

/// Section 5: peak resident memory of `flipbook render` for a short and a long video of the
/// same scene (it must not grow with length) and at 3840×2160, against the speed issue's targets;
/// then where the 1080p peak goes, from runs that leave one consumer out (the frame cache, the
/// second render thread's frames in flight) — each difference to the first run is that share —
/// and a breakdown of the 1080p and 4K peaks: libraries and runtime and x264's own buffers
/// measured by runs of their own, the render workers' pixmaps and the `yuv420p` frames counted
/// from the settings, and what is left. Last, a composition (`presets/launch.json`: layers,
/// masks, shadows, text), whose layers are what the layer cache holds, with and without it.
struct MemorySection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) throws -> Table {
        let preset = context.path("bench/presets/confetti_200.json")
        let composition = context.path("presets/launch.json")
        let long = context.quick ? 10.0 : 60.0
        let runs: [(String, preset: String, [String])] = [
            ("1920×1080, 1 s", preset, ["--duration", "1"]),
            ("1920×1080, \(Int(long)) s", preset, ["--duration", String(long)]),
            ("3840×2160, 1 s", preset, ["--duration", "1", "--size", "3840x2160"]),
            (
                "1920×1080, 1 s, --no-cache (the frame and layer caches' share)", preset,
                ["--duration", "1", "--no-cache"]
            ),
            (
                "1920×1080, 1 s, --threads 1 (a second thread's frames in flight)", preset,
                ["--duration", "1", "--threads", "1"]
            ),
            ("presets/launch.json, 1920×1080, 6 s (a composition)", composition, []),
            (
                "presets/launch.json, --no-cache (the frame and layer caches' share)", composition,
                ["--no-cache"]
            ),
        ]
        let targets = ["≤ 160", "≤ 160", "< 400", "", "", "", ""]
        var table = Table(
            title:
                "Memory: peak resident set of flipbook render (x264 ultrafast, \(context.cores) render threads)",
            columns: ["run", "peak MiB", "target MiB", "wall s", "÷ the preset's first run"])
        // Each preset's first run, which the others of that preset are compared with.
        var baselines: [String: Double] = [:]
        for ((label, preset, extra), target) in zip(runs, targets) {
            let outcome = try ChildProcess.check(
                [
                    context.flipbook, "render", preset, "-o", context.scratch("memory.mp4"), "--preset",
                    "ultrafast", "--quiet",
                ]
                    + extra)
            let baseline = baselines[preset, default: outcome.peakMemoryMiB]
            baselines[preset] = baseline
            results.memory.append(.init(run: label, peakMiB: outcome.peakMemoryMiB, seconds: outcome.seconds))
            table.add([
                label, String(format: "%.1f", outcome.peakMemoryMiB), target,
                String(format: "%.1f", outcome.seconds),
                String(format: "%.2f", outcome.peakMemoryMiB / baseline),
            ])
        }
        for (width, height) in [(1920, 1080), (3840, 2160)] {
            let peak = results.memory.first { $0.run.hasPrefix("\(width)×\(height), 1 s") }?.peakMiB ?? .nan
            for (label, share) in try breakdown(width: width, height: height, peak: peak) {
                table.add(["\(width)×\(height): \(label)", String(format: "%.1f", share), "", "", ""])
            }
        }
        return table
    }

    /// The parts of a `width` × `height` render's `peak` (MiB), largest known first.
    private func breakdown(width: Int, height: Int, peak: Double) throws -> [(String, Double)] {
        let mebibyte = 1024.0 * 1024
        // The same binary and libraries drawing 16 × 16 pixels: what any render costs.
        let baseline = try ChildProcess.check([
            context.flipbook, "render", context.path("bench/presets/confetti_200.json"), "-o",
            context.scratch("tiny.mp4"), "--preset", "ultrafast", "--quiet", "--duration", "1", "--size",
            "16x16",
        ]).peakMemoryMiB
        // x264 at this size with the render's settings (4 threads, sliced above 1080p), less
        // ffmpeg at 16 × 16.
        let sliced = width * height > CodecOptions.slicedThreadsAbove
        func ffmpeg(_ size: String) throws -> Double {
            try ChildProcess.check(
                [
                    "ffmpeg", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=black:s=\(size):r=60",
                    "-frames:v", "60", "-c:v", "libx264", "-preset", "ultrafast", "-threads",
                    String(EncodingOptions.defaultEncoderThreads),
                ] + (sliced ? ["-x264-params", "sliced-threads=1"] : []) + ["-f", "null", "-"]
            ).peakMemoryMiB
        }
        let encoder = try ffmpeg("\(width)x\(height)") - ffmpeg("16x16")
        let threads = context.cores
        let pixmaps = Double(threads * width * height * 4) / mebibyte
        let inFlight = VideoExport.framesInFlight(threads: threads, width: width, height: height)
        let frames = Double((inFlight + threads) * width * height * 3 / 2) / mebibyte
        return [
            ("libraries and runtime (a 16×16 render)", baseline),
            (
                "x264's own buffers, \(EncodingOptions.defaultEncoderThreads) \(sliced ? "sliced " : "")threads (ffmpeg, less its 16×16 run)",
                encoder
            ),
            ("render workers' RGBA pixmaps (\(threads))", pixmaps),
            ("yuv420p frames, at most (\(inFlight) in flight, \(threads) workers' last conversions)", frames),
            (
                "peak less the parts above (caches, rasterizer buffers; negative where the parts' own peaks do not coincide)",
                peak - baseline - encoder - pixmaps - frames
            ),
        ]
    }
}
