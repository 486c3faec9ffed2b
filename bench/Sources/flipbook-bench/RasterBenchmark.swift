import Dispatch
import Flipbook

/// Rasterization alone (display list → pixels, no colour conversion or encoding) of the frames of
/// a scene, on one thread or on several.
struct RasterBenchmark {
    let scene: any AnimatedScene
    let sampler: TimelineSampler
    let width: Int
    let height: Int
    let background: PremultipliedColor

    /// Frames per second drawing every frame once on `threads` threads (frames dealt out in
    /// contiguous chunks; each thread owns its pixmap and rasterizer, as the render stage does).
    func framesPerSecond(threads: Int) -> Double {
        let count = sampler.frameCount
        let size = CGSize(width: Double(width), height: Double(height))
        let elapsed = seconds {
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                var rasterizer = Rasterizer()
                var pixmap = Pixmap(width: width, height: height)
                for index in stride(from: worker, to: count, by: threads) {
                    let list = scene.displayList(size: size, time: sampler.frame(index))
                    pixmap.clear(to: background)
                    list.render(into: &pixmap, using: &rasterizer)
                }
            }
        }
        return Double(count) / elapsed
    }
}
