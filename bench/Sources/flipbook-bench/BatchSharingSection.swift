import Flipbook
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Wall time of `flipbook batch presets/launch.json --variables` over rows that differ only in
/// the headline, against the same rows rendered one after another by `flipbook render --set
/// variables.headline=…`, as a build script without batch would: the rows render together and
/// draw what they share once (`ExportGroup`). Every row's file must be byte for byte its
/// separate render's, or the benchmark fails. Target (issue 56): ≥ 1.5× faster.
///
/// What bounds the ratio is printed beside it: the share of a separate render's processor time
/// its encoder takes (measured in this process: the same export encoded, and drawn into a sink
/// that discards its frames). Every row still pays for encoding the frames after its headline
/// comes in (the 27 frames before it are encoded once for the batch, `SharedOpening`; the
/// other 153 differ in every row). At x264's default `medium` the encoder is most of a render;
/// at `veryfast` the drawing is a larger share, and more of it is shared.
struct BatchSharingSection {
    let context: BenchmarkContext
    static let target = 1.5

    func run(into results: inout BenchmarkResults) async throws -> Table {
        let rows = context.quick ? 4 : 20
        let duration = context.quick ? 2.0 : 6.0
        let headlines = (1...rows).map { "Launch day \($0) is here" }
        let table = context.scratch("sharing-rows.csv")
        try ("name,headline\n" + headlines.enumerated().map { "r\($0.offset),\($0.element)\n" }.joined())
            .write(toFile: table, atomically: true, encoding: .utf8)
        let preset = context.path("presets/launch.json")
        var report = Table(
            title:
                "Batch sharing: \(rows) rows of launch.json (1920×1080, \(Int(duration)) s, with sound) differing "
                + "in the headline, wall s (processor s)",
            columns: [
                "x264 preset", "flipbook batch --variables", "\(rows) × flipbook render, one after another",
                "speed-up", "target", "encoder's share of a separate render", "identical files",
            ])
        for (round, encoderPreset) in ["medium", "veryfast"].enumerated() {
            let options = ["--duration", String(duration), "--preset", encoderPreset, "--quiet"]
            let batchFolder = context.scratch("sharing-batch-\(encoderPreset)")
            try? FileManager.default.removeItem(atPath: batchFolder)
            let batch =
                [context.flipbook, "batch", preset, "--variables", table, "-o", batchFolder] + options
            let alone = headlines.indices.map { context.scratch("sharing-alone-\(encoderPreset)-\($0).mp4") }
            let renders = headlines.indices.map { row in
                [
                    context.flipbook, "render", preset, "--set", "variables.headline=\(headlines[row])", "-o",
                    alone[row],
                ] + options
            }
            // Each goes first in every other round.
            var (together, apart) = (ChildProcess.Outcome?.none, (seconds: 0.0, processor: 0.0))
            func renderApart() throws {
                for render in renders {
                    let outcome = try ChildProcess.check(render)
                    apart.seconds += outcome.seconds
                    apart.processor += outcome.processorSeconds
                }
            }
            if round.isMultiple(of: 2) {
                together = try ChildProcess.check(batch)
                try renderApart()
            } else {
                try renderApart()
                together = try ChildProcess.check(batch)
            }
            guard let together else { continue }
            let identical = try headlines.indices.filter { row in
                try Data(contentsOf: URL(fileURLWithPath: "\(batchFolder)/launch-r\(row).mp4"))
                    == Data(contentsOf: URL(fileURLWithPath: alone[row]))
            }.count
            guard identical == rows else {
                throw BenchmarkError(
                    "batch sharing: only \(identical) of \(rows) rows match their separate renders")
            }
            let share = try await encoderShare(
                preset: preset, encoderPreset: encoderPreset, duration: duration)
            // Each row still encodes the frames from its headline's entrance on.
            let own = try ownFraction(preset: preset, headline: headlines[0], duration: duration)
            let ratio = apart.seconds / together.seconds
            report.add([
                encoderPreset,
                String(format: "%.1f (%.1f)", together.seconds, together.processorSeconds),
                String(format: "%.1f (%.1f)", apart.seconds, apart.processor),
                String(format: "%.2f×", ratio),
                String(format: "≥ %.1f: %@", Self.target, ratio >= Self.target ? "met" : "not met"),
                String(
                    format:
                        "%.0f %%; each row encodes %.0f %% of its frames (so at most %.2f× by processor time)",
                    100 * share, 100 * own, 1 / (share * own)),
                "\(identical) of \(rows)",
            ])
            results.ratios.append(
                Ratio(label: "batch sharing, \(rows) rows, x264 \(encoderPreset)", value: ratio))
        }
        return report
    }

    /// The fraction of a row's frames it encodes itself: those from the first closed segment its
    /// headline starts on (`Preset.segmentTimes`); the frames before it are encoded once.
    private func ownFraction(preset: String, headline: String, duration: Double) throws -> Double {
        let given = try Preset.load(
            path: preset, overrides: [PresetOverride("variables.headline=\(headline)")!])
        guard let first = given.segmentTimes(duration: duration).first else { return 1 }
        let rate = Double(given.frameRate.numerator) / Double(given.frameRate.denominator)
        let frames = (duration * rate).rounded(.up)
        return (frames - (first * rate - 1e-6).rounded(.up)) / frames
    }

    /// The share of one render's processor time (the preset, `duration` seconds, encoded at
    /// `encoderPreset`) that encoding takes: the export run into a file, against the same
    /// export drawn into a sink that discards its frames, in this process.
    private func encoderShare(preset: String, encoderPreset: String, duration: Double) async throws -> Double
    {
        var export = try Preset.load(path: preset).export()
        export.sampler = TimelineSampler(frameRate: export.sampler.frameRate, durationSeconds: duration)!
        export.output.preset = encoderPreset
        let file = URL(fileURLWithPath: context.scratch("sharing-share.mp4"))
        var start = Self.processorSeconds()
        try await export.run(to: file)
        let whole = Self.processorSeconds() - start
        start = Self.processorSeconds()
        try await export.run(into: { DiscardingSink() })
        let drawing = Self.processorSeconds() - start
        return max(0, whole - drawing) / whole
    }

    /// This process's user and system time so far, in seconds.
    private static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
