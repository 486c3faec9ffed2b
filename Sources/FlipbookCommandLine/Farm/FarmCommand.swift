import Flipbook
import Foundation

/// `flipbook farm slurm PRESET… -o OUT --chunks N [--partition P] [--time T] [--work DIR]
/// [--submit] [render options]`: a render split into chunks on a Slurm cluster. Writes a
/// job-array script (task k renders chunk k of its preset) and a join script into the work
/// folder, which every node must see; with `--submit`, submits them with `sbatch`, the join
/// depending on the array (`afterok`), and prints both job ids. Submitting again renders only
/// the chunks that are missing or invalid. The scheduling is Slurm's; Flipbook only writes the
/// jobs (`SlurmFarm`).
struct FarmCommand {
    let arguments: [String]

    func run() async throws(CommandError) {
        var rest = arguments
        if rest.isEmpty || OptionCatalog.declared.help.declaration.isSpelled(rest.first) {
            StandardStreams.out(Help.farm + "\n")
            if rest.isEmpty {
                throw .usage("farm needs a scheduler: flipbook farm slurm PRESET… -o OUT --chunks N")
            }
            return
        }
        let scheduler = rest.removeFirst()
        guard scheduler == "slurm" else {
            throw .usage(
                "unknown scheduler \"\(scheduler)\"; farm knows slurm (flipbook farm slurm PRESET… -o OUT --chunks N)"
            )
        }
        let list = try ArgumentList(rest, command: .farm)
        if list[\.help] {
            StandardStreams.out(Help.farm + "\n")
            return
        }
        guard !list.positionals.isEmpty else { throw .usage("farm slurm needs at least one preset file") }
        guard !list.positionals.contains(PresetFile.standardInput.path) else {
            throw .usage(
                "farm slurm needs preset files that the cluster's nodes can read, not - (standard input)")
        }
        let outputPath = try OutputTarget.path(
            list, missing: "farm needs an output: -o OUT (a folder for several presets)",
            standardOutput: "the farm's join writes a file on the cluster")
        let table = try list[\.variables].map { (path) throws(CommandError) in
            try VariablesTable(path: path)
        }
        let farm = try SlurmFarm(presets: list.positionals, outputPath: outputPath, list: list, table: table)
        let quiet = list[\.quiet]
        if list[\.dryRun] || FlipbookTool.checking {
            // Every check, nothing written: the sbatch lines a real run would print.
            try farm.checkWorkFolder()
            StandardStreams.out(farm.commands(tasks: farm.missingTasks()).joined(separator: "\n") + "\n")
            return
        }
        try farm.writeScripts()
        let missing = farm.missingTasks()
        if list[\.submit] {
            let (render, join) = try farm.submit(tasks: missing)
            if let render { StandardStreams.out("render \(render) \(missing.count) task(s)\n") }
            StandardStreams.out("join \(join)\n")
            if !quiet {
                StandardStreams.err(
                    "flipbook: watch with: squeue -j \(([render, join].compactMap { $0 }).joined(separator: ",")); logs in \(farm.work.path)/logs\n"
                )
            }
        } else {
            StandardStreams.out(farm.commands(tasks: missing).joined(separator: "\n") + "\n")
            if !quiet {
                StandardStreams.err(
                    "flipbook: scripts written to \(farm.work.path); add --submit to submit them\n")
            }
        }
    }
}
