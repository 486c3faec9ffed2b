import Dispatch
import Flipbook
import Foundation
import Synchronization

/// Section 1: frames per second of each benchmark scene — Flipbook on 1 and on all threads;
/// Cairo from C (the headline peer: clearing the whole frame, and clearing only the previous
/// frame's box as Flipbook's render stage does), pycairo, skia-python and, for confetti, Blend2D
/// (its drawing alone: the time of its Python calls measured and subtracted) on one thread — in
/// interleaved rounds; and the launch frame's scaling, threads against processes.
struct RasterSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) throws -> Table {
        var table = Table(
            title:
                "Raster: frames/s, 1920×1080, \(context.frames) frames (Flipbook: 1-thread and "
                + "\(context.cores)-thread windows of \(window) s alternating, ≥ \(minimumSeconds) s each), median (min–max); "
                + "ratios: median of each round's ratio; scaling: the same single-threaded drawing loop run "
                + "\(context.cores) times at once, as threads of one process and as separate processes, in "
                + "adjacent windows (processes: the scaling the machine allows)",
            columns: [
                "scene", "Flipbook 1 thread", "Flipbook \(context.cores) threads", "Cairo (C)",
                "Cairo (C, dirty box)", "pycairo", "Skia", "Blend2D (own work)",
                "Flipbook/Cairo C (dirty box)", "target", "Flipbook/pycairo", "Flipbook/Skia",
                "Flipbook/Blend2D",
                "\(context.cores) threads ÷ 1",
                "\(context.cores) processes ÷ 1", "threads ÷ processes",
                "rounds ≥ \(Self.scalingTarget): threads · processes",
            ])
        let copies = ConcurrentCopies(context: context)
        for scene in DrawnScene.all {
            var samples: [String: Samples] = [:]
            for round in 0..<context.rounds {
                let (one, all) = flipbook(scene, threads: context.cores)
                samples["flipbook-1", default: Samples()].add(one)
                samples["flipbook-\(context.cores)", default: Samples()].add(all)
                let copied = try copies.measure(scene, count: context.cores, round: round)
                samples["copy-1", default: Samples()].add(copied.alone)
                samples["copy-threads", default: Samples()].add(copied.threads)
                samples["copy-processes", default: Samples()].add(copied.processes)
                guard case .benchmark(let scene) = scene else { continue }
                for engine in ["cairo", "skia"] {
                    samples[engine, default: Samples()].add(try peer(engine, scene))
                }
                if let blend2D = try blend2D(scene) {
                    samples["blend2d", default: Samples()].add(blend2D)
                }
                for dirty in [false, true] {
                    samples[dirty ? "cairo-c-dirty" : "cairo-c", default: Samples()].add(
                        try nativeCairo(scene, dirty: dirty))
                }
            }
            let one = samples["flipbook-1"]!
            let all = samples["flipbook-\(context.cores)"]!
            let alone = samples["copy-1"]!
            let (threads, processes) = (samples["copy-threads"]!, samples["copy-processes"]!)
            let (threadScaling, processScaling) = (threads.ratios(over: alone), processes.ratios(over: alone))
            let overProcesses = threads.medianRatio(over: processes)
            let scaling = [
                String(format: "%.2f", threadScaling.median), String(format: "%.2f", processScaling.median),
                String(
                    format: "%.2f (≥ %.2f: %@)", overProcesses, Self.threadsOverProcessesTarget,
                    overProcesses >= Self.threadsOverProcessesTarget ? "met" : "not met"),
                "\(threadScaling.count(atLeast: Self.scalingTarget)) · "
                    + "\(processScaling.count(atLeast: Self.scalingTarget)) of \(context.rounds)",
            ]
            results.ratios.append(
                Ratio(label: "raster \(scene.name) threads ÷ processes", value: overProcesses))
            guard case .benchmark(let benchmark) = scene else {
                // The launch frame's peer is in the launch section; here it shows scaling only.
                let none = Array(repeating: "—", count: 10)
                table.add([scene.name + " (frame)", formatted(one), formatted(all)] + none + scaling)
                continue
            }
            let cairo = samples["cairo"]!
            let skia = samples["skia"]!
            let (native, nativeDirty) = (samples["cairo-c"]!, samples["cairo-c-dirty"]!)
            let overNative = one.medianRatio(over: nativeDirty)
            let (overCairo, overSkia) = (one.medianRatio(over: cairo), one.medianRatio(over: skia))
            let blend2D = samples["blend2d"]
            let overBlend2D = blend2D.map { one.medianRatio(over: $0) }
            let target = Self.nativeTargets[benchmark] ?? 0
            table.add(
                [
                    scene.name, formatted(one), formatted(all), formatted(native), formatted(nativeDirty),
                    formatted(cairo), formatted(skia), blend2D.map { formatted($0) } ?? "—",
                    String(format: "%.2f", overNative),
                    String(format: "≥ %.1f: %@", target, overNative >= target ? "met" : "not met"),
                    String(format: "%.2f", overCairo), String(format: "%.2f", overSkia),
                    overBlend2D.map { String(format: "%.2f", $0) } ?? "—",
                ] + scaling)
            results.raster.append(
                .init(scene: scene.name, framesPerSecond: samples.mapValues(\.figure)))
            results.ratios.append(Ratio(label: "raster \(scene.name) vs native Cairo", value: overNative))
            results.ratios.append(Ratio(label: "raster \(scene.name) vs Cairo", value: overCairo))
            results.ratios.append(Ratio(label: "raster \(scene.name) vs Skia", value: overSkia))
            if let overBlend2D {
                results.ratios.append(Ratio(label: "raster \(scene.name) vs Blend2D", value: overBlend2D))
            }
        }
        return table
    }

    /// Frames/s drawing frame after frame on one thread and on `threads` threads, each thread
    /// owning its pixmap and rasterizer and taking the next frame as it finishes one, as the
    /// render stage's workers do. They are created and draw a window of frames before the clock
    /// starts, as the peers create their surfaces and the process copies draw before theirs.
    ///
    /// Each side draws in windows of `window` seconds on threads of its own, as the processes'
    /// copies draw in windows of the clock, and the one-thread and all-thread windows alternate
    /// until each side has run `minimumSeconds` — so that the host lending this machine less of a
    /// core for a while slows both sides of the scaling ratio alike. (Passes of the 180 frames
    /// through `concurrentPerform` were too short: some ran on one thread only, and each paid a
    /// fork and join, so the threads looked slower than the processes.) Each thread counts its
    /// frames over its own time, as each copy does: the launch frame takes 30 ms, and a thread
    /// waiting for the other to finish its last frame cost the threads 7–9 % of a window.
    ///
    /// Each side draws whole passes of the scene's frames, as the peers draw each frame once: a
    /// window goes on from the frame where the side's last one stopped, and after the last window
    /// the side finishes the pass it is in. (Windows that each began at frame 0 drew only a
    /// confetti burst's first second at 300 frames/s, whose frames cost about half again as much
    /// as the pieces that have fallen off the frame: confetti 2000 on one thread measured 297
    /// frames/s where drawing the 180 frames in turn gives 445.)
    private func flipbook(_ scene: DrawnScene, threads: Int) -> (one: Double, all: Double) {
        let (single, multiple) = (Workers(count: 1), Workers(count: threads))
        let frames = scene.passLength(context.frames)
        // Unmeasured frames first, as each copy draws until its window opens: a worker's first
        // frames clear its whole pixmap, shape text and fill its caches, and the launch frame's
        // few frames per window would carry that cost into the measured ones.
        for workers in [single, multiple] {
            _ = workers.draw(scene, frames: frames, until: .seconds(window))
            workers.startPasses()
        }
        // Each side's rate is its windows' rates weighed by their lengths.
        var (one, all) = (Window(), Window())
        repeat {
            one.add(single.draw(scene, frames: frames, until: .seconds(window)))
            all.add(multiple.draw(scene, frames: frames, until: .seconds(window)))
        } while one.seconds < minimumSeconds || all.seconds < minimumSeconds
        one.add(single.draw(scene, frames: frames, until: .endOfPass))
        all.add(multiple.draw(scene, frames: frames, until: .endOfPass))
        return (one.rate, all.rate)
    }

    /// Windows of drawing summed: seconds, and frames/s weighed by seconds.
    private struct Window {
        private(set) var seconds = 0.0
        private var weighedRates = 0.0

        mutating func add(_ window: (framesPerSecond: Double, seconds: Double)?) {
            guard let window else { return }
            seconds += window.seconds
            weighedRates += window.framesPerSecond * window.seconds
        }

        var rate: Double { weighedRates / seconds }
    }

    /// How long one side draws before the other takes over.
    private var window: Double { context.quick ? 0.05 : 0.25 }

    /// The scaling on two threads that the rasterizer's issue asks for. How many rounds reach it,
    /// for threads and for processes, shows how far a median of a few rounds can be trusted here:
    /// on this host even a loop that touches no memory misses it in a third to a half of its rounds.
    static let scalingTarget = 1.9

    /// The speed issue's target for what the code controls: threads' scaling at least this share
    /// of processes' (median of each round's ratio), on every scene.
    static let threadsOverProcessesTarget = 0.97

    /// How long a Flipbook sample runs at least.
    private var minimumSeconds: Double { context.quick ? 0.1 : 0.5 }

    /// One pixmap and rasterizer per thread.
    private final class Workers: Sendable {
        private let workers: [RasterWorker]
        /// Frames taken since `startPasses()`, window after window.
        private let next = Atomic<Int>(0)

        init(count: Int) {
            workers = (0..<count).map { _ in RasterWorker() }
        }

        /// When a window of drawing ends.
        enum End {
            /// After this many seconds.
            case seconds(Double)
            /// When the frames taken reach a whole number of passes.
            case endOfPass
        }

        /// Counts frames from the first of a pass again.
        func startPasses() {
            next.store(0, ordering: .relaxed)
        }

        /// Draws frames (of `frames`, round and round, from where the last window stopped) until
        /// `end`, on a thread per worker, each taking the next frame as it finishes one. Returns
        /// the window's length and the sum over threads of each one's frames over its own time,
        /// from the window's start to the end of its last frame — as each process's copy counts
        /// — so that a thread that finished its last frame early does not count the wait for the
        /// other's (half a launch frame, on average, per window); `nil` for a window that had no
        /// frame to draw.
        func draw(_ scene: DrawnScene, frames: Int, until end: End) -> (
            framesPerSecond: Double, seconds: Double
        )? {
            let first = next.load(ordering: .relaxed)
            let start = ConcurrentCopies.monotonicSeconds()
            let (deadline, limit) =
                switch end {
                case .seconds(let seconds): (start + seconds, Int.max)
                case .endOfPass: (Double.infinity, (first + frames - 1) / frames * frames)
                }
            guard first < limit else { return nil }
            let rates = Mutex(0.0)
            let finished = DispatchGroup()
            for worker in workers {
                finished.enter()
                Thread {
                    var drawn = 0
                    while ConcurrentCopies.monotonicSeconds() < deadline {
                        let frame = self.next.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard frame < limit else { break }
                        worker.draw(scene, frame: frame % frames)
                        drawn += 1
                    }
                    let rate = Double(drawn) / (ConcurrentCopies.monotonicSeconds() - start)
                    rates.withLock { $0 += rate }
                    finished.leave()
                }.start()
            }
            finished.wait()
            // Frames taken past the pass's end were not drawn.
            if limit < Int.max { next.store(limit, ordering: .relaxed) }
            return (rates.withLock { $0 }, ConcurrentCopies.monotonicSeconds() - start)
        }
    }

    /// The speed issue's targets, single thread, over native Cairo clearing only the box the
    /// previous frame drew (as Flipbook's render stage clears).
    static let nativeTargets: [BenchmarkScene: Double] = [
        .confetti200: 5, .confetti2000: 5.6, .spirograph: 12,
    ]

    /// Frames/s of the native Cairo peer (`bench/peers/cairo_native.c`), clearing the whole frame
    /// or only the previous frame's box.
    private func nativeCairo(_ scene: BenchmarkScene, dirty: Bool) throws -> Double {
        let outcome = try ChildProcess.check(
            [context.cairoNative, scene.rawValue, String(context.frames)] + (dirty ? ["dirty"] : []))
        struct Line: Decodable { var fps: Double }
        return try JSONDecoder().decode(Line.self, from: Data(outcome.standardOutput.utf8)).fps
    }

    /// Frames/s of Blend2D's own work on a confetti scene (`bench/peers/blend2d_own.py`: the
    /// time of its Python calls, measured in alternating passes, subtracted), or nil for the
    /// spirograph, which its Python binding cannot stroke.
    private func blend2D(_ scene: BenchmarkScene) throws -> Double? {
        guard scene != .spirograph else { return nil }
        let outcome = try ChildProcess.check([
            context.python, context.peer("blend2d_own.py"), "--scene", scene.rawValue, "--frames",
            String(context.frames),
        ])
        struct Line: Decodable { var fps: Double }
        return try JSONDecoder().decode(Line.self, from: Data(outcome.standardOutput.utf8)).fps
    }

    private func peer(_ engine: String, _ scene: BenchmarkScene) throws -> Double {
        let outcome = try ChildProcess.check([
            context.python, context.peer("raster.py"), "--engine", engine, "--scene", scene.rawValue,
            "--frames", String(context.frames),
        ])
        struct Line: Decodable { var fps: Double }
        return try JSONDecoder().decode(Line.self, from: Data(outcome.standardOutput.utf8)).fps
    }
}
