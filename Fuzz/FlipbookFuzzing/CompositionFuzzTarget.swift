import FlipbookCanvas
import FlipbookPresets
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// Fuzz target: a composition that reads real files — a PNG, an SVG that draws it, a clip, a
/// sound, a font and captions in `Fuzz/Assets` — with a row of variables, as `batch
/// --variables` renders one. The bytes before a line `---` are the composition; each line after
/// it, `NAME=VALUE`, sets `variables.NAME` as a table's cell does. Decoding must succeed or
/// throw a `PresetError` (never crash, hang or read outside the assets' folder), and a decoded
/// composition must draw a frame.
public enum CompositionFuzzTarget {
    /// Where the compositions' files are: relative names start here.
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets")

    public static func run(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\n---\n")
        let overrides = parts.dropFirst().joined(separator: "\n").split(separator: "\n").prefix(16).compactMap
        {
            PresetOverride("variables.\($0)")
        }
        guard
            let preset = try? Preset.decode(
                parts[0], file: assets.appendingPathComponent("fuzz.json").path,
                limits: PresetFuzzTarget.limits,
                overrides: overrides)
        else { return }
        PresetFuzzTarget.drawFrame(of: preset)
    }
}
