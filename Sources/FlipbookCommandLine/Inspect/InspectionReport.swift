import Flipbook
import Foundation

/// What `flipbook inspect` prints: the layers at one time and the preset's warnings, as JSON
/// (`json`) or as lines for people (`text`).
struct InspectionReport {
    /// The time inspected, in seconds.
    var seconds: Double
    /// The frame's size in output pixels.
    var pixels: CGSize
    var layers: [LayerInspection]
    var warnings: [Warning]

    /// `{"time", "size": [w, h], "layers": [{"name", "path", "kind", "visible", "box": [x, y,
    /// width, height], "layers", "text": {"lines", "fonts"}}], "warnings": [{"path", "class",
    /// "message"}]}` — a group's `layers` nested in it, `text` only for a text layer, `path`
    /// only for a warning that has one. Pixels are rounded to thousandths.
    var json: JSONOutput {
        .object([
            ("time", .number(seconds)),
            ("size", .array([Self.number(pixels.width), Self.number(pixels.height)])),
            ("layers", .array(layers.map(Self.json))),
            ("warnings", .array(warnings.map(\.json))),
        ])
    }

    private static func json(_ layer: LayerInspection) -> JSONOutput {
        let box = layer.box
        var members: [(String, JSONOutput)] = [
            ("name", .string(layer.name)), ("path", .string(layer.path)), ("kind", .string(layer.kind)),
            ("visible", .bool(layer.visible)),
            ("box", .array([box.minX, box.minY, box.width, box.height].map(number))),
        ]
        if ["group", "stack"].contains(layer.kind) {
            members.append(("layers", .array(layer.layers.map(json))))
        }
        if let text = layer.text {
            members.append(
                (
                    "text",
                    .object([
                        ("lines", .array(text.lines.map(JSONOutput.string))),
                        (
                            "fonts",
                            .array(
                                text.fonts.map { run in
                                    .object([
                                        ("text", .string(run.text)), ("font", .string(run.family)),
                                        ("style", .string(run.style)), ("file", .string(run.file)),
                                    ])
                                })
                        ),
                    ])
                ))
        }
        return .object(members)
    }

    /// `value` to the thousandth of a pixel, so that a box placed by arithmetic reads as it was
    /// meant (`120`, not `119.99999999999999`).
    private static func number(_ value: Double) -> JSONOutput {
        .number((value * 1000).rounded() / 1000 + 0)
    }

    /// The report as lines: the frame, then each layer — its path (and name), kind, whether it
    /// shows, its box, its text's lines and fonts — indented under its group, then the warnings.
    var text: String {
        var lines = [
            "at \(JSONField.format(seconds)) s, \(Self.pixels(pixels.width))x\(Self.pixels(pixels.height)) pixels:"
        ]
        func add(_ layer: LayerInspection, depth: Int) {
            let indent = String(repeating: "  ", count: depth + 1)
            let box = layer.box
            let name = layer.name == layer.path ? "" : " \"\(layer.name)\""
            lines.append(
                indent + "\(layer.path)\(name): \(layer.kind), \(layer.visible ? "visible" : "hidden"), box "
                    + "\(Self.pixels(box.minX)), \(Self.pixels(box.minY)), \(Self.pixels(box.width)) × "
                    + "\(Self.pixels(box.height))")
            for (index, line) in (layer.text?.lines ?? []).enumerated() {
                lines.append(indent + "  line \(index + 1): \"\(line)\"")
            }
            for run in layer.text?.fonts ?? [] {
                lines.append(indent + "  \"\(run.text)\" in \(run.family) \(run.style) (\(run.file))")
            }
            for child in layer.layers { add(child, depth: depth + 1) }
        }
        for layer in layers { add(layer, depth: 0) }
        lines.append(warnings.isEmpty ? "no warnings" : "warnings:")
        lines += warnings.map { "  \($0)" }
        return lines.map(\.forTerminal).joined(separator: "\n") + "\n"
    }

    /// A pixel measure as the lines write it: to a tenth.
    private static func pixels(_ value: Double) -> String {
        JSONField.format((value * 10).rounded() / 10 + 0)
    }
}
