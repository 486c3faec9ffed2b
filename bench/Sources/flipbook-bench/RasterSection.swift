import Dispatch
import Flipbook
import Foundation
import Synchronization

/// Section 1: frames per second of each benchmark scene — Flipbook on 1 and on all threads,
/// Cairo and Skia on one thread — in interleaved rounds.
struct RasterSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) throws -> Table {
        var table = Table(
            title:
                "Raster: frames/s, 1920×1080, \(context.frames) frames (Flipbook: 1-thread and "
                + "\(context.cores)-thread passes alternating, ≥ \(minimumSeconds) s each), median (min–max); "
                + "ratios: median of each round's ratio; processes: single-threaded copies drawing at once "
                + "in separate processes, the scaling the machine allows",
            columns: [
                "scene", "Flipbook 1 thread", "Flipbook \(context.cores) threads", "Cairo", "Skia",
                "Flipbook/Cairo", "Flipbook/Skia", "\(context.cores) threads ÷ 1",
                "\(context.cores) processes ÷ 1", "threads ÷ processes",
                "rounds ≥ \(Self.scalingTarget): threads · processes",
            ])
        let copies = ConcurrentCopies(context: context)
        for scene in BenchmarkScene.allCases {
            var samples: [String: Samples] = [:]
            for _ in 0..<context.rounds {
                let (one, all) = flipbook(scene, threads: context.cores)
                samples["flipbook-1", default: Samples()].add(one)
                samples["flipbook-\(context.cores)", default: Samples()].add(all)
                let (alone, together) = try copies.measure(scene, count: context.cores)
                samples["copy-1", default: Samples()].add(alone)
                samples["copies-\(context.cores)", default: Samples()].add(together)
                for engine in ["cairo", "skia"] {
                    samples[engine, default: Samples()].add(try peer(engine, scene))
                }
            }
            let one = samples["flipbook-1"]!
            let all = samples["flipbook-\(context.cores)"]!
            let cairo = samples["cairo"]!
            let skia = samples["skia"]!
            let (alone, together) = (samples["copy-1"]!, samples["copies-\(context.cores)"]!)
            let (threadScaling, processScaling) = (all.ratios(over: one), together.ratios(over: alone))
            let (overCairo, overSkia) = (one.medianRatio(over: cairo), one.medianRatio(over: skia))
            table.add([
                scene.rawValue, formatted(one), formatted(all), formatted(cairo), formatted(skia),
                String(format: "%.2f", overCairo), String(format: "%.2f", overSkia),
                String(format: "%.2f", threadScaling.median), String(format: "%.2f", processScaling.median),
                String(format: "%.2f", threadScaling.medianRatio(over: processScaling)),
                "\(threadScaling.count(atLeast: Self.scalingTarget)) · "
                    + "\(processScaling.count(atLeast: Self.scalingTarget)) of \(context.rounds)",
            ])
            results.raster.append(
                .init(scene: scene.rawValue, framesPerSecond: samples.mapValues(\.figure)))
            results.ratios.append(Ratio(label: "raster \(scene.rawValue) vs Cairo", value: overCairo))
            results.ratios.append(Ratio(label: "raster \(scene.rawValue) vs Skia", value: overSkia))
        }
        return table
    }

    /// Frames/s drawing every frame on one thread and on `threads` threads, each thread owning
    /// its pixmap and rasterizer and taking the next frame as it finishes one, as the render
    /// stage's workers do. They are created before the clock starts, as the peers create their
    /// surfaces before theirs; the first frame still clears all of its pixmap, as the peers'
    /// first clear does.
    ///
    /// One pass over the frames takes Flipbook a tenth of a second or less, against the peers'
    /// second or so, and a pass that short swings with whatever else the machine does in that
    /// moment. So a sample goes on, every frame drawn again and nothing kept, until each side has
    /// run `minimumSeconds`; and the one-thread and all-thread passes alternate, so that the
    /// host lending this machine less of a core for a while slows both sides of the scaling
    /// ratio alike, rather than whichever sample it fell on.
    private func flipbook(_ scene: BenchmarkScene, threads: Int) -> (one: Double, all: Double) {
        let (single, multiple) = (Workers(count: 1), Workers(count: threads))
        var (oneSeconds, allSeconds, passes) = (0.0, 0.0, 0)
        repeat {
            oneSeconds += seconds { single.draw(scene, frames: context.frames) }
            allSeconds += seconds { multiple.draw(scene, frames: context.frames) }
            passes += 1
        } while oneSeconds < minimumSeconds || allSeconds < minimumSeconds
        let frames = Double(context.frames * passes)
        return (frames / oneSeconds, frames / allSeconds)
    }

    /// The scaling on two threads that the rasterizer's issue asks for. How many rounds reach it,
    /// for threads and for processes, shows how far a median of a few rounds can be trusted here:
    /// on this host even a loop that touches no memory misses it in a third to a half of its rounds.
    static let scalingTarget = 1.9

    /// How long a Flipbook sample runs at least.
    private var minimumSeconds: Double { context.quick ? 0.1 : 0.5 }

    /// One pixmap and rasterizer per thread.
    private final class Workers: Sendable {
        private let workers: [RasterWorker]
        private let next = Atomic<Int>(0)

        init(count: Int) {
            workers = (0..<count).map { _ in RasterWorker() }
        }

        /// Draws frames 0..<frames, each thread taking the next frame as it finishes one.
        func draw(_ scene: BenchmarkScene, frames: Int) {
            next.store(0, ordering: .relaxed)
            DispatchQueue.concurrentPerform(iterations: workers.count) { index in
                while true {
                    let frame = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard frame < frames else { return }
                    workers[index].draw(scene, frame: frame)
                }
            }
        }
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
