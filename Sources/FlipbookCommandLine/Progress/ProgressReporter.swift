import Flipbook

/// What happened during a render, for whoever watches: a terminal bar, a JSON stream, or no one.
///
/// Methods are called from several threads (render workers, the encoder thread, the main task),
/// so reporters are `Sendable` and serialise their own output.
protocol ProgressReporter: Sendable {
    func started(_ start: RenderStart)
    func rendered(frame index: Int)
    func encoded(_ progress: ExportProgress)
    func finished(output: String, summary: VideoExport.Summary)
    /// A warning about the preset: a text cut off, a font substituted (`WarningSink`).
    func warning(_ warning: Warning)
    /// Something done on the user's behalf that they should know of (a folder created).
    func note(_ message: String)
    /// The audio stage starts: what it mixes and how it encodes (by default, as a note).
    func audio(_ stage: AudioStage)
    func failed(_ message: String, exitCode: ExitCode)
}

extension ProgressReporter {
    func audio(_ stage: AudioStage) {
        note(stage.description)
    }
}

/// The facts announced when a render starts.
struct RenderStart {
    var input: String
    var output: String
    var frames: Int
    /// The output's size in pixels (the canvas times `scale`, padded to even sides for 4:2:0).
    var width: Int
    var height: Int
    /// Pixels per point.
    var scale: Double
    var frameRate: String
    var durationSeconds: Double

    /// What `export` will make of the preset at `input`, written to `output`.
    init(_ export: VideoExport, input: String, output: String) {
        let pixels = export.pixelSize
        (self.input, self.output, frames) = (input, output, export.sampler.frameCount)
        (width, height, scale) = (pixels.width, pixels.height, export.scale)
        (frameRate, durationSeconds) = (export.sampler.frameRate.description, export.sampler.durationSeconds)
    }
}

/// No running progress (`--progress none`, or stderr is not a terminal): only warnings and the
/// final summary line on stderr, and not even those with `--quiet`.
struct PlainProgress: ProgressReporter {
    let quiet: Bool

    func started(_ start: RenderStart) {}
    func rendered(frame index: Int) {}
    func encoded(_ progress: ExportProgress) {}

    func finished(output: String, summary: VideoExport.Summary) {
        if !quiet { StatusLine.summary(output: output, summary: summary) }
    }

    func warning(_ warning: Warning) {
        if !quiet { StatusLine.warning(warning) }
    }

    func note(_ message: String) {
        if !quiet { StatusLine.note(message) }
    }

    func failed(_ message: String, exitCode: ExitCode) {}
}
