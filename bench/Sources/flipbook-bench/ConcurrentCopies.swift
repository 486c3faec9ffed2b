import Dispatch
import Flipbook
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How a scene's single-threaded drawing scales on this machine when copies of it run at once —
/// as threads of one process, and as separate processes — measured the same way for both.
///
/// The raster section's "threads ÷ 1" divides frames/s on all threads by frames/s on one. On a
/// shared host that ratio also measures the host: its virtual CPUs are neither equally fast nor
/// steady (two copies of a loop of integer arithmetic, at once, ran 0.93 and 1.39 ns an
/// iteration; one copy alone ran anywhere from 0.97 to 2.0 ns from one second to the next).
/// Processes share no memory, allocator, lock or reference count, so their figure is the ceiling
/// threads can reach; threads near it say our code loses nothing to running in parallel.
///
/// Each copy is this benchmark's own executable started with `flag`, drawing on one thread or
/// on several threads of its own. Every thread, in one process or in many, runs the very same
/// loop — its own pixmap and rasterizer, frame 0, 1, … of the scene — so the two sides differ
/// only in the process boundary. All copies draw in one window of the monotonic clock, fixed by
/// the parent before it starts them; before the window they draw frames unmeasured (their first
/// frames clear the whole pixmap and fill the caches).
struct ConcurrentCopies {
    static let flag = "--draw-copy"

    let context: BenchmarkContext

    /// One round's frames/s: one thread alone, `count` threads in one process, and `count`
    /// single-threaded processes, each summed over its threads.
    struct Round {
        var alone: Double
        var threads: Double
        var processes: Double
    }

    /// Measures a round: one thread alone before and after (averaged), and between them two
    /// windows each of threads and of processes, mirrored — threads, processes, processes,
    /// threads, or the other way round every other round — so that a host speeding up or
    /// slowing down steadily over the round favours neither side.
    func measure(_ scene: DrawnScene, count: Int, round: Int) throws -> Round {
        let before = try run(scene, processes: 1, threads: 1)
        var (threads, processes) = (0.0, 0.0)
        let threadsFirst = round.isMultiple(of: 2)
        for onThreads in [threadsFirst, !threadsFirst, !threadsFirst, threadsFirst] {
            if onThreads {
                threads += try run(scene, processes: 1, threads: count) / 2
            } else {
                processes += try run(scene, processes: count, threads: 1) / 2
            }
        }
        let after = try run(scene, processes: 1, threads: 1)
        return Round(alone: (before + after) / 2, threads: threads, processes: processes)
    }

    /// How long each copy is measured.
    private var window: Double { context.quick ? 0.3 : 1 }

    /// Frames/s summed over every thread of `processes` copies drawing in one window on
    /// `threads` threads each.
    private func run(_ scene: DrawnScene, processes: Int, threads: Int) throws -> Double {
        // Time for a process to start and load before its window opens. A copy still loading
        // then draws in less of the window; under nine tenths of it fails the run.
        let start = Self.monotonicSeconds() + 0.5
        let arguments = [
            CommandLine.arguments[0], Self.flag, scene.name, String(scene.passLength(context.frames)),
            String(start), String(start + window), String(threads),
        ]
        var sum = 0.0
        for outcome in try ChildProcess.checkAll(Array(repeating: arguments, count: processes)) {
            let lines = outcome.standardOutput.split(separator: "\n")
            guard lines.count == threads else {
                throw BenchmarkError("a copy of \(scene.name) reported \(lines.count) threads of \(threads)")
            }
            for line in lines {
                let report = try JSONDecoder().decode(Report.self, from: Data(line.utf8))
                guard report.windowSeconds >= window * 0.9 else {
                    throw BenchmarkError(
                        "a copy of \(scene.name) drew in \(report.windowSeconds) s of its \(window) s window: it started late"
                    )
                }
                sum += Double(report.frames) / report.seconds
            }
        }
        return sum
    }

    /// What each thread of a copy prints: the frames it counts and the seconds they took — its
    /// whole passes, or every frame of its window when it finished no pass — and how long it
    /// drew in the window.
    private struct Report: Codable {
        var frames: Int
        var seconds: Double
        var windowSeconds: Double
    }

    /// The copy's side, with the arguments after `flag`: scene, frames per pass, the window's
    /// start and end in seconds of the monotonic clock, and threads. Each thread draws frames 0,
    /// 1, … (wrapping at the pass's length) until the window opens, then again from frame 0 until
    /// it closes, and prints a `Report` line of the whole passes finished in it: every frame of
    /// the scene counts alike, as the peers draw each once (a confetti burst's first frames cost
    /// about half again as much as its last). A thread too slow to finish a pass counts its
    /// window.
    static func drawCopy(_ arguments: ArraySlice<String>) throws {
        let values = Array(arguments)
        guard values.count == 5, let scene = DrawnScene(name: values[0]), let frames = Int(values[1]),
            frames > 0, let start = Double(values[2]), let end = Double(values[3]),
            let threads = Int(values[4]), threads > 0
        else {
            throw BenchmarkError("\(flag) needs a scene, frames per pass, start and end seconds, and threads")
        }
        let reports = Mutex<[Report]>([])
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            Thread {
                let report = drawWindow(scene, frames: frames, start: start, end: end)
                reports.withLock { $0.append(report) }
                finished.leave()
            }.start()
        }
        finished.wait()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for report in reports.withLock({ $0 }) {
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        }
    }

    /// One thread of a copy: its own worker, drawing until `start`, then measured until `end`.
    private static func drawWindow(_ scene: DrawnScene, frames: Int, start: Double, end: Double) -> Report {
        let worker = RasterWorker()
        var frame = 0
        func drawNext() {
            worker.draw(scene, frame: frame % frames)
            frame += 1
        }
        while monotonicSeconds() < start { drawNext() }
        frame = 0
        let began = monotonicSeconds()
        // The frames finished, and when, at the last pass's end so far.
        var passes = (frames: 0, seconds: began)
        while true {
            let now = monotonicSeconds()
            if frame % frames == 0 { passes = (frame, now) }
            guard now < end else { break }
            drawNext()
        }
        let windowSeconds = monotonicSeconds() - began
        return passes.frames > 0
            ? Report(frames: passes.frames, seconds: passes.seconds - began, windowSeconds: windowSeconds)
            : Report(frames: frame, seconds: windowSeconds, windowSeconds: windowSeconds)
    }

    /// Seconds of `CLOCK_MONOTONIC`, the one clock every process here reads alike.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
