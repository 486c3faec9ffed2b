import Flipbook
import FlipbookFFmpeg
import FlipbookPipeline
import Foundation

/// One preset of a `flipbook test` run: read, with its golden frames, ready to render them as
/// `flipbook still` does — or the error that kept it from being read, which the run reports
/// in its place.
struct PresetRun {
    /// The frame's name a preset that cannot be read is reported under.
    static let loading = "loading"

    let path: String
    /// The still export the frames are rendered by; `nil` when the preset could not be read.
    let export: VideoExport?
    let frames: [Preset.GoldenFrame]
    /// Every file the preset reads, which nothing the run writes may be.
    let inputs: [String]
    let error: CommandError?

    /// Reads the preset at `path` with the command line's `--set`, `--size`, `--scale`, limits
    /// and readable folders.
    init(path: String, list: ArgumentList, limits: RenderLimits) throws(CommandError) {
        let preset = try RenderCommand.loadPreset(path, list: list, limits: limits, warnings: .discarding())
        export = try RenderCommand.makeExport(preset: preset, format: .png, list: list, limits: limits)
        (self.path, frames, inputs, error) = (path, preset.goldenFrames, preset.inputFiles, nil)
    }

    /// A preset that could not be read, for `error`.
    init(path: String, error: CommandError) {
        (self.path, export, frames, inputs, self.error) = (path, nil, [], [], error)
    }

    /// The reference pictures of its frames.
    var references: [String] { frames.map(reference) }

    /// Where `frame`'s reference lies: `golden/NAME/FRAME.png` in the preset's folder, NAME the
    /// preset's file name without `.json`.
    func reference(for frame: Preset.GoldenFrame) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return (folder.isEmpty ? "" : folder + "/") + "golden/\(name)/\(frame.name).png"
    }

    /// Renders each frame and compares it with its reference (or, with `update`, records it
    /// there): a check per frame, with the frame's pixels when it was rendered.
    /// - Throws: when a reference cannot be written (exit 73), which ends the run.
    func checks(update: Bool, tolerance: Double) throws(CommandError) -> [(GoldenCheck, Pixmap?)] {
        guard let export else {
            let message = error?.fullMessage ?? "could not be read"
            return [
                (
                    GoldenCheck(
                        preset: path, frame: Self.loading, reference: "",
                        outcome: .failed(message)),
                    nil
                )
            ]
        }
        var checks: [(GoldenCheck, Pixmap?)] = []
        for frame in frames {
            let reference = reference(for: frame)
            let url = URL(fileURLWithPath: reference)
            var check = GoldenCheck(
                preset: path, frame: frame.name, reference: reference,
                outcome: .recorded)
            if update {
                try GoldenOutputs.createFolder(of: reference)
                _ = try RenderJob.exporting(reference) { try export.renderStill(at: frame.seconds, to: url) }
                checks.append((check, nil))
                continue
            }
            let pixmap: Pixmap
            do {
                pixmap = try RenderJob.exporting(reference) {
                    try export.stillFrame(at: frame.seconds, for: url).0
                }
            } catch {
                check.outcome = .failed("cannot render: \(error.fullMessage)")
                checks.append((check, nil))
                continue
            }
            check.outcome = Self.compare(pixmap, with: reference, tolerance: tolerance)
            checks.append((check, pixmap))
        }
        return checks
    }

    /// What comparing `pixmap` with the picture at `reference` finds.
    private static func compare(_ pixmap: Pixmap, with reference: String, tolerance: Double)
        -> GoldenCheck.Outcome
    {
        guard FileManager.default.fileExists(atPath: reference) else { return .missing }
        let recorded: Pixmap
        do {
            recorded = try PNGFile.read(reference)
        } catch {
            return .failed("cannot read \(reference): \(error)")
        }
        guard let comparison = GoldenComparison(reference: recorded, candidate: pixmap, tolerance: tolerance)
        else {
            return .resized(
                reference: (recorded.width, recorded.height), frame: (pixmap.width, pixmap.height))
        }
        return comparison.matches ? .matches(comparison) : .differs(comparison)
    }
}
