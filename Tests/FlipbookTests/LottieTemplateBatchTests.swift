import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// `flipbook batch` renders a designer's Lottie template once per row of a variables table: the
/// title replaced by its text layer's name, the plan by its text slot, the badge's colour by
/// its colour slot (presets/lottie-card.json).
@Suite struct LottieTemplateBatchTests {
    private let runner = CommandRunner()

    /// How many columns of row `y` of `pixmap` are brighter than grey: a line of white text's
    /// extent.
    private func brightColumns(_ pixmap: Pixmap, row y: Int) -> Int {
        (0..<pixmap.width).filter { pixmap[$0, y].red > 160 && pixmap[$0, y].green > 160 }.count
    }

    @Test(arguments: ["rows.csv", "rows.json"])
    func aBatchRendersTheTemplateOncePerRowByNameAndBySlot(table: String) throws {
        let folder = TemporaryDirectory()
        _ = try folder.write(
            "name,plan,accent\nAda,Pro,#ff0000\nBartholomew,Enterprise,#0000ff\n", to: "rows.csv")
        _ = try folder.write(
            ##"[{"name": "Ada", "plan": "Pro", "accent": "#ff0000"}, {"name": "Bartholomew", "plan": "Enterprise", "accent": "#0000ff"}]"##,
            to: "rows.json")
        let result = try runner.run([
            "batch", RepositoryPaths.path("presets/lottie-card.json"), "--variables", folder.path(table),
            "-o",
            folder.path("out"), "--scale", "0.5", "--duration", "1.5", "--preset", "ultrafast",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        var extents: [(title: Int, plan: Int)] = []
        for (name, accent) in [("Ada", (255, 0, 0)), ("Bartholomew", (0, 0, 255))] {
            let clip = try VideoClip(path: folder.path("out/lottie-card-\(name).mp4"))
            let frame = try #require(clip.image(at: 1.4)).pixmap
            #expect(frame.width == 320 && frame.height == 180)
            // The badge's centre (the card's (160, 62), drawn at 640 × 360 and halved).
            let badge = frame[160, 62]
            #expect(
                abs(Int(badge.red) - accent.0) < 24 && abs(Int(badge.blue) - accent.2) < 24,
                "\(name): \(badge)")
            #expect(abs(Int(badge.green) - accent.1) < 24, "\(name): \(badge)")
            // The title's and the plan's lines, halfway up their capitals.
            extents.append((brightColumns(frame, row: 127), brightColumns(frame, row: 157)))
        }
        #expect(extents[1].title > extents[0].title + 20, "\"Hello, Bartholomew\" is wider: \(extents)")
        #expect(extents[1].plan > extents[0].plan + 10, "\"Enterprise plan\" is wider: \(extents)")
        #expect(extents[0].title > 20 && extents[0].plan > 10, "\(extents)")
    }
}
