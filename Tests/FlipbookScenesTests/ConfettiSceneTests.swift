import FlipbookCanvas
import FlipbookRaster
import FlipbookScenes
import FlipbookTestSupport
import FlipbookTimeline
import Foundation
import Testing

@Test func seededConfettiReproducesTheBenchmarkParticles() throws {
    // bench/scenes/confetti_200.txt was generated from SplitMix64(0x5EED) by the benchmark's
    // definition; the built-in scene must draw exactly those particles.
    let text = try String(
        contentsOfFile: RepositoryPaths.path("bench/scenes/confetti_200.txt"), encoding: .utf8)
    let rows = text.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
    var configuration = ConfettiScene.Configuration()
    configuration.seed = 0x5EED
    let scene = ConfettiScene(configuration)
    let pieces = scene.pieceSummaries
    #expect(pieces.count == 200)
    #expect(rows.count == 200)
    for (piece, row) in zip(pieces, rows) {
        #expect(abs(piece.velocity.dx - row[0]) < 1e-9)
        #expect(abs(piece.velocity.dy - row[1]) < 1e-9)
        #expect(abs(piece.spin - row[2]) < 1e-9)
        #expect(piece.colorIndex == Int(row[3]))
    }
}

@Test func theSameSeedGivesTheSameFramesAndAnotherSeedDoesNot() {
    var configuration = ConfettiScene.Configuration()
    configuration.seed = 7
    let size = CGSize(width: 320, height: 180)
    let time = FrameTime(index: 30, seconds: 0.5)
    let a = ConfettiScene(configuration).displayList(size: size, time: time)
    let b = ConfettiScene(configuration).displayList(size: size, time: time)
    configuration.seed = 8
    let c = ConfettiScene(configuration).displayList(size: size, time: time)
    #expect(a == b)
    #expect(a != c)
}

@Test func piecesAppearOnlyDuringTheirLifetimeAfterTheirBurst() {
    var configuration = ConfettiScene.Configuration()
    configuration.bursts = [.init(time: 0), .init(time: 1, position: CGPoint(x: 10, y: 10))]
    configuration.count = 50
    let scene = ConfettiScene(configuration)
    let size = CGSize(width: 100, height: 100)
    func count(at seconds: Double) -> Int {
        scene.displayList(size: size, time: FrameTime(index: 0, seconds: seconds)).items.count
    }
    #expect(count(at: 0) == 50)
    #expect(count(at: 1.5) == 100)
    #expect(count(at: 3.5) == 50)
    #expect(count(at: 4.0) == 0)
}

@Test(arguments: BenchmarkScene.allCases)
func framesDrawnOneAfterAnotherEqualFramesDrawnAfresh(scene: BenchmarkScene) {
    // Reusing a pixmap clears only what the previous frame drew: that must leave no trace.
    var rasterizer = Rasterizer()
    var reused = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
    for frame in stride(from: 0, to: 120, by: 7) {
        scene.render(frame: frame, into: &reused, using: &rasterizer)
        var freshRasterizer = Rasterizer()
        var fresh = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
        scene.render(frame: frame, into: &fresh, using: &freshRasterizer)
        #expect(reused == fresh, "frame \(frame)")
    }
}
