import Flipbook
import Foundation

/// The jobs of a render farmed out to Slurm: for every preset its chunks (`--chunk k/N`) as
/// tasks of one job array, and one join job after them. The work folder holds the scripts
/// (`render.sh`, `join.sh`), the chunks (`NAME/part-K.EXT`) and the logs (`logs/`).
struct SlurmFarm {
    /// One preset of the farm: its chunks and its final output.
    struct Job {
        var preset: String
        var name: String
        var output: String
        var format: OutputFormat
        /// The render arguments of each chunk (without the chunk), and the stamp each must bear.
        var renderArguments: [String]
        var chunks: [(part: String, stamp: ChunkStamp)]
    }

    let work: URL
    let jobs: [Job]
    let chunkCount: Int
    private let partition: String?
    private let time: String?
    private let joinArguments: [String]
    private let executable: String

    /// The farm of `presets`, each rendered once — or once per row of `table`, as `batch
    /// --variables` renders them (`NAME-ROW.EXT` in the output folder).
    init(presets: [String], outputPath: String, list: ArgumentList, table: VariablesTable? = nil)
        throws(CommandError)
    {
        chunkCount = list[\.chunks]
        partition = list[\.partition]
        time = list[\.time]
        executable = Self.executablePath()
        work = try Self.workFolder(list[\.work] ?? Self.trimmed(outputPath) + ".farm")
        let planner = try JobPlanner(
            list: list, outputPath: outputPath, work: work, several: presets.count > 1 || table != nil)
        joinArguments = planner.joinArguments
        var jobs: [Job] = []
        var names: Set<String> = []
        // Every file any render reads, which no output of the farm may be.
        var inputs =
            (table.map { [(path: $0.path, reader: "the farm")] } ?? [])
            + list[\.audio].map { (path: $0, reader: "the farm") }
        for (preset, row) in try Self.renders(of: presets, table: table, list: list, limits: planner.limits) {
            let base = URL(fileURLWithPath: preset).deletingPathExtension().lastPathComponent
            let name = row?.outputName(base) ?? base
            guard names.insert(name).inserted else {
                throw CommandError(
                    code: .invalidInput, message: "two presets are named \(name): their outputs would collide"
                )
            }
            let (job, read) = try planner.job(preset: preset, row: row, name: name)
            jobs.append(job)
            inputs += read.map { (path: $0, reader: BatchPlan.label(preset, row: row)) }
        }
        self.jobs = jobs
        try OutputTarget.refuseInputs(inputs, outputs: jobs.flatMap { [$0.output] + $0.chunks.map(\.part) })
    }

    /// The work folder at `path`, absolute, refused where Slurm could not name its logs: a line
    /// break would end the script's `#SBATCH --output` line, and bash's quoting cannot carry one
    /// there; a backslash in a log name tells Slurm to replace nothing in it, so every task's
    /// log would go to one file named with a literal `%a`.
    private static func workFolder(_ path: String) throws(CommandError) -> URL {
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        guard !folder.path.contains(where: \.isNewline) else {
            throw CommandError(
                code: .invalidInput, message: "cannot farm into a folder whose path has a line break")
        }
        guard !folder.path.contains("\\") else {
            throw CommandError(
                code: .invalidInput,
                message: "cannot farm into a folder whose path has a backslash: Slurm would write every "
                    + "task's log to one file; use --work to name another folder")
        }
        return folder
    }

    /// Each preset, or each preset with each row of `table` that it takes (the columns it has
    /// or shows; a column no preset has is refused as misspelt, as `batch` refuses it).
    private static func renders(
        of presets: [String], table: VariablesTable?, list: ArgumentList, limits: RenderLimits
    ) throws(CommandError) -> [(String, VariablesTable.Row?)] {
        guard let table else { return presets.map { ($0, nil) } }
        var known: [Set<String>] = []
        for preset in presets {
            guard
                let composition = try RenderCommand.loadPreset(
                    preset, list: list, limits: limits, warnings: .discarding()
                ).scene
                    as? Composition
            else {
                throw CommandError(
                    code: .invalidInput,
                    message:
                        "\(preset): --variables sets a composition's variables, and this is a scene preset")
            }
            known.append(composition.variableNames)
        }
        try table.refuseColumns(unknownTo: known)
        return zip(presets, known).flatMap { preset, names in
            table.rows.map { (preset, $0.keeping(where: names.contains)) }
        }
    }

    /// The array tasks (preset × chunk, in order) whose chunk is missing or is not what this
    /// farm would render (another range or content, truncated).
    func missingTasks() -> [Int] {
        var tasks: [Int] = []
        for (jobIndex, job) in jobs.enumerated() {
            for (chunkIndex, chunk) in job.chunks.enumerated() {
                let found =
                    job.format == .pngSequence
                    ? (try? SequenceJoin.chunk(in: chunk.part))?.0 : try? ChunkFile(path: chunk.part)
                let valid =
                    found.map {
                        $0.stamp.content == chunk.stamp.content && $0.stamp.range == chunk.stamp.range
                            && $0.frames == chunk.stamp.range.count
                    } ?? false
                if !valid { tasks.append(jobIndex * chunkCount + chunkIndex) }
            }
        }
        return tasks
    }

    /// The file that marks a work folder as a farm's: only such a folder (or a new or empty
    /// one) gets scripts written into it, so `--work ~/` cannot overwrite a `render.sh` of yours.
    static let marker = ".flipbook-farm"

