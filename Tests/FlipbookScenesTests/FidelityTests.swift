import FlipbookFFmpeg
import FlipbookRaster
import FlipbookScenes
import FlipbookTestSupport
import Testing

/// Frame 60 of each benchmark scene against Cairo's rendering of it (recorded by
/// `flipbook-bench --record-references`, pycairo 1.29, Cairo 1.16): the mean absolute
/// difference per channel value must stay within 0.5/255, and hardly any pixel may be off by
/// more than 16/255 (the benchmark prints the same figures).
@Test(arguments: BenchmarkScene.allCases)
func frameSixtyMatchesCairo(scene: BenchmarkScene) throws {
    let reference = try PNGFile.read(
        RepositoryPaths.path(
            "Tests/FlipbookScenesTests/Snapshots/fidelity/\(scene.rawValue)_cairo_frame60.png"))
    var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
    var rasterizer = Rasterizer()
    scene.render(frame: 60, into: &pixmap, using: &rasterizer)
    #expect(reference.width == pixmap.width && reference.height == pixmap.height)

    let difference = PixelDifference(pixmap.bytes, reference.bytes)
    #expect(difference.mean <= 0.5)
    #expect(difference.shareOffBy16 < 0.001)
    // Not vacuous: the frame really has content.
    let painted = stride(from: 3, to: pixmap.bytes.count, by: 4).count { pixmap.bytes[$0] > 0 }
    #expect(painted > 5_000)
}
