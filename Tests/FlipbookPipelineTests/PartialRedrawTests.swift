import FlipbookPresets
import FlipbookRaster
import FlipbookScenes
import FlipbookTestSupport
import Foundation
import Testing

/// Frame indices as one worker of several meets them: every other one, then back and forth.
private func workerOrder(_ count: Int, step: Int) -> [Int] {
    var generator = SplitMix64(seed: 0x5EED)
    return (Array(stride(from: 0, to: count, by: 2)) + Array(0..<count).shuffled(using: &generator)).map {
        $0 * step
    }
}

/// Partial redraws of Lottie files — precompositions turned and clipped, masks, mattes, trims,
/// repeaters, gradients, text — give whole frames (`expectChangedRegionConversionIsExact`):
/// 30 frames of each fixture, in a worker's order, at most 240 pixels a side.
@Test(
    arguments: try FileManager.default.contentsOfDirectory(
        atPath: RepositoryPaths.path("Tests/Fixtures/lottie/rlottie")
    ).filter { $0.hasSuffix(".json") && !$0.hasPrefix("repro_") }.sorted())
func redrawingOnlyWhatChangedGivesWholeFramesOfALottieFile(named name: String) throws {
    let preset = try Preset.load(path: RepositoryPaths.path("Tests/Fixtures/lottie/rlottie/\(name)"))
    let scale = min(1, 240 / Double(max(preset.width, preset.height)))
    let frames = Int((preset.durationSeconds * preset.frameRate.framesPerSecond).rounded())
    expectChangedRegionConversionIsExact(
        preset.scene, width: max(Int(Double(preset.width) * scale), 2) / 2 * 2,
        height: max(Int(Double(preset.height) * scale), 2) / 2 * 2,
        framesPerSecond: preset.frameRate.framesPerSecond,
        indices: workerOrder(30, step: max(frames / 30, 1)),
        background: .transparent)
}
