import FlipbookFFmpeg
import FlipbookTimeline
import Foundation

/// The tries of a render within a size budget (`VideoExport.run(to:within:)`): each a whole
/// render of `export`, changed, into `file` (the budgeted output's temporary), whose size it
/// returns. The try that fits best is kept aside, so that a later one may be larger.
struct BudgetTries: Sendable {
    let export: VideoExport
    /// Where each try is written, and the one kept ends up.
    let file: URL
    let note: @Sendable (String) -> Void
    let progress: @Sendable (ExportProgress) -> Void

    /// Times a second pass is run again at a corrected bitrate, at most.
    static let correctionPasses = 5
    /// The share of the budget a rate-controlled encode aims at: the middle of the range.
    static let aim = 0.95
    /// The fewest bits per pixel of each frame a video may get: below this, H.264 turns moving
    /// graphics into blocks (0.004 is 250 kb/s at 1080p and 30 fps).
    static let fewestBitsPerPixel = 0.004

    /// Renders `attempt` into `file`; its summary, with the file's size.
    func render(_ attempt: VideoExport, _ description: String) async throws -> VideoExport.Summary {
        var summary = try await attempt.run(
            to: file, takingName: false, progress: progress, rendered: { _ in })
        summary.bytes = VideoExport.size(of: file)
        note("\(description): \(SizeBudget.format(summary.bytes))")
        return summary
    }

    // MARK: Rate control

    /// H.264, HEVC, VP9, AV1: two passes at the bitrate the budget leaves the pictures.
    func rateControlled(_ budget: SizeBudget) async throws -> VideoExport.Summary {
        let seconds = export.sampler.durationSeconds
        let first = try firstBitrate(budget)
        var bitrate = first.bitrate
        let needed = first.needed
        let statistics = FileManager.default.temporaryDirectory
            .appendingPathComponent("flipbook-pass-\(UUID().uuidString).log").path
        defer { Self.removeStatistics(statistics) }
        var attempt = export
        attempt.output.crf = nil
        attempt.output.bitrate = Int(bitrate)
        // libaom cannot look at a whole video first in its real-time mode: there, the passes
        // are one-pass encodes, each corrected by the last.
        let twoPass =
            export.output.format != .av1
            || CodecOptions.av1Speed(export.output.preset ?? VideoEncoderSettings.defaultPreset).usage
                == "good"
        if twoPass {
            var first = attempt
            (first.encoderPass, first.audio) = (.first(statistics: statistics), nil)
            _ = try await render(first, "pass 1 of 2 at \(Self.rate(bitrate))")
            attempt.encoderPass = .second(statistics: statistics)
        }
        var summary = try await render(attempt, "pass 2 at \(Self.rate(bitrate))")
        // The tries so far that came out under the range and over it, nearest first.
        var (under, over): ((rate: Double, bytes: Double)?, (rate: Double, bytes: Double)?) = (nil, nil)
        let fixed = soundBytes(seconds) + containerBytes(seconds)
        let aim = Double(budget.bytes) * Self.aim
        for _ in 0..<Self.correctionPasses where !budget.fitting.contains(summary.bytes) {
            let bytes = Double(summary.bytes)
            if summary.bytes > budget.bytes {
                over = (bitrate, bytes)
            } else {
                // An encoder that spent no more at a higher bitrate (a still picture at its best
                // quality) has nothing more to spend it on.
                if let under, under.rate < bitrate, bytes <= under.bytes * 1.02 { break }
                under = (bitrate, bytes)
            }
            if let under, let over {
                // Between a try under and one over: where the line through them (log size
                // against log bitrate) meets the aim.
                let slope = (log(over.bytes) - log(under.bytes)) / (log(over.rate) - log(under.rate))
                bitrate = exp(log(under.rate) + (log(aim) - log(under.bytes)) / max(slope, 0.05))
            } else {
                // Scaled by how far off the pictures' bytes were (the sound's and the
                // container's do not scale).
                bitrate *= max(aim - fixed, aim * 0.05) / max(bytes - fixed, bytes * 0.05)
            }
            let highest = Double(EncodingOptions.bitrateRange.upperBound)
            if bitrate >= highest, under?.rate == highest { break }
            bitrate = min(bitrate, highest)
            // (The floor is for plainly too small budgets; a correction may go a little under.)
            guard bitrate >= needed / 2 else { throw tooSmall(budget, bitrate: bitrate, needed: needed) }
            attempt.output.bitrate = Int(bitrate)
            summary = try await render(attempt, "pass 2 again at \(Self.rate(bitrate))")
        }
        if summary.bytes > budget.bytes {
            throw ExportError.invalidSettings(
                MediaError(
                    operation: "fit the video in \(budget)",
                    message:
                        "the encoder made \(SizeBudget.format(summary.bytes)) at the lowest bitrate it reached; \(fitting(bitrate: bitrate, needed: needed * 2))"
                ))
        }
        if summary.bytes < budget.fitting.lowerBound {
            note(
                "the video needs only \(SizeBudget.format(summary.bytes)) (\(Int(Double(summary.bytes) / Double(budget.bytes) * 100)) % of the budget): the encoder could not spend more on it"
            )
        }
        return summary
    }

