import Dispatch
import Synchronization

/// Section 2: what running on all cores gives on this machine to code that has nothing to lose
/// by it — a loop of integer arithmetic in registers, which touches no memory and shares
/// nothing between its threads.
///
/// The raster section's "threads ÷ 1" is held to the rasterizer issue's 1.9. This figure, taken
/// with the same alternation of one-thread and all-thread windows, says how far any code can be
/// held to that here: where this loop's rounds fall below it, the host gave the second thread
/// less than a core, and a scene's round falling below it says nothing about the scene.
struct HostSection {
    let context: BenchmarkContext

    func run(into results: inout BenchmarkResults) -> Table {
        var table = Table(
            title:
                "Host: a loop of register arithmetic (no memory, nothing shared) on \(context.cores) threads ÷ "
                + "on 1, windows of \(window) s alternating, \(rounds) rounds",
            columns: [
                "workload", "\(context.cores) threads ÷ 1, median (quartiles)",
                "rounds ≥ \(RasterSection.scalingTarget)",
            ])
        var scaling = Samples()
        for round in 0..<rounds {
            // Which side goes first alternates, so that a host slowing down favours neither.
            let (one, all): (Double, Double)
            if round.isMultiple(of: 2) {
                one = iterationsPerSecond(threads: 1)
                all = iterationsPerSecond(threads: context.cores)
            } else {
                all = iterationsPerSecond(threads: context.cores)
                one = iterationsPerSecond(threads: 1)
            }
            scaling.add(all / one)
        }
        table.add([
            "register arithmetic",
            String(
                format: "%.2f (%.2f–%.2f)", scaling.median, scaling.quantile(0.25), scaling.quantile(0.75)),
            "\(scaling.count(atLeast: RasterSection.scalingTarget)) of \(rounds)",
        ])
        results.hostScaling = scaling.figure
        return table
    }

    private var rounds: Int { context.quick ? 6 : 30 }
    private var window: Double { context.quick ? 0.1 : 0.5 }

    /// Loop iterations per second summed over `threads` threads, each looping until the window
    /// closes.
    private func iterationsPerSecond(threads: Int) -> Double {
        let total = Atomic<Int>(0)
        let seconds = seconds {
            let end = ConcurrentCopies.monotonicSeconds() + window
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                var (iterations, state) = (0, UInt64(1))
                while ConcurrentCopies.monotonicSeconds() < end {
                    state = Self.spin(state, steps: Self.stepsPerCheck)
                    iterations += Self.stepsPerCheck
                }
                // Adding the state's low bit keeps the optimiser from dropping the loop.
                total.wrappingAdd(iterations + Int(state & 1), ordering: .relaxed)
            }
        }
        return Double(total.load(ordering: .relaxed)) / seconds
    }

    /// Steps between looks at the clock: about a tenth of a millisecond of work.
    private static let stepsPerCheck = 100_000

    /// `steps` rounds of four xorshift generators side by side: chains of integer operations
    /// that keep to registers and, being independent, keep several of the core's execution
    /// units busy at once, as drawing code does. (One chain alone waits on each result and
    /// leaves units idle; it then barely notices another program sharing the physical core,
    /// which drawing code does notice.)
    @inline(never)
    private static func spin(_ start: UInt64, steps: Int) -> UInt64 {
        var states = (start, start &+ 1, start &+ 2, start &+ 3)
        func step(_ state: inout UInt64) {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        for _ in 0..<steps {
            step(&states.0)
            step(&states.1)
            step(&states.2)
            step(&states.3)
        }
        return states.0 ^ states.1 ^ states.2 ^ states.3
    }
}
