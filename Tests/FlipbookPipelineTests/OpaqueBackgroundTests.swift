import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookPipeline
import FlipbookPresets
import FlipbookRaster
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// A composition whose full-frame background sets every pixel is painted without clearing the
/// frame first (`DisplayList.overwritesEveryPixel`). Every frame of one, painted as a render
/// worker does (one pixmap reused, only changed pixels converted, layers kept), must equal the
/// same drawing on a freshly cleared pixmap converted whole: nothing an earlier frame left, the
/// confetti, the logo, the sliding headline, may show through.
@Test(arguments: ["launch", "recap"])
func framesOverAnOpaqueBackgroundEqualFramesDrawnOnAClearedPixmap(named name: String) throws {
    let preset = try Preset.load(path: RepositoryPaths.path("presets/\(name).json"))
    let (width, height) = (preset.width / 8 * 2, preset.height / 8 * 2)
    let size = CGSize(width: Double(width), height: Double(height))
    let background = preset.background.premultiplied
    let framesPerSecond = preset.frameRate.framesPerSecond
    var painter = FramePainter(
        width: width, height: height, background: background, layers: LayerCache(budgetBytes: 64 << 20))
    let pool = FramePool(width: width, height: height)
    let frames = Int((preset.durationSeconds * framesPerSecond).rounded())
    var mismatched: [Int] = []
    var overwriting = 0
    for index in 0..<frames {
        let drawing = preset.scene.displayList(
            size: size, time: FrameTime(index: index, seconds: Double(index) / framesPerSecond))
        if drawing.overwritesEveryPixel(width: width, height: height) { overwriting += 1 }
        guard case .yuv420(let converted) = painter.paint([drawing], as: .yuv420, pool: pool) else {
            Issue.record("a yuv420p frame was asked for")
            return
        }
        var fresh = Pixmap(width: width, height: height)
        fresh.clear(to: background)
        var rasterizer = Rasterizer()
        drawing.render(into: &fresh, using: &rasterizer)
        var expected = YUVFrame(width: width, height: height)
        YUVConverter.convert(fresh, into: &expected)
        if converted != expected { mismatched.append(index) }
        pool.recycle(converted)
    }
    #expect(overwriting == frames, "every frame's background covers it, so no frame is cleared")
    #expect(mismatched.isEmpty, "frames that differ from a fresh drawing: \(mismatched)")
}