    /// The pictures' bitrate the budget leaves once the sound and the container are taken out,
    /// aiming at `aim`, and the fewest bits a second they need at this size and rate.
    /// - Throws: when the budget plainly cannot give them that (`tooSmall`), before any render.
    func firstBitrate(_ budget: SizeBudget) throws -> (bitrate: Double, needed: Double) {
        let seconds = export.sampler.durationSeconds
        let pixels = export.pixelSize
        let perSecond = export.sampler.frameRate.framesPerSecond
        let available = Double(budget.bytes) * Self.aim - soundBytes(seconds) - containerBytes(seconds)
        let bitrate = available * 8 / seconds
        let needed = Self.fewestBitsPerPixel * Double(pixels.width * pixels.height) * perSecond
        guard bitrate >= needed else { throw tooSmall(budget, bitrate: bitrate, needed: needed) }
        return (bitrate, needed)
    }

    /// The sound's bytes: its bitrate for the video's length (PCM: 48 kHz stereo, 16 bits).
    private func soundBytes(_ seconds: Double) -> Double {
        guard let audio = export.encoderSettings.audio else { return 0 }
        let bitrate = audio.codec == .pcm ? 48_000 * 2 * 16 : Double(audio.bitrate)
        return bitrate / 8 * seconds
    }

    /// What the container adds: its header and index, about 12 bytes a frame, and the sound's
    /// packets' entries (47 a second of AAC).
    private func containerBytes(_ seconds: Double) -> Double {
        1024 + 12 * Double(export.sampler.frameCount)
            + (export.encoderSettings.audio == nil ? 0 : 12 * 47 * seconds)
    }

    /// The budget cannot give the pictures `needed` bits a second: what would fit instead.
    private func tooSmall(_ budget: SizeBudget, bitrate: Double, needed: Double) -> ExportError {
        let sound = soundBytes(export.sampler.durationSeconds)
        let reason =
            bitrate <= 0
            ? "the sound alone takes \(SizeBudget.format(Int(sound)))"
            : "it leaves the pictures \(Self.rate(bitrate)), under the \(Self.rate(needed)) this size and frame rate need"
        return .invalidSettings(
            MediaError(
                operation: "fit the video in \(budget)",
                message: "\(reason); \(fitting(bitrate: bitrate, needed: needed))"))
    }

    /// What would fit `bitrate` where `needed` is needed: a smaller scale, or a lower frame rate.
    private func fitting(bitrate: Double, needed: Double) -> String {
        guard bitrate > 0 else {
            return "a larger budget, a lower audio bitrate or a shorter video would fit"
        }
        // A little under the edge, so that what is suggested fits when tried.
        let share = bitrate / needed * 0.95
        let scale = export.scale * share.squareRoot()
        let pixels = export.pixelSize
        let (width, height) = (
            Int(Double(pixels.width) * share.squareRoot()), Int(Double(pixels.height) * share.squareRoot())
        )
        let rate = export.sampler.frameRate.framesPerSecond * share
        var options = ["a scale of \(String(format: "%.2f", scale)) (\(width)×\(height))"]
        if rate >= 10 { options.append("\(Int(rate.rounded(.down))) fps") }
        return "would fit: " + options.joined(separator: " or ")
    }

    /// Bits a second in kb/s or Mb/s.
    static func rate(_ bits: Double) -> String {
        bits >= 1e6 ? String(format: "%.2f Mb/s", bits / 1e6) : String(format: "%.0f kb/s", bits / 1e3)
    }

    /// Removes the statistics files of a two-pass encode (x264 adds `.mbtree` and `.temp`).
    private static func removeStatistics(_ path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where file.hasPrefix(name) {
            try? FileManager.default.removeItem(atPath: folder + "/" + file)
        }
    }
}
