import FlipbookComposition
import FlipbookPresets
import FlipbookTestSupport
import Foundation
import Testing

/// `presets/launch.json` is designed for 16:9, 9:16 and 1:1 by its stacks and overrides: on each
/// canvas no two of its texts and pictures overlap, and all of them lie in its safe area —
/// their boxes found as the renderer places them.
@Suite struct LaunchLayoutTests {
    @Test(arguments: [(1920, 1080), (1080, 1920), (1080, 1080)])
    func theLaunchTextsAndPicturesKeepApartInTheSafeArea(width: Int, height: Int) throws {
        let preset = try Preset.load(path: RepositoryPaths.path("presets/launch.json"), size: (width, height))
        let composition = try #require(preset.scene as? Composition)
        let safe = composition.safeRect(in: CGSize(width: width, height: height))
        // While the number counts up (its width changes) and after everything has entered.
        for seconds in [2.0, 3.5, 5.9] {
            let boxes = LayerBoxes(preset, at: seconds)
            let shown = boxes.names.compactMap { name -> (String, CGRect)? in
                guard let box = boxes.boxes[name] else { return nil }
                switch box.layer.content {
                case .text, .image: return (name, box.frame)
                default: return nil
                }
            }
            #expect(shown.count >= (seconds < 3 ? 4 : 5), "\(shown.map(\.0))")
            for (index, (name, box)) in shown.enumerated() {
                let inside =
                    box.minX >= safe.minX - 1e-9 && box.maxX <= safe.maxX + 1e-9
                    && box.minY >= safe.minY - 1e-9
                    && box.maxY <= safe.maxY + 1e-9
                #expect(
                    inside,
                    "\(width)×\(height) at \(seconds) s: \(name) \(box) is outside the safe area \(safe)")
                for (other, otherBox) in shown[(index + 1)...] {
                    let overlap =
                        min(box.maxX, otherBox.maxX) - max(box.minX, otherBox.minX) > 1e-9
                        && min(box.maxY, otherBox.maxY) - max(box.minY, otherBox.minY) > 1e-9
                    #expect(
                        !overlap,
                        "\(width)×\(height) at \(seconds) s: \(name) \(box) overlaps \(other) \(otherBox)")
                }
            }
        }
    }

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
