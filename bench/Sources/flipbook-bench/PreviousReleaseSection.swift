import Flipbook
import Foundation

/// Section: the shipped compositions rendered whole — `flipbook render FILE -o FILE.mp4
/// --threads 1`, decoding, drawing and encoding — by the previous release's `flipbook` and by
/// this build's, in interleaved rounds (the order swapped every other round, so that a host
/// speeding up or slowing down favours neither). What a user of the previous release gains.
///
/// Both render the same file: the composition as the previous release's tree has it, beside its
/// executable (`bench/previous-release.sh` exports the whole tree), since a preset may since
/// have come to use keys the previous release does not read (`launch.json`'s counter counts to
/// `"{users}"`) — and a different file would compare different work. Each side is timed twice:
/// wall time, and processor time (user and system, every thread's, x264's too), which a host
/// loaded by other programs slows far less than wall time.
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
                + "release against this build, both rendering the previous release's copy of the preset: "
                + "seconds, median (min–max) of \(context.rounds) interleaved rounds; speed-up = previous ÷ this build",
            columns: [
                "composition", "previous release, wall", "this build, wall", "speed-up, wall",
                "previous release, processor", "this build, processor", "speed-up, processor",
            ])
        for name in CompositionSection.presets {
            let input = self.input(name)
            var (before, now) = (Samples(), Samples())
            var (beforeProcessor, nowProcessor) = (Samples(), Samples())
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
                        beforeProcessor.add(outcome.processorSeconds)
                    } else {
                        now.add(outcome.seconds)
                        nowProcessor.add(outcome.processorSeconds)
                    }
                }
            }
            let speedUp = before.medianRatio(over: now)
            let processorSpeedUp = beforeProcessor.medianRatio(over: nowProcessor)
            table.add([
                name, formatted(before, digits: 2), formatted(now, digits: 2),
                String(format: "%.2f×", speedUp),
                formatted(beforeProcessor, digits: 2), formatted(nowProcessor, digits: 2),
                String(format: "%.2f×", processorSpeedUp),
            ])
            results.ratios.append(
                Ratio(label: "\(name) rendered whole, this build vs previous release", value: speedUp))
            results.ratios.append(
                Ratio(
                    label: "\(name) rendered whole, processor time, this build vs previous release",
                    value: processorSpeedUp))
        }
        return table
    }

    /// The previous release's copy of preset `name` (its tree holds the executable at
    /// `.build/release/flipbook`), or this tree's when the executable stands elsewhere.
    private func input(_ name: String) -> String {
        let tree = URL(fileURLWithPath: previous).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let copy = tree.appendingPathComponent("presets/\(name).json").path
        return FileManager.default.fileExists(atPath: copy) ? copy : context.path("presets/\(name).json")
    }
}
