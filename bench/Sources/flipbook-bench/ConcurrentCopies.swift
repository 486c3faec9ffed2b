import Dispatch
import Flipbook
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How much more a scene's single-threaded drawing gets done when copies of it run at once in
/// separate processes: the scaling this machine allows that scene, whatever the code does.
///
/// The raster section's "threads ÷ 1" divides frames/s on all threads by frames/s on one. On a
/// shared host that ratio also measures the host: its virtual CPUs are neither equally fast nor
/// steady (two copies of a loop of integer arithmetic, at once, ran 0.93 and 1.39 ns an
/// iteration; one copy alone ran anywhere from 0.97 to 2.0 ns from one second to the next).
/// Processes share no memory, allocator, lock or reference count, so their figure is the ceiling
/// threads can reach; a threads figure near it says our code loses nothing to running in
/// parallel.
///
/// Each copy is this benchmark's own executable started with `flag`. All copies draw in the
/// same window of the monotonic clock, fixed by the parent before it starts them; before the
/// window they draw frames unmeasured (their first frames clear the whole pixmap and fill the
/// caches), as the raster section's workers draw a window of frames before theirs.
struct ConcurrentCopies {
    static let flag = "--draw-copy"

    let context: BenchmarkContext

    /// Frames/s of one copy drawing alone, and the sum over `count` copies drawing at once. The
    /// copy alone is measured before and after the copies together, and averaged, so that the
    /// host speeding up or slowing down over these seconds moves both sides alike.
    func measure(_ scene: DrawnScene, count: Int) throws -> (alone: Double, together: Double) {
        let before = try run(scene, copies: 1)
        let together = try run(scene, copies: count)
        let after = try run(scene, copies: 1)
        return ((before + after) / 2, together)
    }

    /// How long each copy is measured.
    private var window: Double { context.quick ? 0.3 : 1 }

    /// Summed frames/s of `copies` copies drawing in one window.
    private func run(_ scene: DrawnScene, copies: Int) throws -> Double {
        // Time for a process to start and load before its window opens. A copy still loading
        // then draws in less of the window; under nine tenths of it fails the run.
        let start = Self.monotonicSeconds() + 0.5
        let arguments = [
            CommandLine.arguments[0], Self.flag, scene.name, String(scene.passLength(context.frames)),
            String(start), String(start + window),
        ]
        return try ChildProcess.checkAll(Array(repeating: arguments, count: copies)).reduce(0) {
            sum, outcome in
            let report = try JSONDecoder().decode(Report.self, from: Data(outcome.standardOutput.utf8))
            guard report.windowSeconds >= window * 0.9 else {
                throw BenchmarkError(
                    "a copy of \(scene.name) drew in \(report.windowSeconds) s of its \(window) s window: it started late"
                )
            }
            return sum + Double(report.frames) / report.seconds
        }
    }

    /// What a copy prints: the frames it counts and the seconds they took — its whole passes,
    /// or every frame of its window when it finished no pass — and how long it drew in the
    /// window.
    private struct Report: Codable {
        var frames: Int
        var seconds: Double
        var windowSeconds: Double
    }

    /// The copy's side, with the arguments after `flag`: scene, frames per pass, and the
    /// window's start and end in seconds of the monotonic clock. Draws frames 0, 1, … (wrapping
    /// at the pass's length) until the window opens, then again from frame 0 until it closes,
    /// and prints a `Report` of the whole passes finished in it: every frame of the scene
    /// counts alike, as the peers draw each once (a confetti burst's first frames cost about
    /// half again as much as its last). A copy too slow to finish a pass counts its window.
    static func drawCopy(_ arguments: ArraySlice<String>) throws {
        let values = Array(arguments)
        guard values.count == 4, let scene = DrawnScene(name: values[0]), let frames = Int(values[1]),
            frames > 0, let start = Double(values[2]), let end = Double(values[3])
        else { throw BenchmarkError("\(flag) needs a scene, frames per pass, start and end seconds") }
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
        let report =
            passes.frames > 0
            ? Report(frames: passes.frames, seconds: passes.seconds - began, windowSeconds: windowSeconds)
            : Report(frames: frame, seconds: windowSeconds, windowSeconds: windowSeconds)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    }

    /// Seconds of `CLOCK_MONOTONIC`, the one clock every process here reads alike.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
