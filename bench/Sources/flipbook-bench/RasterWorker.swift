import Flipbook

/// One thread's pixmap and rasterizer, drawing benchmark frames as the render stage's workers
/// do; each is used by one thread only.
final class RasterWorker: @unchecked Sendable {
    private var pixmap = Pixmap(width: BenchmarkScene.width, height: BenchmarkScene.height)
    private var rasterizer = Rasterizer()

    func draw(_ scene: DrawnScene, frame: Int) {
        switch scene {
        case .benchmark(let scene): scene.render(frame: frame, into: &pixmap, using: &rasterizer)
        case .launch: LaunchScene.frame.render(into: &pixmap, using: &rasterizer)
        }
    }
}
