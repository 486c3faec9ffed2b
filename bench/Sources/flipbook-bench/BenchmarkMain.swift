import Flipbook
import FlipbookCommandLine
import Foundation
import Synchronization

/// `make bench`: every figure beside a real peer measured in the same run, in interleaved rounds
/// (machines here are shared and noisy; absolute times mean little, ratios mean more).
///
/// Prints the tables, writes `bench/results/latest.json` and `latest.md`, and draws
/// `ratios.png` with the peers' matplotlib. `--quick` shortens every section;
/// `--record-references` rewrites the Cairo reference frames used by the fidelity test;
/// `--draw-copy …` runs one of the raster section's concurrent copies (`ConcurrentCopies`);
/// `--raster`, `--launch`, `--animation` (the launch elements moving), `--conversion`, `--export`, `--memory`, `--batch`, `--preview` (the
/// preview's page in Chromium), `--lottie` (the Lottie corpus against ThorVG and rlottie),
/// `--cache` (change tracking), `--batch-sharing` (rows of a variables table rendered together
/// against separate renders), `--compositions` (the shipped
/// compositions frame by frame against `--no-cache`; with `--previous-release PATH`, also rendered
/// whole by that `flipbook`, built by `bench/previous-release.sh`, and by this build's) or
/// `--scale-out` runs only that section and writes no results;
/// `--profile-launch ELEMENT` draws one launch element for 5 s (for `perf record`),
/// `--profile-animation ELEMENT` one animated launch element's frames, `--profile-lottie FILE…`
/// Lottie files' frames at 1080p (5 s shared between them), and
/// `--profile-raster SCENE` a benchmark scene's frames (or `launch`, the launch frame) as the
/// raster section's workers do, on `THREADS` threads (default 1).
@main
enum BenchmarkMain {
    static func main() async {
        do {
            try await run()
        } catch {
            FileHandle.standardError.write(Data("flipbook-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The flags of a whole run or of one section's (the other modes take a scene or element).
    static let sectionFlags: Set<String> = [
        "--quick", "--record-references", "--raster", "--launch", "--animation", "--conversion", "--export",
        "--memory",
        "--batch", "--cache", "--compositions", "--scale-out", "--preview", "--lottie", "--batch-sharing",
    ]

    static let usage = """
        usage: flipbook-bench [--quick] [--record-references]    every section; writes bench/results/
               flipbook-bench --raster | --launch | --animation | --conversion | --export | --memory
                              | --batch | --preview | --cache | --compositions | --scale-out
                              | --lottie | --batch-sharing [--quick]
                                                                 one section, nothing written
               flipbook-bench --compositions --previous-release PATH
                                                                 also against an earlier flipbook
                                                                 (bench/previous-release.sh builds one)
               flipbook-bench --profile-raster SCENE               a scene's frames for 5 s (THREADS=N)
               flipbook-bench --profile-launch ELEMENT             one launch element for 5 s
               flipbook-bench --profile-animation ELEMENT          an animated one's frames for 5 s
               flipbook-bench --profile-lottie FILE…               Lottie files' frames at 1080p, 5 s shared (≥ 0.2 s each)
        """

    static func run() async throws {
        // As the `flipbook` command does before it renders.
        AllocatorTuning.keepFreedMemory()
        var arguments = CommandLine.arguments
        // The previous release's `flipbook`, for the compositions section (opt-in: it takes a
        // second release build).
        var previousRelease: String?
        if let index = arguments.firstIndex(of: "--previous-release") {
            guard index + 1 < arguments.count else {
                FileHandle.standardError.write(
                    Data("flipbook-bench: --previous-release takes the path of a flipbook executable\n".utf8))
                exit(64)
            }
            previousRelease = arguments[index + 1]
            arguments.removeSubrange(index...(index + 1))
        }
        if arguments.count > 1, arguments[1] == ConcurrentCopies.flag {
            return try ConcurrentCopies.drawCopy(arguments.dropFirst(2))
        }
        if arguments.count > 2, arguments[1] == "--profile-launch",
            let element = LaunchScene(rawValue: arguments[2])
        {
            // Draws one element for 5 s and prints ms per frame: a target for `perf record`.
            let context = BenchmarkContext(
                root: URL(fileURLWithPath: "."), quick: false, work: URL(fileURLWithPath: "."))
            let section = LaunchSection(context: context, minimumSeconds: 5)
            return print(String(format: "%@: %.2f ms per frame", element.rawValue, section.measure(element)))
        }
        if arguments.count > 2, arguments[1] == "--profile-animation",
            let element = LaunchAnimation(rawValue: arguments[2])
        {
            // Frame after frame of one animated element for 5 s: a target for `perf record`.
            let context = BenchmarkContext(
                root: URL(fileURLWithPath: "."), quick: false, work: URL(fileURLWithPath: "."))
            let section = AnimationSection(launch: LaunchSection(context: context, minimumSeconds: 5))
            return print(String(format: "%@: %.2f ms per frame", element.rawValue, section.measure(element)))
        }
        if arguments.count > 2, arguments[1] == "--profile-raster",
            let scene = DrawnScene(name: arguments[2])
        {
            // Frame after frame for 5 s, as the raster section draws them, on THREADS threads
            // (default 1) each with its own worker, and frames per second in all.
            let threads = max(1, Int(ProcessInfo.processInfo.environment["THREADS"] ?? "") ?? 1)
            let start = ConcurrentCopies.monotonicSeconds()
            let total = Atomic<Int>(0)
            let done = DispatchGroup()
            for thread in 0..<threads {
                done.enter()
                Thread {
                    let worker = RasterWorker()
                    var frames = 0
                    while ConcurrentCopies.monotonicSeconds() - start < 5 {
                        worker.draw(scene, frame: (frames + thread * 90) % 180)
                        frames += 1
                    }
                    total.add(frames, ordering: .relaxed)
                    done.leave()
                }.start()
            }
            done.wait()
            let seconds = ConcurrentCopies.monotonicSeconds() - start
            return print(
                String(
                    format: "%@: %.0f frames/s on %d threads", scene.name,
                    Double(total.load(ordering: .relaxed)) / seconds, threads))
        }
        if arguments.count > 2, arguments[1] == "--profile-lottie" {
            // Lottie files' frames at 1080p for 5 s in all, as the Lottie section draws them.
            return LottieSection.profile(Array(arguments.dropFirst(2)))
        }
        if arguments.contains("--help") || arguments.contains("-h") { return print(usage) }
        if arguments.count > 1,
            ["--profile-raster", "--profile-launch", "--profile-animation"].contains(arguments[1])
        {
            let names =
                switch arguments[1] {
                case "--profile-launch": LaunchScene.allCases.map(\.rawValue)
                case "--profile-animation": LaunchAnimation.allCases.map(\.rawValue)
                default: DrawnScene.all.map(\.name)
                }
            FileHandle.standardError.write(
                Data("flipbook-bench: \(arguments[1]) takes one of \(names.joined(separator: ", "))\n".utf8))
            exit(64)
        }
        if let unknown = arguments.dropFirst().first(where: { !sectionFlags.contains($0) }) {
            FileHandle.standardError.write(
                Data("flipbook-bench: unknown argument \(unknown)\n\(usage)\n".utf8))
            exit(64)
        }
        let onlyCache = arguments.contains("--cache")
        let onlyCompositions = arguments.contains("--compositions")
        let onlyScaleOut = arguments.contains("--scale-out")
        let onlyBatchSharing = arguments.contains("--batch-sharing")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let context = BenchmarkContext(root: root, quick: arguments.contains("--quick"), work: work)

        var results = BenchmarkResults(
            date: ISO8601DateFormatter().string(from: Date()), quick: context.quick, cores: context.cores)
        var report =
            "# Flipbook benchmarks\n\n\(results.date), \(context.cores) cores, \(context.rounds) interleaved rounds per figure\(context.quick ? " (quick run)" : "").\n\n"
        FileHandle.standardOutput.write(Data(report.utf8))
        func emit(_ table: Table) {
            // Unbuffered, so a long run shows each table as soon as it is measured.
            FileHandle.standardOutput.write(Data((table.markdown + "\n").utf8))
            report += table.markdown + "\n"
        }
        let single: [(flag: String, run: (inout BenchmarkResults) throws -> Table)] = [
            ("--raster", RasterSection(context: context).run),
            ("--launch", LaunchSection(context: context).run),
            ("--animation", AnimationSection(launch: LaunchSection(context: context)).run),
            ("--conversion", ConversionSection(context: context).run),
            ("--export", ExportSection(context: context).run),
            ("--memory", MemorySection(context: context).run),
            ("--batch", BatchSection(context: context).run),
            ("--preview", PreviewSection(context: context).run),
            ("--lottie", LottieSection(context: context).run),
        ]
        if let section = single.first(where: { arguments.contains($0.flag) }) {
            return emit(try section.run(&results))
        }
        let sections: [(inout BenchmarkResults) throws -> Table] =
            onlyCache || onlyScaleOut || onlyCompositions || onlyBatchSharing
            ? []
            : [
                single[0].run,
                single[1].run,
                single[2].run,
                HostSection(context: context).run,
                single[3].run,
                single[4].run,
                single[5].run,
                single[6].run,
                single[7].run,
                single[8].run,
                FidelitySection(
                    context: context, recordReferences: arguments.contains("--record-references")
                )
                .run,
            ]
        for section in sections {
            emit(try section(&results))
        }
        if onlyCompositions {
            emit(try await CompositionSection(context: context).run(into: &results))
            if let previousRelease {
                emit(
                    try PreviousReleaseSection(context: context, previous: previousRelease).run(
                        into: &results))
            }
            return
        }
        if onlyBatchSharing {
            return emit(try await BatchSharingSection(context: context).run(into: &results))
        }
        if !onlyScaleOut { emit(try await CacheSection(context: context).run(into: &results)) }
        if !onlyCache, !onlyScaleOut {
            emit(try await CompositionSection(context: context).run(into: &results))
            if let previousRelease {
                emit(
                    try PreviousReleaseSection(context: context, previous: previousRelease).run(
                        into: &results))
            }
            emit(try await BatchSharingSection(context: context).run(into: &results))
        }
        if onlyCache { return }
        emit(try ScaleOutSection(context: context).run(into: &results))
        if onlyScaleOut { return }

        let folder = root.appendingPathComponent("bench/results")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(results).write(to: folder.appendingPathComponent("latest.json"))
        try report.write(to: folder.appendingPathComponent("latest.md"), atomically: true, encoding: .utf8)
        _ = try ChildProcess.check([context.python, context.peer("chart.py"), folder.path])
        print("Results: bench/results/latest.json, latest.md, ratios.png")
    }
}
