import Flipbook
import Foundation

/// `make bench`: Flipbook's speed, each figure beside a peer measured in the same run.
///
/// Sections: raster-only frames/s of the demo scene at 1080p on one thread and on every core;
/// and the wall time of `flipbook render` for the demo against the encoder alone on the same
/// frames. `--quick` runs fewer frames and rounds.
@main
enum BenchmarkMain {
    static func main() throws {
        let quick = CommandLine.arguments.contains("--quick")
        let rounds = quick ? 2 : 5
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let presetPath = root.appendingPathComponent("presets/confetti.json").path
        let preset = try Preset.load(path: presetPath)
        let seconds = quick ? 1.0 : preset.durationSeconds
        guard let sampler = TimelineSampler(frameRate: preset.frameRate, durationSeconds: seconds) else {
            throw BenchmarkError("bad duration")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            "Flipbook benchmarks — \(preset.width)×\(preset.height), \(sampler.frameCount) frames of presets/confetti.json, \(rounds) interleaved rounds, \(cores) cores\n"
        )

        let raster = RasterBenchmark(
            scene: preset.scene, sampler: sampler, width: preset.width, height: preset.height,
            background: preset.background.premultiplied)
        var one = Samples()
        var all = Samples()
        for _ in 0..<rounds {
            one.add(raster.framesPerSecond(threads: 1))
            all.add(raster.framesPerSecond(threads: cores))
        }
        var rasterTable = Table(
            title: "Raster only (frames/s, median (min–max))",
            columns: ["threads", "frames/s", "speed-up vs 1 thread"])
        rasterTable.add(["1", formatted(one), "1.00"])
        rasterTable.add(["\(cores)", formatted(all), String(format: "%.2f", all.median / one.median)])
        print(rasterTable.markdown)

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let export = ExportBenchmark(
            presetPath: presetPath, preset: preset, sampler: sampler, encoderPreset: "veryfast",
            workFolder: work)
        let frames = export.prerenderedFrames()
        var render = Samples()
        var encoder = Samples()
        for _ in 0..<rounds {
            render.add(try export.renderCommandSeconds())
            encoder.add(try export.encoderOnlySeconds(frames))
        }
        var exportTable = Table(
            title: "Export wall time, x264 veryfast (seconds, median (min–max))",
            columns: ["run", "seconds", "ratio to encoder alone"])
        exportTable.add([
            "flipbook render (whole pipeline)", formatted(render, digits: 2),
            String(format: "%.2f", render.median / encoder.median),
        ])
        exportTable.add(["encoder alone, same frames in memory", formatted(encoder, digits: 2), "1.00"])
        print(exportTable.markdown)
    }
}
