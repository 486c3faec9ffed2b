import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `Preset.export` makes from a preset the video `flipbook render` makes of it without
/// options: its size, rate, length and codec, overrides applied as `--set` applies them.
@Test func aPresetsExportRendersTheVideoItDescribes() async throws {
    let folder = TemporaryDirectory()
    let preset = try Preset.load(
        path: RepositoryPaths.path("presets/confetti.json"),
        overrides: [
            PresetOverride("duration=0.25")!, PresetOverride("width=320")!, PresetOverride("height=180")!,
        ])
    let output = folder.path("confetti.mp4")
    try await preset.export().run(to: URL(fileURLWithPath: output))
    let reader = try VideoFileReader(path: output)
    #expect(reader.info.codecName == "h264" && reader.info.width == 320 && reader.info.height == 180)
    var frames = 0
    try reader.forEachFrame { _ in frames += 1 }
    // 0.25 s at the preset's 60 fps.
    #expect(frames == 15)
}

@Test func aPresetsExportIsHeldToTheLimitsItIsGiven() throws {
    let preset = try Preset.load(path: RepositoryPaths.path("presets/confetti.json"))
    var limits = RenderLimits()
    limits.duration = 1
    let error = try #require(throws: PresetError.self) { try preset.export(limits: limits) }
    #expect(error.path == "duration" && error.limit == "duration", "\(error)")
}
