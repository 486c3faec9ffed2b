import Flipbook
import Foundation

extension SlurmFarm {
    /// Plans one preset's job — its output, format, chunk renders and their stamps — checked
    /// as each chunk's render and the join will check it, before anything is submitted; and the
    /// arguments every chunk render and the join are given.
    struct JobPlanner {
        let list: ArgumentList
        let limits: RenderLimits
        /// The farm's output: the file, or with `several` renders the folder they go in.
        let outputPath: String
        let work: URL
        let several: Bool
        /// What every chunk render is given: the render options, not the farm's own.
        let passed: [String]
        /// `--allow-read` with absolute folders.
        let readable: [String]
        /// What the join is given: the sound's options, files absolute.
        let joinArguments: [String]
        /// Where warnings from reading the presets go (the farm has no progress to carry them).
        let warnings = WarningSink.standardError()

        init(list: ArgumentList, outputPath: String, work: URL, several: Bool) throws(CommandError) {
            (self.list, self.outputPath, self.work, self.several) = (list, outputPath, work, several)
            limits = try RenderCommand.limits(from: list)
            passed = list.flags(except: [
                \.output, \.chunks, \.partition, \.time, \.work, \.submit, \.variables, \.audio, \.audioCodec,
                \.audioBitrate, \.loudness, \.truePeak, \.noLimiter, \.quiet, \.dryRun, \.allowRead,
            ])
            // Folders and files as absolute paths: the cluster's jobs may start elsewhere.
            let options = OptionCatalog.declared
            readable = list[\.allowRead].flatMap { options.allowRead.arguments(SlurmFarm.absolute($0)) }
            joinArguments =
                list[\.audio].flatMap { options.audio.arguments(SlurmFarm.absolute($0)) } + readable
                + list.arguments(for: [\.audioCodec, \.audioBitrate, \.loudness, \.truePeak, \.noLimiter])
        }

        /// The job rendering `preset` (with `row` of a variables table) as `name`, and the files
        /// its render reads.
        func job(preset: String, row: VariablesTable.Row?, name: String) throws(CommandError) -> (
            Job, [String]
        ) {
            let options = OptionCatalog.declared
            let loaded = try RenderCommand.loadPreset(
                preset, list: list, limits: limits, extra: row?.overrides ?? [],
                warnings: warnings.about(BatchPlan.label(preset, row: row)))
            let (format, output) = try destination(name: name, preset: loaded)
            let export = try RenderCommand.makeExport(
                preset: loaded, format: format, list: list, limits: limits)
            try RenderJob.exporting(output) {
                try export.checkSettings(destination: URL(fileURLWithPath: output), still: false)
            }
            // Each chunk renders the whole frame: held to the budget as a render would be.
            try RenderCommand.checkMemory(export, file: loaded.file, list: list)
            let (frames, count) = (export.sampler.frameCount, list[\.chunks])
            guard count <= frames else {
                throw CommandError(
                    code: .invalidInput,
                    message: "\(preset): cannot split \(frames) frames into \(count) chunks")
            }
            let overrides =
                row?.values.flatMap { options.set.arguments("variables.\($0.name)=\($0.value)") } ?? []
            let absolutePreset = SlurmFarm.absolute(preset)
            var arguments = ["render", absolutePreset] + passed + readable + overrides
            if list[\.format] == nil, several { arguments += options.format.arguments(format.rawValue) }
            let renderList = try ArgumentList(arguments.dropFirst(2).map { $0 }, command: .render)
            let chunks = (0..<count).map { index -> (String, ChunkStamp) in
                let range = TimelineSampler.chunk(index, of: count, frames: frames)!
                let part = work.appendingPathComponent(name).appendingPathComponent(
                    format == .pngSequence ? "part-\(index)/" : "part-\(index).\(format.fileExtension)"
                ).path
                return (
                    part,
                    ChunkRequest.stamp(range: range, totalFrames: frames, preset: loaded, list: renderList)
                )
            }
            let job = Job(
                preset: absolutePreset, name: name, output: SlurmFarm.absolute(output), format: format,
                renderArguments: arguments, chunks: chunks)
            return (job, loaded.inputFiles)
        }

        /// The format and the joined file of the render named `name`: in the output folder with
        /// several renders, the farm's output with one; refused when it cannot be rendered in
        /// chunks or its name says no container the join could write.
        private func destination(name: String, preset: Preset) throws(CommandError) -> (OutputFormat, String)
        {
            let format: OutputFormat
            let output: String
            if several {
                format = list[\.format] ?? preset.output.format
                output =
                    URL(fileURLWithPath: outputPath).appendingPathComponent(
                        format.fileExtension.isEmpty ? name : "\(name).\(format.fileExtension)"
                    ).path
            } else {
                format = try OutputTarget.format(list, outputPath: outputPath)
                output = outputPath
            }
            guard format.rendersInChunks else {
                throw CommandError(
                    code: .invalidInput,
                    message:
                        "\(output): \(format) cannot be rendered in chunks; use MP4, MOV, WebM, MKV or a PNG sequence"
                )
            }
            guard format == .pngSequence || Container(path: output) != nil else {
                throw CommandError(
                    code: .invalidInput,
                    message:
                        "\(output): the join writes the chunks into the container its name says; name it "
                        + format.containers.flatMap(\.fileExtensions).map { ".\($0)" }.joined(separator: ", ")
                )
            }
            return (format, output)
        }
    }
}
