import FlipbookFFmpeg
import Foundation

/// Exports of one timeline rendered together, in one render stage: the rows of a batch that
/// differ only in their variables. Frame k of every export is drawn before frame k + 1 of any
/// (`RenderStage`), so what does not depend on the row — a background, a logo, a confetti
/// layer, whole frames before the headline comes in — is drawn once and reused by the others
/// through the frame and layer caches they share, while each export keeps its own encoder and
/// writes its own file, atomically. Pixels are a pure function of the drawing, and each
/// encoder sees the frames it would see alone, so every file is byte for byte the one its
/// export writes by itself (`VideoExport.run(to:)`).
///
/// One group renders once. The first export's render settings (threads, cache budgets) are
/// the group's; `canRender(_:with:)` says which exports may join it.
package final class ExportGroup: Sendable {
    package let exports: [VideoExport]
    package let destinations: [URL]
    /// The opening the exports copy what they draw alike from, with rows of other groups.
    package let opening: SharedOpening
    private let stage: RenderStage

    /// A group writing `exports[i]` to `destinations[i]`; every export must render with the
    /// first (`canRender(_:with:)`). The frames they — and the rows of other groups given the
    /// same `opening` — draw alike at their start are encoded once.
    package init(_ exports: [VideoExport], to destinations: [URL], opening: SharedOpening = SharedOpening()) {
        precondition(!exports.isEmpty && exports.count == destinations.count)
        precondition(exports.dropFirst().allSatisfy { Self.canRender($0, with: exports[0]) })
        (self.exports, self.destinations, self.opening) = (exports, destinations, opening)
        stage = exports[0].makeStage(
            input: exports[0].encoderSettings.frameInput, together: Array(exports.dropFirst()))
    }

    /// Whether `other` can render in the same stage as `export`: both cache (sharing is the
    /// caches'), draw the same frames of the same timeline at the same pixel size over the
    /// same background with the same motion blur, hand their encoders frames in the same form,
    /// and write one file each in one pass (image sequences and the passes of a size budget
    /// render alone).
    package static func canRender(_ other: VideoExport, with export: VideoExport) -> Bool {
        guard export.caching, other.caching, export.encoderPass == nil, other.encoderPass == nil,
            !export.output.format.isStill, !other.output.format.isStill,
            export.output.format != .pngSequence, other.output.format != .pngSequence
        else { return false }
        return export.sampler == other.sampler && export.pixelSize == other.pixelSize
            && export.background.premultiplied == other.background.premultiplied
            && export.motionBlur == other.motionBlur
            && export.encoderSettings.frameInput == other.encoderSettings.frameInput
    }

    /// Renders every export into its destination, each telling its own `progress[i]` and
    /// `rendered[i]` as `VideoExport.run(to:progress:rendered:)` does, and returns how each
    /// went: its summary, or the error that stopped it (`ExportError`, or `CancellationError`
    /// when the task was cancelled or the export `stop`ped). One export failing stops only
    /// itself; a failed export leaves no file behind and the old one in place.
    package func run(
        progress: [@Sendable (ExportProgress) -> Void], rendered: [@Sendable (Int) -> Void]
    ) async -> [Result<VideoExport.Summary, any Error>] {
        let start = Date()
        var outputs: [Result<AtomicOutput, any Error>] = []
        for (export, destination) in zip(exports, destinations) {
            outputs.append(
                Result {
                    _ = try export.validatedSettings(destination: destination)
                    export.warnings.receiving { export.warnIfUnreproducible(at: export.sampler.frame(0)) }
                    return try AtomicOutput(destination: destination)
                })
        }
        let ready = outputs.indices.filter { (try? outputs[$0].get()) != nil }
        let sounds = sharedSounds(for: ready)
        let shares = Dictionary(
            uniqueKeysWithValues: zip(ready, opening.shares(for: ready.map { exports[$0] })))
        let stageOutputs = outputs.indices.map { index in
            switch outputs[index] {
            case .success(let output):
                return exports[index].stageOutput(
                    temporary: output.temporary, target: output.destination, sound: sounds[index],
                    opening: shares[index] ?? nil, progress: progress[index], rendered: rendered[index])
            case .failure(let error):
                // Its row stops before its first frame, with this error, and the others go on.
                return RenderStage.Output(makeSink: { throw error })
            }
        }
        let results = await stage.run(stageOutputs)
        return results.indices.map { index in
            let (export, result) = (exports[index], results[index])
            let output: AtomicOutput
            switch outputs[index] {
            case .success(let made): output = made
            case .failure(let error): return .failure(error)
            }
            do {
                try result.get()
                try output.commit()
            } catch {
                output.discard()
                return .failure(
                    ExportError.mapping(error, temporary: output.temporary, destination: output.destination))
            }
            var summary = export.summary(
                of: stage.rows[index], stage: stage, bytes: VideoExport.size(of: output.destination),
                since: start)
            summary.framesShared = shares[index]??.frames ?? 0
            return .success(summary)
        }
    }

    /// The sound of each of the exports `rows` that have one, mixed and encoded once for all
    /// the rows whose sound and container are the same (in a batch's rows: all of them). A
    /// sound that cannot be opened here is left to each row, whose encoder then says why.
    private func sharedSounds(for rows: [Int]) -> [Int: EncodedSound] {
        var sounds: [Int: EncodedSound] = [:]
        var remaining = rows
        while let first = remaining.first {
            let settings = exports[first].encoderSettings
            let same = remaining.filter {
                let other = exports[$0].encoderSettings
                return other.audio == settings.audio && other.format == settings.format
                    && other.container == settings.container
            }
            remaining.removeAll { same.contains($0) }
            guard let sound = try? EncodedSound(of: settings, readers: same.count) else { continue }
            for row in same { sounds[row] = sound }
        }
        return sounds
    }

    /// Stops export `index` (a warning with `--strict` about it) while the others go on: it
    /// ends with `CancellationError`, its file unwritten.
    package func stop(_ index: Int) {
        stage.cancel(row: index)
    }
}
