import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookRaster
import Foundation

extension VideoExport {
    /// The memory the render will hold at its peak, worked out before its first frame: the
    /// scene's own share (`AnimatedScene.estimatedMemory`, at the output's pixel size) and the
    /// render's —
    ///
    /// - each worker's frame (premultiplied RGBA, four bytes a pixel), the `yuv420p` frame it
    ///   converted last, and with motion blur its running sums (eight bytes a pixel) and average;
    /// - what each worker's rasterizer keeps between frames (`Rasterizer.keptBytes`): spare
    ///   mask arrays, swept coverage and glyph masks;
    ///   and a tenth of all each worker holds for the memory its allocator keeps between frames;
    /// - the frames in flight between the workers and the encoder (`framesInFlight`);
    /// - the frame cache (`cacheBytes`, and the latest two frames whatever their size) and the
    ///   layer cache (`layerCacheBytes`), filled up to their budgets;
    /// - the video encoder's frames (`VideoEncoderSettings.encoderBytes`);
    /// - the sound's files playing at once (`AudioMix.memoryEstimate(totalFrames:)`).
    ///
    /// Items the workers each hold are counted once per render worker (`memoryWorkers`). A still
    /// is drawn on its own: the scene's share and the frame.
    package var memoryEstimate: MemoryEstimate {
        memoryEstimate(rows: 1)
    }

    /// The memory `rows` exports like this one take at their peak rendered together
    /// (`ExportGroup`): the workers' and the caches once, the frames in flight for them all,
    /// and every row's scene, encoder and sound.
    package func memoryEstimate(rows: Int) -> MemoryEstimate {
        let pixels = pixelSize
        let settings = encoderSettings
        var estimate = renderedScene.estimatedMemory(
            canvas: CGSize(width: Double(pixels.width), height: Double(pixels.height)), scale: 1)
        // A worker draws one row's frame at a time; what the scene holds for the whole render
        // (its pictures, its particles) every row holds.
        let held = MemoryEstimate(items: estimate.items.filter { !$0.perWorker })
        for _ in 1..<max(rows, 1) { estimate.add(held) }
        let canvas = MemoryEstimate.canvasBytes(width: pixels.width, height: pixels.height)
        guard !output.format.isStill else {
            // A still is one frame, drawn on its own: no frames in flight, caches or encoder.
            estimate.add("the frame it draws and its encoding", bytes: 2 * canvas, perWorker: false)
            return estimate
        }
        let converted = pixels.width * pixels.height * 3 / 2
        let inFlight = settings.frameInput == .yuv420 ? converted : canvas
        estimate.add(
            "the frame it draws and the last it converted", bytes: canvas + converted, perWorker: true)
        if motionBlur != nil {
            estimate.add("motion blur's sums and average", bytes: 3 * canvas, perWorker: true)
        }
        estimate.add(
            "the spare mask arrays and coverage caches its rasterizer keeps",
            bytes: Rasterizer.keptBytes(width: pixels.width, height: pixels.height), perWorker: true)
        // The command line has the allocator keep freed memory for the next frame
        // (`AllocatorTuning`), each worker in a heap of its own, so a worker's peak runs past what
        // it holds at once: fifteen nested turns moving at 1080p peaked at 1.14 GB where the
        // rest of this estimate says 1.10.
        let perWorker = estimate.items.filter(\.perWorker).reduce(0) { MemoryEstimate.Item.sum($0, $1.bytes) }
        estimate.add("the allocator's slack, a tenth", bytes: perWorker / 10, perWorker: true)
        let inFlightFrames = framesInFlight(rows: rows)
        estimate.add("\(inFlightFrames) frames in flight", bytes: inFlightFrames * inFlight, perWorker: false)
        if caching {
            estimate.add(
                "the frame cache", bytes: max(cacheBytes, 2 * inFlight), perWorker: false)
            estimate.add("the layer cache", bytes: layerCacheBytes, perWorker: false)
        }
        for _ in 0..<rows {
            estimate.add("the \(output.format) encoder", bytes: settings.encoderBytes, perWorker: false)
            if let audio = settings.audio {
                estimate.add(audio.mix.memoryEstimate(totalFrames: audio.totalFrames))
            }
        }
        return estimate
    }

    /// The workers that each hold what a frame being drawn holds: the render threads (a still
    /// draws one frame).
    package var memoryWorkers: Int {
        output.format.isStill ? 1 : max(renderThreads, 1)
    }
}
