import Foundation

/// Wall time of `flipbook batch --jobs N` rendering N presets, against the same N renders started
/// at once as separate processes, each with its share of the cores (`--threads`, as the batch
/// gives its jobs). The speed issue's target: the batch within 5 % of the processes — its jobs
/// share one process's allocator, caches and encoder setup, and should lose nothing by it.
struct BatchSection {
    let context: BenchmarkContext
    static let target = 1.05

    func run(into results: inout BenchmarkResults) throws -> Table {
        let jobs = context.cores
        let threads = max(1, context.cores / jobs)
        let duration = context.quick ? "1" : "3"
        // The same preset under N names: N outputs that do not collide, with equal work.
        let source = try Data(
            contentsOf: URL(fileURLWithPath: context.path("bench/presets/confetti_200.json")))
        let presets = try (0..<jobs).map { index in
            let path = context.scratch("batch-\(index).json")
            try source.write(to: URL(fileURLWithPath: path))
            return path
        }
        let batch =
            [context.flipbook, "batch"] + presets + [
                "-o", context.scratch("batch-out"), "--jobs", String(jobs), "--duration", duration, "--quiet",
            ]
        let processes = presets.enumerated().map { index, preset in
            [
                context.flipbook, "render", preset, "-o", context.scratch("process-\(index).mp4"),
                "--threads", String(threads), "--duration", duration, "--quiet",
            ]
        }
        var (together, apart) = (Samples(), Samples())
        for round in 0..<context.rounds {
            // Each goes first in every other round, so a host slowing down within rounds does
            // not always fall on the same one.
            if round.isMultiple(of: 2) {
                together.add(try ChildProcess.check(batch).seconds)
                apart.add(try atOnce(processes))
            } else {
                apart.add(try atOnce(processes))
                together.add(try ChildProcess.check(batch).seconds)
            }
        }
        let ratio = together.medianRatio(over: apart)
        var table = Table(
            title:
                "Batch: \(jobs) renders of confetti 200 (1920×1080, \(duration) s, x264 veryfast), wall s, median (min–max)",
            columns: ["run", "seconds", "÷ separate processes", "target"])
        table.add([
            "flipbook batch --jobs \(jobs)", formatted(together, digits: 2), String(format: "%.3f", ratio),
            String(format: "≤ %.2f: %@", Self.target, ratio <= Self.target ? "met" : "not met"),
        ])
        table.add([
            "\(jobs) × flipbook render --threads \(threads), started at once", formatted(apart, digits: 2),
            "1.000", "",
        ])
        results.batch = .init(seconds: ["batch": together.figure, "processes": apart.figure])
        results.ratios.append(Ratio(label: "batch --jobs \(jobs) vs separate processes", value: 1 / ratio))
        return table
    }

    /// Wall seconds from starting every command at once until the last one finishes.
    private func atOnce(_ commands: [[String]]) throws -> Double {
        let start = ConcurrentCopies.monotonicSeconds()
        _ = try ChildProcess.checkAll(commands)
        return ConcurrentCopies.monotonicSeconds() - start
    }
}
