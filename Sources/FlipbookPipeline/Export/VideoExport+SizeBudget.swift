import FlipbookFFmpeg
import FlipbookTimeline
import Foundation

extension VideoExport {
    /// Renders the video to `destination` as a file within `budget`: at most its bytes, at
    /// least 90 % of them — or fails saying what would fit, before anything is written when
    /// the budget is plainly too small. A ceiling (`SizeBudget.isCeiling`) keeps the video as
    /// asked when that is under it, and brings one over it into 90–100 % of it.
    ///
    /// - H.264, HEVC, VP9 and AV1 (libaom's good mode) by two-pass rate control (`EncoderPass`):
    ///   the sound's share (its bitrate times the length) and the container's are taken out
    ///   first, the first pass reads the video, the second spends the rest as an average
    ///   bitrate; a second pass that misses the range is run again at a corrected bitrate (up
    ///   to `correctionPasses` times).
    /// - GIF, APNG and WebP by a ladder that gives up the least first (`BudgetLadder`): WebP's
    ///   quality, then a GIF's dithering, then a frame rate of 15, then the scale — each step
    ///   taken only when the one before is still too large, and the last one searched so that
    ///   the file lands in the range.
    ///
    /// Every try is a whole render into a hidden file beside the destination; only the one
    /// kept is renamed into place, atomically, as every output is. `note` hears each try.
    public func run(
        to destination: URL, within budget: SizeBudget, note: @escaping @Sendable (String) -> Void = { _ in },
        progress: @escaping @Sendable (ExportProgress) -> Void = { _ in }
    ) async throws -> Summary {
        _ = try validatedSettings(destination: destination)
        let output = try AtomicOutput(destination: destination)
        var summary: Summary?
        try await output.renderAndCommit {
            let tries = BudgetTries(export: self, file: output.temporary, note: note, progress: progress)
            var asAsked: Int?
            if budget.isCeiling {
                // A limit, not a size to fill: the video as asked, if it is under it.
                let plain = try await tries.render(self, "as asked")
                guard plain.bytes > budget.bytes else {
                    summary = plain
                    return
                }
                asAsked = plain.bytes
            }
            // Over a limit, the video is rendered again as within a `--max-size` of it: it lands
            // in 90–100 % of the limit, since a file that gave up more than the limit asks for
            // (an email's GIF at 42 % of its megabyte) threw quality away for nothing.
            let filled = SizeBudget(bytes: budget.bytes)
            summary =
                try await self.output.format.hasRateControl
                ? tries.rateControlled(filled) : BudgetLadder(tries: tries).run(filled, asAsked: asAsked)
        }
        guard var summary else { throw CancellationError() }
        summary.bytes = Self.size(of: destination)
        return summary
    }

    /// Refuses `budget` for a file at `destination` when it is plainly too small — what
    /// `run(to:within:)` refuses before its first try (H.264, HEVC, VP9, AV1: the pictures' share
    /// under the fewest bits they need, or the sound alone over it) — so that a dry run or a
    /// batch's planning fails where the render would.
    public func checkBudget(_ budget: SizeBudget, destination: URL) throws {
        guard output.format.hasRateControl else { return }
        _ = try BudgetTries(export: self, file: destination, note: { _ in }, progress: { _ in }).firstBitrate(
            budget)
    }
}
