import Foundation

/// Section 8: scale-out on this machine. A single render of a preset against the same render as
/// two chunks on a real, local Slurm (`scripts/slurm-local.sh`, `flipbook farm slurm --submit`,
/// wall time from submission until the joined file exists), and the join's cost as a share of
/// the single render (target < 2 %: it copies packets).
struct ScaleOutSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) throws -> Table {
        var table = Table(
            title: "Scale-out: 1920×1080 spirograph morph, H.264, wall seconds",
            columns: ["run", "seconds", "÷ single"])
        let preset = context.path("presets/spirograph-morph-bloom.json")
        let seconds = context.quick ? "2" : "4"
        let work = context.work.appendingPathComponent("scale-out").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let single = try ChildProcess.check([
            context.flipbook, "render", preset, "-o", "\(work)/single.mp4", "--duration", seconds, "-q",
        ])
        table.add(["single render", String(format: "%.2f", single.seconds), "1.00"])
        for index in 0..<2 {
            _ = try ChildProcess.check([
                context.flipbook, "render", preset, "-o", "\(work)/part-\(index).mp4", "--duration", seconds,
                "--chunk", "\(index)/2", "-q",
            ])
        }
        let join = try ChildProcess.check(
            [
                context.flipbook, "join", "\(work)/part-0.mp4", "\(work)/part-1.mp4", "-o",
                "\(work)/joined.mp4", "-q",
            ])
        table.add([
            "join of 2 chunks", String(format: "%.3f", join.seconds),
            String(format: "%.4f", join.seconds / single.seconds),
        ])
        results.ratios.append(
            Ratio(label: "join ÷ single render (target < 0.02)", value: join.seconds / single.seconds))
        let cluster = "\(work)/cluster"
        let script = context.path("scripts/slurm-local.sh")
        let started = try ChildProcess.run([script, "start", cluster])
        defer { _ = try? ChildProcess.run([script, "stop", cluster]) }
        guard started.status == 0 else {
            table.add([
                "local Slurm, 2 chunks", "skipped: the cluster did not start (needs root, slurm-wlm, munge)",
                "",
            ])
            return table
        }
        setenv("SLURM_CONF", "\(cluster)/slurm.conf", 1)
        let output = "\(work)/farm.mp4"
        let start = Date()
        _ = try ChildProcess.check([
            context.flipbook, "farm", "slurm", preset, "-o", output, "--chunks", "2", "--duration", seconds,
            "--submit",
            "-q",
        ])
        while !FileManager.default.fileExists(atPath: output), Date().timeIntervalSince(start) < 600 {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let farm = Date().timeIntervalSince(start)
        table.add([
            "local Slurm, 2 chunks + join", String(format: "%.2f", farm),
            String(format: "%.2f", farm / single.seconds),
        ])
        results.ratios.append(
            Ratio(label: "local Slurm farm, 2 chunks ÷ single render (wall)", value: farm / single.seconds))
        return table
    }
}
