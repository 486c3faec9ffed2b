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

    var total = 0
    var offBy16 = 0
    var painted = 0
    for pixel in stride(from: 0, to: pixmap.bytes.count, by: 4) {
        var worst = 0
        for channel in 0..<4 {
            let difference = abs(Int(pixmap.bytes[pixel + channel]) - Int(reference.bytes[pixel + channel]))
            total += difference
            worst = max(worst, difference)
        }
        if worst > 16 { offBy16 += 1 }
        if pixmap.bytes[pixel + 3] > 0 { painted += 1 }
    }
    let mean = Double(total) / Double(pixmap.bytes.count)
    #expect(mean <= 0.5)
    #expect(Double(offBy16) / Double(pixmap.bytes.count / 4) < 0.001)
    // Not vacuous: the frame really has content.
    #expect(painted > 5_000)
}
