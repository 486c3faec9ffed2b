import Flipbook
import Foundation

/// `flipbook join CHUNK… -o OUT [--verify] [--audio FILE]…`: the chunks of a render
/// (`render --chunk I/N`) joined into one file by copying their packets, in the order of the
/// frames they hold (not of their names), after checking that they belong together; the sound —
/// the preset's `audio` and every `--audio` — is mixed and encoded here, once. Written
/// atomically; `--verify` decodes the result and checks every frame is there, in order.
struct JoinCommand {
    let arguments: [String]

    func run() async throws(CommandError) {
        let list = try ArgumentList(arguments, command: .join)
        if list[\.help] {
            StandardStreams.out(Help.join + "\n")
            return
        }
        guard !list.positionals.isEmpty else { throw .usage("join needs the chunk files to join") }
        let outputPath = try OutputTarget.path(
            list, missing: "join needs an output file: -o OUT",
            standardOutput: "join names its output's format by the file's name")
        let named = try OutputTarget.format(list, outputPath: outputPath)
        let start = Date()
        if named == .pngSequence {
            try SequenceJoinCommand.run(chunks: list.positionals, outputPath: outputPath, list: list)
            return
        }
        var chunks: [ChunkFile] = []
        for path in list.positionals {
            do {
                chunks.append(try ChunkFile(path: path))
            } catch {
                throw CommandError(
                    code: .invalidInput, message: "\(path): \((error as? MediaError)?.message ?? "\(error)")")
            }
        }
        let ordered: [ChunkFile]
        do {
            ordered = try ChunkJoiner.ordered(chunks)
        } catch {
            throw CommandError(code: .invalidInput, message: error.message)
        }
        let format = try Self.format(of: ordered[0], outputPath: outputPath)
        let container = Container(path: outputPath)
        let audio = try Self.audio(
            for: ordered[0], format: format, container: container, list: list, warnings: .standardError())
        try OutputTarget.refuseInputs(
            ordered.map(\.path) + (audio?.mix.tracks.map(\.file) ?? []), outputs: [outputPath])
        let quiet = list[\.quiet]
        for created in try OutputTarget.createFolders(for: outputPath) where !quiet {
            StatusLine.note("created the folder \(created)")
        }
        let interruption = Interruption()
        let trap = try SignalTrap(interruption)
        defer { withExtendedLifetime(trap) {} }
        interruption.attach { interruption.exitAtOnce() }
        let total = ordered[0].stamp.totalFrames
        let verifying = list[\.verify]
        _ = try RenderJob.exporting(outputPath) {
            let output = try AtomicOutput(destination: URL(fileURLWithPath: outputPath))
            // Verified before it takes the output's name: a join that fails the check, or is
            // interrupted during it, leaves nothing behind.
            try output.writeAndCommit {
                try ChunkJoiner.join(
                    ordered, format: format, container: container, audio: audio, to: output.temporary.path)
                if verifying { try Self.verify(output.temporary.path, frames: total, named: outputPath) }
            }
        }
        if !quiet {
            let bytes = FileStatus(path: outputPath)?.size ?? 0
            StandardStreams.err(
                "joined \(ordered.count) chunk\(ordered.count == 1 ? "" : "s") into \(outputPath.forTerminal): "
                    + "\(total) frames, \(SizeBudget.format(bytes)) in "
                    + "\(String(format: "%.2f", Date().timeIntervalSince(start))) s"
                    + (verifying ? ", verified" : "") + "\n")
        }
    }

    /// The chunks' format (by their codec), when the output's name is a container that carries
    /// it (H.264 chunks join into an .mp4 or an .mkv); refused otherwise.
    private static func format(of chunk: ChunkFile, outputPath: String) throws(CommandError) -> OutputFormat {
        let codec = chunk.fields.first { $0.name == "codec" }?.value ?? ""
        // libavcodec names these codecs as Flipbook names their formats.
        guard let format = OutputFormat(rawValue: codec), format.isTaggedVideo,
            let container = Container(path: outputPath), format.containers.contains(container)
        else {
            let names = OutputFormat(rawValue: codec)?.fileExtensions.map { ".\($0)" }.joined(
                separator: " or ")
            throw CommandError(
                code: .invalidInput,
                message:
                    "-o \(outputPath): the chunks hold \(codec) video, which this file cannot carry without re-encoding; name the output "
                    + (names.map { "with \($0)" } ?? "as the chunks are named"))
        }
        return format
    }

