import FlipbookCanvas
import FlipbookComposition
import FlipbookJSON
import FlipbookPresets
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// Compositions written inline for tests: decoded as a preset file would be, rendered frame by
/// frame.
enum CompositionFixture {
    /// The preset decoded from `layers` (JSON text of the layer list) on a `width` × `height`
    /// canvas at 30 fps for `duration` seconds; `extra` adds top-level members.
    static func preset(
        _ layers: String, width: Int = 200, height: Int = 100, duration: Double = 2, extra: String = "",
        file: String = "test.json"
    ) throws -> Preset {
        let text = """
            {"width": \(width), "height": \(height), "fps": 30, "duration": \(duration), "background": "black",
             \(extra.isEmpty ? "" : extra + ",") "layers": \(layers)}
            """
        return try Preset.decode(text, file: file)
    }

    /// The composition's frame `index` (at 30 fps), on black.
    static func frame(_ preset: Preset, index: Int, width: Int? = nil, height: Int? = nil) -> Pixmap {
        preset.scene.renderedFrame(
            at: FrameTime(index: index, seconds: Double(index) / 30), width: width ?? preset.width,
            height: height ?? preset.height, background: .black)
    }

    /// The composition itself.
    static func composition(_ preset: Preset) -> Composition {
        preset.scene as! Composition
    }

    /// Why each layer of the preset was drawn again for frame 10 (at 30 fps), as `--explain`
    /// says it.
    static func reasonsForFrame10(_ preset: Preset) -> [String: String] {
        composition(preset).layerChanges(
            from: FrameTime(index: 9, seconds: 0.3), to: FrameTime(index: 10, seconds: 1.0 / 3),
            size: CGSize(width: preset.width, height: preset.height))
    }

    /// Every problem reading the preset `text` (from `file`) reports, as printed; empty when
    /// it reads.
    static func problems(_ text: String, file: String = "p.json") -> [String] {
        do {
            _ = try Preset.decode(text, file: file)
            return []
        } catch {
            return ([error] + error.others).map(\.description)
        }
    }
}

extension Pixmap {
    /// Whether any pixel is brighter than black in its red, green or blue channel.
    var hasContent: Bool {
        stride(from: 0, to: bytes.count, by: 4).contains {
            bytes[$0] > 8 || bytes[$0 + 1] > 8 || bytes[$0 + 2] > 8
        }
    }

    /// The columns in which some pixel of row `y` has red above `threshold`.
    func redColumns(row y: Int, threshold: UInt8 = 128) -> [Int] {
        (0..<width).filter { self[$0, y].red > threshold }
    }
}
