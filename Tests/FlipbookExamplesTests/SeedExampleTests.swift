import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// One ported example rendered at a size and time, with a background.
struct Example: Sendable, CustomStringConvertible {
    let name: String
    let scene: any AnimatedScene
    let width: Double
    let height: Double
    var seconds = 0.0
    var background = Color.white
    /// The reference images' folder under Snapshots: the seed lessons', or round two's.
    var feature = "examples"

    var description: String { name }

    var pixmap: Pixmap {
        let renderer = ImageRenderer(content: scene)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        renderer.time = FrameTime(index: 0, seconds: seconds)
        renderer.background = background
        return renderer.pixmap
    }
}

private let examples: [Example] = [
    Example(name: "simple-canvas", scene: simpleCanvas.scene, width: 360, height: 320),
    Example(name: "thousand-stars", scene: thousandStars.scene, width: 320, height: 240, background: .black),
    Example(name: "loading-wreath", scene: loadingWreath.scene, width: 200, height: 200),
    Example(name: "twenty-hearts", scene: twentyHearts.scene, width: 400, height: 60),
    Example(name: "badges", scene: badges.scene, width: 320, height: 140),
    Example(name: "pulsing-dots", scene: pulsingDots, width: 240, height: 80, seconds: 0.4),
    Example(name: "confetti-view", scene: confettiView, width: 320, height: 320, seconds: 0.6),
    Example(name: "starry-sky", scene: starrySky, width: 320, height: 240, background: .black),
    Example(
        name: "twinkling-stars", scene: twinklingStars, width: 320, height: 240, seconds: 1.3,
        background: .black),
    Example(name: "triangle-inset", scene: triangleWithInset(20).scene, width: 240, height: 200),
    Example(
        name: "spirograph",
        scene: spirographDrawing(Spirograph(outerRadius: 125, innerRadius: 75, distance: 100, amount: 1))
            .scene,
        width: 300, height: 300),
    Example(name: "gradient-circle", scene: gradientCircle.scene, width: 240, height: 240),
]

@Test(arguments: examples + parityExamples)
private func portedExampleRendersAsItsReference(example: Example) {
    let result = Snapshot.check(
        example.pixmap, folder: "Tests/FlipbookExamplesTests", feature: example.feature, name: example.name)
    #expect(result.failure == nil, "\(result.failure ?? "")")
}

@Test func theSpirographAnimatesThroughItsAnimatableData() {
    let start = Spirograph(outerRadius: 125, innerRadius: 75, distance: 100, amount: 1)
    let end = Spirograph(outerRadius: 150, innerRadius: 50, distance: 40, amount: 0.5)
    let middle = start.interpolated(to: end, fraction: 0.5)
    #expect(middle.outerRadius == 137.5 && middle.innerRadius == 62.5)
    #expect(middle.distance == 70 && middle.amount == 0.75)
    // Eased: a quarter of the way in time is less than a quarter of the way in value.
    let eased = start.interpolated(to: end, fraction: Animation.easeInOut.progress(at: 0.35 / 4))
    #expect(eased.outerRadius > 125 && eased.outerRadius < 125 + 25.0 / 4)
}

@Test func heartsAreRedAndTheWreathFadesAroundTheCircle() {
    let hearts = examples[3].pixmap
    let red = hearts[10, 30]
    #expect(red.red > 200 && red.green < 80)
    let wreath = examples[2].pixmap
    // Bar 11 (turned 330°: its middle 65 points up and to the left) is opaque blue; bar 0
    // (straight up) is 1/12 opaque, mostly white.
    let last = wreath[68, 44]
    #expect(last.blue > 240 && last.red < 30)
    let top = wreath[100, 35]
    #expect(top.blue > 200 && top.red > 200)
}

@Test func theStarrySkyIsHiddenFromAccessibilityAndTheConfettiDescribed() {
    #expect(starrySky.accessibilityLabel == nil)
    #expect(starrySky.captions(duration: 3).isEmpty)
}

@Test func imagesFromPNGAndJPEGFilesDrawScaledIntoARect() throws {
    let folder = TemporaryDirectory()
    var pixmap = Pixmap(width: 4, height: 2)
    for x in 0..<4 {
        for y in 0..<2 { pixmap[x, y] = x < 2 ? Color.red.premultiplied : Color.blue.premultiplied }
    }
    try StillImage.write(pixmap, format: .png, to: folder.path("p.png"))
    try StillImage.write(pixmap, format: .jpeg, to: folder.path("p.jpg"))
    for name in ["p.png", "p.jpg"] {
        let image = try Image(contentsOfFile: folder.path(name))
        #expect(image.size == CGSize(width: 4, height: 2))
        let renderer = ImageRenderer(
            content: Canvas { context, _ in
                let resolved = context.resolve(image)
                context.draw(resolved, in: CGRect(x: 0, y: 0, width: 40, height: 20))
            })
        renderer.proposedSize = ProposedViewSize(width: 40, height: 20)
        let drawn = renderer.pixmap
        #expect(drawn[5, 10].red > 200 && drawn[35, 10].blue > 200, "\(name)")
    }
    #expect(throws: MediaError.self) { try Image(contentsOfFile: folder.path("missing.png")) }
}

@Test func imageRendererScalesAndEncodesPNG() throws {
    let renderer = ImageRenderer(content: gradientCircle)
    renderer.proposedSize = ProposedViewSize(width: 120, height: 120)
    renderer.scale = 2
    let pixels = renderer.pixmap
    #expect(pixels.width == 240 && pixels.height == 240)
    #expect(pixels[0, 0].alpha == 0 && pixels[120, 120].alpha == 255)
    let png = try #require(renderer.pngData())
    #expect(try PNGFile.decode(png) == pixels)
}
