import FlipbookCanvas
import FlipbookPresets
import FlipbookRaster
import FlipbookRendering
import FlipbookScenes
import FlipbookTimeline
import Foundation

/// Fuzz target: any bytes, read as a preset. Decoding must either succeed or throw a
/// `PresetError` — never crash or hang — and a decoded scene must draw a frame.
///
/// Limits are lowered so that one input stays fast (the fuzzer counts a slow input as a hang).
public enum PresetFuzzTarget {
    static let limits: RenderLimits = {
        var limits = RenderLimits()
        limits.particles = 20_000
        limits.pathPoints = 200_000
        return limits
    }()

    public static func run(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let preset = try? Preset.decode(text, file: "fuzz.json", limits: limits) else { return }
        drawFrame(of: preset)
    }

    /// Draws one small frame, so that scene code runs on whatever the decoder accepted.
    static func drawFrame(of preset: Preset) {
        let size = CGSize(width: 48, height: 32)
        var pixmap = Pixmap(width: 48, height: 32)
        var rasterizer = Rasterizer()
        let time = FrameTime(index: 1, seconds: min(preset.durationSeconds, 0.5))
        preset.scene.displayList(size: size, time: time).render(into: &pixmap, using: &rasterizer)
        FuzzInvariants.checkPremultiplied(pixmap)
    }
}
