import Flipbook
import Foundation

/// `flipbook inspect PRESET [--time T] [--size WxH] [--scale F] [--json]`: each layer at one time
/// as it is drawn — its box in output pixels (after layout and every transform), whether it
/// shows, its text's lines and the font of each stretch — and the preset's warnings, as
/// `validate` finds them. For people checking a layout, for tests, for a preview.
///
/// The boxes come from drawing the frame with the renderer's own code (`Composition.inspection`),
/// so they are where the layers are drawn. A preset of a built-in scene is one layer: the scene,
/// filling the canvas.
enum InspectCommand {
    static func run(_ arguments: [String]) throws(CommandError) {
        let list = try ArgumentList(arguments, command: .inspect)
        if list[\.help] {
            StandardStreams.out(Help.inspect + "\n")
            return
        }
        guard list.positionals.count == 1, let path = list.positionals.first else {
            throw .usage(
                list.positionals.isEmpty
                    ? "inspect needs a preset file"
                    : "inspect takes one preset file (got \(list.positionals.count))")
        }
        let warnings = WarningSink.discarding()
        let preset = try warnings.receiving { () throws(CommandError) in
            let preset = try RenderCommand.loadPreset(
                path, list: list, limits: try RenderCommand.limits(from: list), warnings: warnings)
            (preset.scene as? Composition)?.lookUpFonts()
            return preset
        }
        let seconds = try Self.seconds(of: list[\.inspectTime], in: preset)
        let size = list[\.size] ?? (preset.width, preset.height)
        let canvas = CGSize(width: Double(size.width), height: Double(size.height))
        let scale = list[\.scale] ?? 1
        // The warnings validate gives: drawing across the video, without pixels.
        if let sampler = TimelineSampler(
            frameRate: preset.frameRate, durationSeconds: preset.durationSeconds),
            !FlipbookTool.checking
        {
            var export = VideoExport(
                scene: preset.scene, sampler: sampler, width: size.width, height: size.height)
            export.warnings = warnings
            export.checkDrawing()
        }
        let time = FrameTime(index: Int(seconds * preset.frameRate.framesPerSecond), seconds: seconds)
        let layers =
            (preset.scene as? Composition).map { composition in
                warnings.receiving { composition.inspection(size: canvas, time: time, scale: scale) }
            } ?? [
                LayerInspection(
                    name: preset.sceneName, path: "scene", kind: "scene", visible: true,
                    box: CGRect(x: 0, y: 0, width: canvas.width * scale, height: canvas.height * scale))
            ]
        let report = InspectionReport(
            seconds: seconds, pixels: CGSize(width: canvas.width * scale, height: canvas.height * scale),
            layers: layers, warnings: warnings.reported)
        StandardStreams.out(list[\.json] ? report.json.text() + "\n" : report.text)
    }

    /// The moment `time` names in `preset`, in seconds: its amount at the preset's frame rate,
    /// from the time of the composition's marker it names, if any; within the video.
    private static func seconds(of time: TimeExpression, in preset: Preset) throws(CommandError) -> Double {
        let option = OptionCatalog.declared.inspectTime.name
        var seconds = time.amount.seconds(at: preset.frameRate)
        if let name = time.marker {
            let markers = (preset.scene as? Composition)?.markers ?? [:]
            guard let marker = markers[name] else {
                let hint = DidYouMean.closest(to: name, among: Array(markers.keys)).map {
                    "; did you mean \"\($0)\"?"
                }
                let known = markers.keys.sorted().joined(separator: ", ")
                throw CommandError(
                    code: .invalidInput,
                    message: "\(option): \(preset.file) has no marker \"\(name)\"\(hint ?? "") "
                        + (known.isEmpty ? "(it has no markers)" : "(markers: \(known))"))
            }
            seconds += marker
        }
        guard (0...preset.durationSeconds).contains(seconds) else {
            throw CommandError(
                code: .invalidInput,
                message: "\(option) \(JSONField.format(seconds)) is not within the "
                    + "\(JSONField.format(preset.durationSeconds)) s video")
        }
        return seconds
    }
}
