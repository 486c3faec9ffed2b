import Flipbook
import Foundation

/// Rows of one preset that a batch renders together, in one render stage (`ExportGroup`):
/// what does not depend on the row — the background, a logo, confetti, the frames before the
/// row's own text appears — is drawn once for all of them, while each row keeps its encoder
/// and its file is byte for byte the one `flipbook render` writes for it.
///
/// Rows go together when they come from the same preset and render the same frames at the
/// same size (`ExportGroup.canRender`); a row with a size budget renders alone (its passes are
/// renders of their own). Each row holds an encoder, with its look-ahead frames, for the whole
/// render, so at most `mostRows` go together, fewer when more would not fit the memory budget.
/// The groups of a preset share one `SharedOpening`: the frames every row draws alike before
/// its own variables show are encoded once for the whole batch.
struct BatchGroup {
    /// The plans (indices into the batch's) rendered together; one for a plan rendered alone.
    let members: [Int]
    /// Whether the members render in an `ExportGroup` with the preset's `opening` — a row
    /// alone does too when other rows of its preset share with it in other groups (the odd row
    /// of a table, rows that do not fit the memory budget together) — or on their own: a size
    /// budget's passes, a plan that failed, the only row of its kind.
    let shares: Bool
    /// The opening shared with the other groups of the same preset.
    var opening = SharedOpening()

    /// The most rows rendered together: two. The shared drawing is then done once for two
    /// rows, and each row more holds another encoder for the whole render (x264's look-ahead
    /// frames at 1080p: some 450 MB, touched from scratch). Measured on this project's 2-core
    /// machine, four rows of `launch.json` (2 s, x264 `medium`) took 14.3–14.8 processor
    /// seconds two at a time, 16.2–16.3 one at a time and 16.1–17.5 four at a time: at four,
    /// the kernel's time zeroing the encoders' fresh memory (3.2–4.6 s of system time against
    /// 1.1–1.3) ate what the sharing saved.
    static let mostRows = 2

    /// The batch's `plans` as groups, in order: the rows of each preset that render together,
    /// each other plan alone. A group is as large as the memory `budget` (for `threads`
    /// render threads) holds.
    static func groups(of plans: [BatchPlan], threads: Int, budget: MemoryBudget) -> [BatchGroup] {
        var groups: [BatchGroup] = []
        var start = 0
        while start < plans.count {
            let file = plans[start].file
            let end = plans[start...].firstIndex { $0.file != file } ?? plans.count
            let parts = Self.groups(ofRows: Array(start..<end), in: plans, threads: threads, budget: budget)
            let opening = SharedOpening(rows: parts.filter(\.shares).reduce(0) { $0 + $1.members.count })
            groups += parts.map { BatchGroup(members: $0.members, shares: $0.shares, opening: opening) }
            start = end
        }
        return groups
    }

    /// The groups of one preset's plans `rows`: those that can share, in sets that render
    /// with their first, split evenly by what fits; the rest alone.
    private static func groups(ofRows rows: [Int], in plans: [BatchPlan], threads: Int, budget: MemoryBudget)
        -> [BatchGroup]
    {
        var sets: [[(index: Int, export: VideoExport)]] = []
        var alone: [Int] = []
        for index in rows {
            guard plans[index].budget == nil, let export = try? plans[index].result.get(), export.caching
            else {
                alone.append(index)
                continue
            }
            if let set = sets.firstIndex(where: { ExportGroup.canRender(export, with: $0[0].export) }) {
                sets[set].append((index, export))
            } else {
                sets.append([(index, export)])
            }
        }
        var groups = alone.map { BatchGroup(members: [$0], shares: false) }
        for set in sets {
            var measured = set[0].export
            measured.renderThreads = threads
            var size = min(set.count, mostRows)
            while size > 1,
                measured.memoryEstimate(rows: size).bytes(workers: measured.memoryWorkers) > budget.bytes
            {
                size -= 1
            }
            let count = (set.count + size - 1) / size
            for part in 0..<count {
                let members = set[(part * set.count / count)..<((part + 1) * set.count / count)]
                groups.append(BatchGroup(members: members.map(\.index), shares: set.count > 1))
            }
        }
        return groups.sorted { $0.members[0] < $1.members[0] }
    }

    /// Renders the group's plans out of `plans` on `threads` render threads, each told to its
    /// own `progress` reporter as a render of its own is, and returns their outcomes in the
    /// group's order. A row that fails — or that a warning stops, with `strict` — stops alone.
    func render(
        _ plans: [BatchPlan], threads: Int, skipExisting: Bool, progress: [JSONProgress?], strict: StrictMode?
    ) async -> [BatchPlan.Outcome] {
        guard shares else {
            return [
                await plans[members[0]].render(
                    threads: threads, skipExisting: skipExisting, progress: progress[members[0]],
                    strict: strict)
            ]
        }
        var outcomes: [Int: BatchPlan.Outcome] = [:]
        var rows: [(member: Int, export: VideoExport)] = []
        for member in members {
            let plan = plans[member]
            do throws(CommandError) {
                guard
                    let export = try plan.prepare(
                        threads: threads, skipExisting: skipExisting, progress: progress[member],
                        strict: strict)
                else {
                    outcomes[member] = plan.skipped
                    continue
                }
                rows.append((member, export))
            } catch {
                outcomes[member] = plan.outcome(
                    of: .failure(error), progress: progress[member], strict: strict)
            }
        }
        if !rows.isEmpty {
            let group = ExportGroup(
                rows.map(\.export), to: rows.map { plans[$0.member].destination }, opening: opening)
            for (row, (member, _)) in rows.enumerated() {
                strict?.stopOnWarning(about: plans[member].preset) { group.stop(row) }
            }
            let results = await group.run(
                progress: rows.map { row in { progress[row.member]?.encoded($0) } },
                rendered: rows.map { row in { progress[row.member]?.rendered(frame: $0) } })
            for ((member, _), result) in zip(rows, results) {
                let plan = plans[member]
                let ended: Result<VideoExport.Summary, CommandError>
                do throws(CommandError) {
                    ended = .success(try RenderJob.exporting(plan.output) { try result.get() })
                } catch {
                    ended = .failure(error)
                }
                outcomes[member] = plan.outcome(of: ended, progress: progress[member], strict: strict)
            }
        }
        return members.compactMap { outcomes[$0] }
    }
}
