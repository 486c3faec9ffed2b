import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline
import Foundation

/// The three scenes of `bench/scenes/README.md`, as Flipbook draws them: shared by the
/// benchmark (`make bench`) and the fidelity test that checks them against Cairo.
///
/// Confetti is the built-in `ConfettiScene` with seed 0x5EED (tests prove it reproduces the
/// particle files exactly); the spirograph is the built-in `SpirographScene` with the bench's
/// radii, ×3 scale and 6 px stroke (tests prove the polyline equals `spirograph.txt`).
package enum BenchmarkScene: String, CaseIterable, Sendable {
    case confetti200 = "confetti_200"
    case confetti2000 = "confetti_2000"
    case spirograph

    package static let width = 1920
    package static let height = 1080

    /// The scene drawn: built once per case, as the peers load their particles and polyline
    /// once before timing.
    package var scene: any AnimatedScene {
        switch self {
        case .confetti200: Self.confetti200Scene
        case .confetti2000: Self.confetti2000Scene
        case .spirograph: Self.spirographScene
        }
    }

    private static let confetti200Scene = confetti(count: 200)
    private static let confetti2000Scene = confetti(count: 2000)
    private static let spirographScene = SpirographScene(
        spirograph: Spirograph(outerRadius: 125, innerRadius: 75, distance: 100, scale: 3),
        style: StrokeStyle(lineWidth: 6, lineCap: .butt, lineJoin: .miter, miterLimit: 10),
        color: Color(red: 0, green: 122 / 255, blue: 1))

    private static func confetti(count: Int) -> ConfettiScene {
        var configuration = ConfettiScene.Configuration()
        configuration.seed = 0x5EED
        configuration.count = count
        return ConfettiScene(configuration)
    }

    /// Frame `index` (t = index / 60) on a transparent 1920×1080 pixmap: pass the pixmap and
    /// rasterizer of the previous frame, or fresh ones.
    package func render(frame index: Int, into pixmap: inout Pixmap, using rasterizer: inout Rasterizer) {
        let time = FrameTime(index: index, seconds: Double(index) / 60)
        // Only what the previous frame drew needs clearing; the rasterizer remembers the row runs
        // of every fill (a fresh rasterizer knows nothing, so the whole pixmap is cleared).
        if !rasterizer.clearDrawn(in: &pixmap, to: .transparent) { pixmap.clear() }
        let list = self == .spirograph ? Self.spirographList : displayList(at: time)
        list.render(into: &pixmap, using: &rasterizer)
    }

    /// What the scene draws at `time`, on the benchmark's canvas.
    package func displayList(at time: FrameTime) -> DisplayList {
        scene.displayList(size: CGSize(width: Double(Self.width), height: Double(Self.height)), time: time)
    }

    /// The spirograph does not change with time, so its polyline is built once and every frame
    /// only strokes it, as `bench/scenes/README.md` specifies for all engines.
    private static let spirographList = BenchmarkScene.spirograph.displayList(
        at: FrameTime(index: 0, seconds: 0))
}
