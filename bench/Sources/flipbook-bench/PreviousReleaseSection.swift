import Flipbook
import Foundation

/// Section: the shipped compositions rendered whole — `flipbook render FILE -o FILE.mp4
/// --threads 1`, decoding, drawing and encoding — by the previous release's `flipbook` and by
/// this build's, in interleaved rounds (the order swapped every other round, so that a host
/// speeding up or slowing down favours neither). What a user of the previous release gains.
///
/// Opt-in (`--compositions --previous-release PATH`, or `make bench PREVIOUS=1`): the previous
/// release's executable is built by `bench/previous-release.sh`, a second release build of the
/// whole package, which takes 15 minutes or more on a loaded two-core host.
struct PreviousReleaseSection {
    let context: BenchmarkContext
    /// The previous release's `flipbook`.
    let previous: String

    func run(into results: inout BenchmarkResults) throws -> Table {
        var table = Table(
            title:
                "Shipped compositions rendered whole (`flipbook render --threads 1`, H.264), previous "
                + "release against this build: seconds, median (min–max) of \(context.rounds) interleaved rounds",
            columns: ["composition", "previous release", "this build", "speed-up"])
        for name in CompositionSection.presets {
            let input = context.path("presets/\(name).json")
            var (before, now) = (Samples(), Samples())
            for round in 0..<context.rounds {
                let order =
                    round.isMultiple(of: 2) ? [previous, context.flipbook] : [context.flipbook, previous]
                for executable in order {
                    let output = context.scratch("\(name)-\(executable == previous ? "previous" : "now").mp4")
                    let outcome = try ChildProcess.check([
                        executable, "render", input, "-o", output, "--threads", "1", "--quiet",
                    ])
                    if executable == previous {
                        before.add(outcome.seconds)
                    } else {
                        now.add(outcome.seconds)
                    }
                }
            }
            let speedUp = before.medianRatio(over: now)
            table.add([
                name, formatted(before, digits: 2), formatted(now, digits: 2),
                String(format: "%.2f×", speedUp),
            ])
            results.ratios.append(
                Ratio(label: "\(name) rendered whole, this build vs previous release", value: speedUp))
        }
        return table
    }
}