    /// Refuses (exit 73) a work folder that holds files and is not a farm's.
    func checkWorkFolder() throws(CommandError) {
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []
        guard contents.isEmpty || contents.contains(Self.marker) else {
            throw CommandError(
                code: .outputNotWritable,
                message:
                    "\(work.path) holds files and is not a farm's work folder (no \(Self.marker)); choose another --work"
            )
        }
    }

    /// Writes `render.sh` and `join.sh` (and the folders) into the work folder.
    func writeScripts() throws(CommandError) {
        try checkWorkFolder()
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try Data().write(to: work.appendingPathComponent(Self.marker))
            for job in jobs {
                try FileManager.default.createDirectory(
                    at: work.appendingPathComponent(job.name), withIntermediateDirectories: true)
            }
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent("logs"), withIntermediateDirectories: true)
            try write(renderScript, to: "render.sh")
            try write(joinScript, to: "join.sh")
        } catch {
            throw CommandError(
                code: .outputNotWritable,
                message: "cannot write the farm's scripts into \(work.path): \(error)")
        }
    }

    private func write(_ text: String, to name: String) throws {
        let path = work.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
    }

    /// Task k renders chunk k mod N of preset k div N.
    private var renderScript: String {
        let options = OptionCatalog.declared
        var lines = [
            "#!/bin/bash",
            "# Written by flipbook farm slurm: task k renders chunk k mod \(chunkCount) of preset k div \(chunkCount).",
            "#SBATCH --job-name=flipbook-render",
            "#SBATCH --output=\(Self.directiveQuoted(Self.literalPattern(work.path) + "/logs/render-%a.log"))",
            "set -euo pipefail",
            "case \"$SLURM_ARRAY_TASK_ID\" in",
        ]
        for (jobIndex, job) in jobs.enumerated() {
            for (chunkIndex, chunk) in job.chunks.enumerated() {
                let command =
                    [executable] + job.renderArguments + options.output.arguments(chunk.part)
                    + options.chunk.arguments("\(chunkIndex)/\(chunkCount)") + options.quiet.arguments()
                lines.append(
                    "  \(jobIndex * chunkCount + chunkIndex)) exec \(command.map(Self.quoted).joined(separator: " ")) ;;"
                )
            }
        }
        lines += ["  *) echo \"no task $SLURM_ARRAY_TASK_ID\" >&2; exit 2 ;;", "esac", ""]
        return lines.joined(separator: "\n")
    }

    /// Joins every preset's chunks, verified, with the sound — after checking again, on the cluster,
    /// that the output is none of the files the preset reads.
    private var joinScript: String {
        let options = OptionCatalog.declared
        var lines = [
            "#!/bin/bash",
            "# Written by flipbook farm slurm: joins the chunks once every render task succeeded.",
            "#SBATCH --job-name=flipbook-join",
            "#SBATCH --output=\(Self.directiveQuoted(Self.literalPattern(work.path) + "/logs/join.log"))",
            "set -euo pipefail",
        ]
        for job in jobs {
            // The inputs are checked again on the cluster, where they may have changed since.
            let check =
                [executable] + job.renderArguments + options.output.arguments(job.output)
                + options.dryRun.arguments() + options.quiet.arguments()
            let command =
                [executable, Subcommand.join.rawValue] + job.chunks.map(\.part)
                + options.output.arguments(job.output) + options.verify.arguments() + joinArguments
            lines += [check, command].map { $0.map(Self.quoted).joined(separator: " ") }
        }
        return (lines + [""]).joined(separator: "\n")
    }

    /// The `sbatch` command lines that submit `tasks` and the join.
    func commands(tasks: [Int]) -> [String] {
        func line(_ parts: [String]) -> String { (["sbatch", "--parsable"] + parts).joined(separator: " ") }
        let options = sbatchOptions.map(Self.quoted)
        let join = Self.quoted(work.appendingPathComponent("join.sh").path)
        guard !tasks.isEmpty else { return [line(options + [join])] }
        let render = Self.quoted(work.appendingPathComponent("render.sh").path)
        return [
            line(options + ["--array=\(Self.ranges(tasks))", render]),
            line(options + ["--dependency=afterok:JOBID", join]),
        ]
    }

    var sbatchOptions: [String] {
        (partition.map { ["--partition=\($0)"] } ?? []) + (time.map { ["--time=\($0)"] } ?? [])
    }

    /// `0-3,5,7-8`: Slurm's array syntax for `tasks`.
    static func ranges(_ tasks: [Int]) -> String {
        var parts: [String] = []
        var start = tasks.first ?? 0
        var previous = start
        for task in tasks.dropFirst() + [Int.min] {
            if task == previous + 1 {
                previous = task
                continue
            }
            parts.append(start == previous ? "\(start)" : "\(start)-\(previous)")
            (start, previous) = (task, task)
        }
        return parts.joined(separator: ",")
    }

    /// `text` quoted for bash when it needs to be.
    static func quoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,%+@".contains($0) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `text` as one argument of an `#SBATCH` line, which sbatch splits at spaces: in double
    /// quotes, with `"` and `\\` escaped by a backslash, as sbatch reads them.
    static func directiveQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    /// `path` as a Slurm file name pattern that means just itself: `%` starts a replacement
    /// there (`%a` the task), so a literal one is `%%`.
    static func literalPattern(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%%")
    }

    /// `path` without a trailing `/`.
    static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path + (path.hasSuffix("/") ? "/" : "")
    }

    /// This executable's absolute path, for the job scripts.
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }
}