    /// The sound: the recorded preset's (when the preset is still there: its `audio`, and a
    /// composition's layer and clip sounds) and every `--audio`, over the whole video, its
    /// loudness measured when it has a target.
    private static func audio(
        for chunk: ChunkFile, format: OutputFormat, container: Container?, list: ArgumentList,
        warnings: WarningSink
    )
        throws(CommandError)
        -> AudioSettings?
    {
        var mix = AudioMix()
        if Self.mayHaveSound(chunk.stamp.preset) {
            let preset = try RenderCommand.loadPreset(
                chunk.stamp.preset, list: list, limits: RenderLimits(), warnings: warnings)
            mix = preset.audio ?? mix
        }
        let rate =
            chunk.fields.first { $0.name == "frame rate" }?.value.split(separator: "/").compactMap {
                Int64($0)
            } ?? []
        guard rate.count == 2, rate[0] > 0, rate[1] > 0 else {
            throw CommandError(
                code: .invalidInput,
                message: "\(chunk.path): its frame rate is unknown, so the sound's length is too")
        }
        let seconds = Double(chunk.stamp.totalFrames) * Double(rate[1]) / Double(rate[0])
        mix = try AudioFlags.adding(list, to: mix, seconds: seconds)
        guard !mix.isEmpty else { return nil }
        let options = OutputFlags.apply(list, to: EncodingOptions(format: format))
        guard let codec = options.audioCodec ?? AudioCodec.default(for: format, in: container),
            codec.fits(format, in: container)
        else {
            throw CommandError(
                code: .invalidInput, message: "--audio-codec: \(format) files cannot carry that sound")
        }
        let samples = Int(
            Int64(chunk.stamp.totalFrames) * Int64(AudioMix.sampleRate) * rate[1] / rate[0])
        do {
            mix = try mix.normalized(
                totalFrames: samples, codec: codec,
                bitrate: options.audioBitrate ?? AudioCodec.defaultBitrate,
                codecs: FFmpegAudio())
        } catch {
            throw CommandError(code: .failure, message: "cannot measure the sound's loudness: \(error)")
        }
        for warning in mix.normalization?.warnings ?? [] { warnings.report(.loudness, warning) }
        return AudioSettings(
            mix: mix, codec: codec, bitrate: options.audioBitrate ?? AudioCodec.defaultBitrate,
            totalFrames: samples)
    }

    /// Whether the preset at `path` exists and may have sound: an `audio` object, or `layers`
    /// (a composition's layers and video clips play their own). Read without decoding the
    /// preset, which for a composition means fonts and images, so that a silent scene preset
    /// costs nothing.
    private static func mayHaveSound(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONParser.parse(String(decoding: data, as: UTF8.self))
        else { return false }
        let preset = JSONField(value: root, file: path)
        return preset.has("audio") || preset.has("layers")
    }

    /// Decodes the joined file: every frame there, timestamps strictly increasing.
    /// Decodes the joined file at `path` and checks it has `frames` frames with increasing
    /// timestamps; errors call it `name`.
    private static func verify(_ path: String, frames: Int, named name: String) throws(CommandError) {
        do {
            var timestamps: [Int64] = []
            try VideoFileReader(path: path).forEachFrame { timestamps.append($0.timestamp) }
            guard timestamps.count == frames else {
                throw CommandError(
                    code: .failure,
                    message: "--verify: \(name) decodes to \(timestamps.count) frames, not \(frames)")
            }
            if let bad = timestamps.indices.dropFirst().first(where: { timestamps[$0] <= timestamps[$0 - 1] })
            {
                throw CommandError(
                    code: .failure, message: "--verify: \(name)'s timestamps do not increase at frame \(bad)")
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError(code: .failure, message: "--verify: cannot decode \(name): \(error)")
        }
    }
}
