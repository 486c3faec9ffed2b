import Flipbook
import Foundation

/// What the page needs to know of a document, as JSON (`GET /api/document`): its size, rate and
/// length, the shapes, the variables for the form, the layers for the timeline's tracks (when
/// each is on screen, its keyframes), the sound's cues, the export formats and the command
/// line that renders what the page shows.
enum DocumentSummary {
    static func json(
        _ document: PreviewDocument, shapes: [PreviewShape], configuration: PreviewConfiguration,
        problems: [PresetError]
    ) -> [String: Any] {
        let export = document.export
        let rate = export.sampler.frameRate
        let composition = document.composition
        var summary: [String: Any] = [
            "version": document.version,
            "file": document.preset.file,
            "width": export.width, "height": export.height,
            "frameRate": ["numerator": rate.numerator, "denominator": rate.denominator],
            "frameCount": export.sampler.frameCount,
            "duration": export.sampler.durationSeconds,
            "transparent": export.background.alpha < 1,
            "shapes": shapes.map { shape in shapeJSON(shape, composition: document.composition(on: shape)) },
            "variables": variables(of: composition),
            "rows": configuration.tableRows.map { row in
                ["id": row.id, "values": Dictionary(row.values.map { ($0.name, $0.value) }) { $1 }]
            },
            "layers": composition.map { layers($0.layers, from: 0, end: export.sampler.durationSeconds) }
                ?? [],
            "cues": cues(of: export.audio),
            // The composition's named times (`markers`), flagged on the timeline beside the cues.
            "markers": (composition?.markers ?? [:]).sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map {
                ["time": $0.value, "label": $0.key]
            },
            "sound": !(export.audio?.isEmpty ?? true),
            "formats": ExportJobs.formats.map {
                ["name": $0.rawValue, "extension": $0.fileExtensions.first ?? ""]
            },
            "command": command(document, configuration: configuration),
            "problems": problems.map(problemJSON),
            // Whether `GET /api/inspect` has layers to answer: a composition's.
            "inspect": composition != nil,
        ]
        summary["scene"] = document.preset.sceneName
        return summary
    }

    /// A shape with its safe area (the composition's `safeArea` on that canvas), in points.
    private static func shapeJSON(_ shape: PreviewShape, composition: Composition?) -> [String: Any] {
        var json: [String: Any] = ["name": shape.name, "width": shape.width, "height": shape.height]
        if let safe = composition?.safeRect(
            in: CGSize(width: Double(shape.width), height: Double(shape.height)))
        {
            json["safeArea"] = [
                "x": Double(safe.origin.x), "y": Double(safe.origin.y), "width": Double(safe.size.width),
                "height": Double(safe.size.height),
            ]
        }
        return json
    }

    /// The form's fields: each variable with its value (the form's overrides are applied
    /// already) and whether it is a number; a placeholder the file gives no value is empty text.
    private static func variables(of composition: Composition?) -> [[String: Any]] {
        guard let composition else { return [] }
        return composition.variableNames.sorted().map { name in
            switch composition.variables[name] {
            case .number(let number)?:
                return ["name": name, "value": number, "number": true]
            case .text(let text)?:
                return ["name": name, "value": text, "number": false]
            case nil:
                return ["name": name, "value": "", "number": false]
            }
        }
    }

    /// The timeline's tracks: each layer (nested ones too, by their path) with when it is on
    /// screen and the times of its keyframes, in seconds of the video — `layers` being those of a
    /// group that starts at `offset` and ends at `end` (a layer's times count from its group's start).
    private static func layers(_ layers: [CompositionLayer], from offset: Double, end: Double) -> [[String:
        Any]]
    {
        layers.flatMap { layer -> [[String: Any]] in
            let start = offset + layer.timing.start
            let layerEnd = min(layer.timing.end.map { offset + $0 } ?? end, end)
            var times = layer.scale.frames.map(\.time) + layer.rotation.frames.map(\.time)
            times += layer.opacity.frames.map(\.time) + layer.blur.frames.map(\.time)
            times += layer.rotationX.frames.map(\.time) + layer.rotationY.frames.map(\.time)
            times += (layer.position?.frames ?? []).map(\.time)
            times += (layer.size?.frames ?? []).map(\.time)
            let keyframes = Set(times.map { start + $0 }).filter { $0 >= max(start, 0) && $0 <= layerEnd }
                .sorted()
            let track: [String: Any] = [
                "name": layer.name, "path": layer.path, "start": start, "end": layerEnd,
                "keyframes": keyframes,
            ]
            guard case .group(let group) = layer.content else { return [track] }
            return [track] + Self.layers(group.layers, from: start, end: layerEnd)
        }
    }

    /// The sound's flags on the timeline: where each track starts, named by its name or file.
    private static func cues(of mix: AudioMix?) -> [[String: Any]] {
        (mix?.tracks ?? []).map { track in
            ["time": track.start, "label": track.name ?? (track.file as NSString).lastPathComponent]
        }
    }

    /// The `flipbook render` line that renders what the page shows: the form's variables as
    /// overrides, in the command line's words (`PreviewConfiguration.renderCommand`).
    static func command(_ document: PreviewDocument, configuration: PreviewConfiguration) -> String {
        configuration.renderCommand(
            document.variables.keys.sorted().map { "variables.\($0)=\(document.variables[$0] ?? "")" })
    }

    /// A problem of the preset: file, line and column, JSON path and message.
    static func problemJSON(_ problem: PresetError) -> [String: Any] {
        [
            "file": problem.file, "line": problem.location?.line ?? 0,
            "column": problem.location?.column ?? 0,
            "path": problem.path, "message": problem.message, "text": problem.description,
        ]
    }
}
