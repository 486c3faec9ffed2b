import Flipbook
import Foundation

/// Submitting a farm's jobs with Slurm's own commands (`sbatch`, and `scancel` when only part
/// of the farm was accepted).
extension SlurmFarm {
    /// Submits the array of `tasks` (if any) and the join after it; returns their job ids.
    ///
    /// The two are one piece of work: an array whose join Slurm refused would render every
    /// chunk for nothing (and run on unseen), so it is cancelled, and the error says both what
    /// was refused and what was cancelled.
    /// - Throws: `CommandError` (exit 70) when sbatch refuses either job.
    func submit(tasks: [Int]) throws(CommandError) -> (render: String?, join: String) {
        var render: String?
        if !tasks.isEmpty {
            render = try Self.sbatch(
                sbatchOptions + [
                    "--array=\(Self.ranges(tasks))", work.appendingPathComponent("render.sh").path,
                ])
        }
        let dependency = render.map { ["--dependency=afterok:\($0)"] } ?? []
        do {
            let join = try Self.sbatch(
                sbatchOptions + dependency + [work.appendingPathComponent("join.sh").path])
            return (render, join)
        } catch {
            guard let render else { throw error }
            throw CommandError(
                code: .failure,
                message:
                    "submitted render array \(render), join refused: \(error.message); \(Self.cancel(render))"
            )
        }
    }

    /// Submits a job script with `arguments`; returns its job id.
    private static func sbatch(_ arguments: [String]) throws(CommandError) -> String {
        let result = try run("sbatch", ["--parsable"] + arguments)
        guard result.status == 0,
            let id = result.output.split(separator: ";").first?.trimmingCharacters(
                in: .whitespacesAndNewlines),
            !id.isEmpty
        else {
            throw CommandError(code: .failure, message: "sbatch failed (\(result.status)): \(result.errors)")
        }
        return id
    }

    /// Cancels the job `id`; says how that went, for the message of the failure that called for it.
    private static func cancel(_ id: String) -> String {
        do {
            let result = try run("scancel", [id])
            if result.status == 0 { return "cancelled \(id)" }
            return "could not cancel \(id) (scancel: \(result.errors)); cancel it with scancel \(id)"
        } catch {
            return "could not cancel \(id) (\(error.message)); cancel it with scancel \(id)"
        }
    }

    /// Runs the Slurm command `tool` (found on the `PATH`) to its end.
    /// - Returns: its exit status, standard output and standard error (trimmed).
    private static func run(_ tool: String, _ arguments: [String]) throws(CommandError) -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandError(code: .failure, message: "cannot run \(tool) (install slurm-wlm): \(error)")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text, problem.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
