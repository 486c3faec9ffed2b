import FlipbookComposition
import FlipbookPresets
import FlipbookTestSupport
import Foundation
import Testing

/// `presets/launch.json` is designed for 16:9, 9:16 and 1:1 by its stacks and overrides (that
/// no two of its texts and pictures overlap and all lie in its safe area is tested from `flipbook
/// inspect --json`, in `InspectCommandTests`).
@Suite struct LaunchLayoutTests {
    /// Each shape lays the file out its own way: a row in 16:9, a column in 9:16 and 1:1.
    @Test func eachShapeHasItsOwnLayout() throws {
        func logoAndHeadline(_ width: Int, _ height: Int) throws -> (CGRect, CGRect) {
            let preset = try Preset.load(
                path: RepositoryPaths.path("presets/launch.json"), size: (width, height))
            let boxes = LayerBoxes(preset, at: 5)
            return (try #require(boxes["Logo"]), try #require(boxes["Headline"]))
        }
        let (wideLogo, wideHeadline) = try logoAndHeadline(1920, 1080)
        #expect(wideLogo.maxX < wideHeadline.minX, "side by side")
        for (width, height) in [(1080, 1920), (1080, 1080)] {
            let (logo, headline) = try logoAndHeadline(width, height)
            #expect(logo.maxY < headline.minY, "\(width)×\(height): one above the other")
            #expect(abs(logo.midX - Double(width) / 2) < 1, "centred")
        }
    }
}
