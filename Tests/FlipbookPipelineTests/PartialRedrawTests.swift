import FlipbookCanvas
import FlipbookPipeline
import FlipbookPresets
import FlipbookRaster
import FlipbookScenes
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

/// Paints `indices` of `scene` as a render worker does — each frame redrawn only where its
/// drawing differs from the frame before (`DisplayList.damage(since:width:height:)`) — and each
/// also whole, on a fresh pixmap; every frame must be the same pixels.
private func expectPartialRedrawsAreExact(
    _ scene: any AnimatedScene, width: Int, height: Int, framesPerSecond: Double, indices: [Int],
    background: PremultipliedColor, layers: LayerCache? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let size = CGSize(width: Double(width), height: Double(height))
    var painter = FramePainter(width: width, height: height, background: background, layers: layers)
    let pool = FramePool(width: width, height: height)
    var mismatched: [Int] = []
    for index in indices {
        let drawing = scene.displayList(
            size: size, time: FrameTime(index: index, seconds: Double(index) / framesPerSecond))
        guard case .rgba(let partial) = painter.paint([drawing], as: .rgba, pool: pool) else {
            Issue.record("unexpected frame kind", sourceLocation: sourceLocation)
            return
        }
        var whole = Pixmap(width: width, height: height)
        whole.clear(to: background)
        var rasterizer = Rasterizer()
        drawing.render(into: &whole, using: &rasterizer)
        if partial != whole { mismatched.append(index) }
    }
    #expect(mismatched.isEmpty, "frames redrawn differently: \(mismatched)", sourceLocation: sourceLocation)
}

/// Frame indices as a worker of several meets them: every other one, then some back and forth.
private func workerOrder(_ count: Int) -> [Int] {
    var generator = SplitMix64(seed: 0x5EED)
    return Array(stride(from: 0, to: count, by: 2)) + Array(0..<count).shuffled(using: &generator)
}

@Test(arguments: BenchmarkScene.allCases)
func redrawingOnlyWhatChangedGivesWholeFrames(of scene: BenchmarkScene) {
    expectPartialRedrawsAreExact(
        scene.scene, width: BenchmarkScene.width, height: BenchmarkScene.height, framesPerSecond: 60,
        indices: workerOrder(40), background: .transparent)
}

@Test(arguments: ["launch", "lower-third", "milestone", "lottie-card"])
func redrawingOnlyWhatChangedGivesWholeFramesOfAComposition(named name: String) throws {
    let preset = try Preset.load(path: RepositoryPaths.path("presets/\(name).json"))
    let frames = Int((preset.durationSeconds * preset.frameRate.framesPerSecond).rounded())
    expectPartialRedrawsAreExact(
        preset.scene, width: preset.width / 8 * 2, height: preset.height / 8 * 2,
        framesPerSecond: preset.frameRate.framesPerSecond, indices: workerOrder(frames),
        background: preset.background.premultiplied, layers: LayerCache(budgetBytes: 64 << 20))
}

/// The Lottie fixtures (precompositions turned and clipped, masks, mattes, trims, repeaters,
/// gradients, text): 30 frames of each, at most 240 pixels a side.
@Test(arguments: try FileManager.default.contentsOfDirectory(
    atPath: RepositoryPaths.path("Tests/Fixtures/lottie/rlottie")
).filter { $0.hasSuffix(".json") && !$0.hasPrefix("repro_") }.sorted())
func redrawingOnlyWhatChangedGivesWholeFramesOfALottieFile(named name: String) throws {
    let preset = try Preset.load(path: RepositoryPaths.path("Tests/Fixtures/lottie/rlottie/\(name)"))
    let scale = min(1, 240 / Double(max(preset.width, preset.height)))
    let frames = Int((preset.durationSeconds * preset.frameRate.framesPerSecond).rounded())
    let step = max(frames / 30, 1)
    expectPartialRedrawsAreExact(
        preset.scene, width: max(Int(Double(preset.width) * scale), 1),
        height: max(Int(Double(preset.height) * scale), 1),
        framesPerSecond: preset.frameRate.framesPerSecond,
        indices: workerOrder(30).map { $0 * step }, background: .transparent)
}
