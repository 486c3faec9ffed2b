import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookPipeline
import FlipbookPresets
import FlipbookRaster
import FlipbookScenes
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// Paints `indices` of `scene` as a render worker does — redrawing only where each frame's
/// drawing differs from the last one's, converting to `yuv420p` only the pixels that changed,
/// into frames recycled through a pool — and beside it each frame drawn whole on a fresh
/// pixmap and converted whole; every frame's planes must be the same bytes.
func expectChangedRegionConversionIsExact(
    _ scene: any AnimatedScene, width: Int, height: Int, framesPerSecond: Double, indices: [Int],
    background: PremultipliedColor, layers: LayerCache? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let size = CGSize(width: Double(width), height: Double(height))
    var partial = FramePainter(width: width, height: height, background: background, layers: layers)
    let pool = FramePool(width: width, height: height)
    var mismatched: [Int] = []
    for index in indices {
        let drawing = [
            scene.displayList(
                size: size, time: FrameTime(index: index, seconds: Double(index) / framesPerSecond))
        ]
        guard case .yuv420(let converted) = partial.paint(drawing, as: .yuv420, pool: pool) else {
            Issue.record("unexpected frame kind", sourceLocation: sourceLocation)
            return
        }
        var whole = Pixmap(width: width, height: height)
        whole.clear(to: background)
        var rasterizer = Rasterizer()
        drawing[0].render(into: &whole, using: &rasterizer)
        var expected = YUVFrame(width: width, height: height)
        YUVConverter.convert(whole, into: &expected)
        if converted != expected { mismatched.append(index) }
        // Back to the pool with this frame's bytes, as the encoder gives frames back: the next
        // frame taken holds an older picture, which must not show through.
        pool.recycle(converted)
    }
    #expect(mismatched.isEmpty, "frames converted differently: \(mismatched)", sourceLocation: sourceLocation)
}

/// Frame indices in an order a worker might meet them: mostly forward, with jumps back.
private func shuffled(_ indices: Range<Int>) -> [Int] {
    var generator = SplitMix64(seed: 0xD1A7)
    return Array(indices).shuffled(using: &generator)
}

@Test(arguments: BenchmarkScene.allCases)
func convertingOnlyWhatChangedMatchesAWholeConversion(of scene: BenchmarkScene) {
    expectChangedRegionConversionIsExact(
        scene.scene, width: BenchmarkScene.width, height: BenchmarkScene.height, framesPerSecond: 60,
        indices: Array(0..<40) + shuffled(40..<60), background: .transparent)
}

@Test(arguments: ["launch", "lower-third", "milestone", "lottie-card"])
func convertingOnlyWhatChangedMatchesAWholeConversionOfAComposition(named name: String) throws {
    // A composition over its whole duration, at a quarter of its size, with the layer cache on
    // (a kept layer composited again must count as a change too): the launch card redraws
    // everything each frame; the lower third and the milestone card change a part of it.
    let preset = try Preset.load(path: RepositoryPaths.path("presets/\(name).json"))
    let frames = Int((preset.durationSeconds * preset.frameRate.framesPerSecond).rounded())
    expectChangedRegionConversionIsExact(
        preset.scene, width: preset.width / 8 * 2, height: preset.height / 8 * 2,
        framesPerSecond: preset.frameRate.framesPerSecond, indices: Array(0..<frames),
        background: preset.background.premultiplied,
        layers: LayerCache(budgetBytes: 64 << 20))
}

/// A frame drawn without its changes noted (as RGBA) between converted ones: the next conversion
/// starts from scratch and still gives a whole conversion's bytes (on a background that is not
/// what a fresh frame holds, so that a pixel left unconverted would show).
@Test func aFrameDrawnUntrackedMakesTheNextConversionWhole() {
    let scene = BenchmarkScene.confetti200
    let size = CGSize(width: Double(BenchmarkScene.width), height: Double(BenchmarkScene.height))
    let background = PremultipliedColor(red: 20, green: 30, blue: 90, alpha: 255)
    var painter = FramePainter(
        width: BenchmarkScene.width, height: BenchmarkScene.height, background: background, layers: nil)
    let pool = FramePool(width: BenchmarkScene.width, height: BenchmarkScene.height)
    for index in 0..<12 {
        let drawing = [
            scene.scene.displayList(size: size, time: FrameTime(index: index, seconds: Double(index) / 60))
        ]
        let input: FrameInput = index % 3 == 1 ? .rgba : .yuv420
        let frame = painter.paint(drawing, as: input, pool: pool)
        var whole = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
        whole.clear(to: background)
        var rasterizer = Rasterizer()
        drawing[0].render(into: &whole, using: &rasterizer)
        var expected = YUVFrame(width: BenchmarkScene.width, height: BenchmarkScene.height)
        YUVConverter.convert(whole, into: &expected)
        switch frame {
        case .yuv420(let converted):
            let same = converted == expected
            #expect(same, "frame \(index)")
        case .rgba(let pixmap):
            let same = pixmap == whole
            #expect(same, "frame \(index)")
        }
    }
}
