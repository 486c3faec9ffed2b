import FlipbookCanvas
import FlipbookMedia
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// One video to render: a scene, its timeline, the frame size and the encoder settings.
///
/// ```swift
/// let export = VideoExport(scene: ConfettiScene(), sampler: sampler, width: 1920, height: 1080)
/// try await export.run(to: URL(fileURLWithPath: "out/confetti.mp4")) { print($0.fraction) }
/// ```
public struct VideoExport: Sendable {
    public var scene: any AnimatedScene
    public var sampler: TimelineSampler
    public var width: Int
    public var height: Int
    /// Painted under every frame. MP4 has no alpha, so transparent areas show this colour
    /// (fully transparent means black).
    public var background: Color
    public var crf: Double
    public var preset: String
    public var encoderThreads: Int
    /// Render workers; by default one per core.
    public var renderThreads: Int
    /// The most frames rendered ahead of the encoder (each holds one YUV frame in memory).
    public var framesInFlight: Int
    /// Reuse the pixels of an earlier frame with the same drawing (the output is identical
    /// either way; off is for comparison and debugging).
    public var caching = true
    /// Memory the frame cache may hold, in bytes. Reuse mostly needs the latest distinct frames
    /// (a paused or periodic timeline repeats the one before), so the default keeps ~20 at 1080p.
    public var cacheBytes = 64 << 20
    /// Memory the layer cache may hold, in bytes (a 1080p layer takes 8 MB).
    public var layerCacheBytes = 128 << 20
    /// Average several sub-frames per frame; `nil` for none.
    public var motionBlur: MotionBlur?
    /// For testing failure handling: make the encoder fail when it reaches this frame, exactly
    /// as a real encoder failure would surface (`ExportError.encodingFailed`, nothing left behind).
    public var failAtFrame: Int?

    public init(
        scene: any AnimatedScene, sampler: TimelineSampler, width: Int, height: Int,
        background: Color = .black
    ) {
        self.scene = scene
        self.sampler = sampler
        self.width = width
        self.height = height
        self.background = background
        crf = VideoEncoderSettings.defaultCRF
        preset = VideoEncoderSettings.defaultPreset
        encoderThreads = VideoEncoderSettings.defaultEncoderThreads
        renderThreads = ProcessInfo.processInfo.activeProcessorCount
        framesInFlight = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
    }

    public var encoderSettings: VideoEncoderSettings {
        VideoEncoderSettings(
            width: width, height: height, frameRate: sampler.frameRate, crf: crf, preset: preset,
            encoderThreads: encoderThreads)
    }

    /// What a finished export produced.
    public struct Summary: Hashable, Sendable {
        public var frameCount: Int
        public var elapsedSeconds: Double
        public var bytes: Int
        /// Frames rasterized; the rest reused an earlier frame's pixels.
        public var framesDrawn: Int
        /// Layers composited from the layer cache, and layers drawn.
        public var layersReused: Int
        public var layersDrawn: Int
    }

    /// Renders and encodes to `destination`, atomically: the file appears only when complete.
    /// - Parameters:
    ///   - progress: called on the encoder thread after each encoded frame, in order.
    ///   - rendered: called on a render worker after each frame is drawn (any order).
    /// - Throws: `ExportError`, or `CancellationError` when the task is cancelled (the partial
    ///   file is removed either way).
    @discardableResult
    public func run(
        to destination: URL, progress: @escaping @Sendable (ExportProgress) -> Void = { _ in },
        rendered: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> Summary {
        let settings = encoderSettings
        do {
            try settings.validate()
        } catch {
            throw ExportError.invalidSettings(error)
        }
        let output = try AtomicOutput(destination: destination)
        let stage = makeStage()
        let start = Date()
        do {
            let path = output.temporary.path
            let failAtFrame = failAtFrame
            try await stage.run(
                makeSink: {
                    let encoder = try VideoEncoder(path: path, settings: settings)
                    return failAtFrame.map { FaultInjectingSink(encoder, failAt: $0) } ?? encoder
                }, progress: progress, rendered: rendered)
            try output.commit()
        } catch let error as MediaError {
            output.discard()
            if error.isOutOfSpace { throw ExportError.outOfSpace(path: destination.path) }
            if error.isFileSystemRefusal {
                throw ExportError.outputNotWritable(path: destination.path, reason: error.description)
            }
            throw ExportError.encodingFailed(error)
        } catch {
            output.discard()
            throw error
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int) ?? 0
        return summary(of: stage, bytes: bytes, since: start)
    }

    /// Renders every frame into the sink that `makeSink` creates on the encoder thread (a
    /// custom output, or a discarding sink for measuring the render stage alone). Frames arrive
    /// in order as BT.709 `yuv420p`.
    @discardableResult
    public func run(
        into makeSink: @escaping @Sendable () throws -> any FrameSink,
        progress: @escaping @Sendable (ExportProgress) -> Void = { _ in }
    ) async throws -> Summary {
        let stage = makeStage()
        let start = Date()
        try await stage.run(makeSink: makeSink, progress: progress, rendered: { _ in })
        return summary(of: stage, bytes: 0, since: start)
    }

    private func makeStage() -> RenderStage {
        RenderStage(
            scene: scene, sampler: sampler, width: width, height: height,
            background: background.premultiplied, threads: renderThreads,
            framesInFlight: framesInFlight, cache: caching ? FrameCache(budgetBytes: cacheBytes) : nil,
            layerCache: caching ? LayerCache(budgetBytes: layerCacheBytes) : nil, motionBlur: motionBlur)
    }

    private func summary(of stage: RenderStage, bytes: Int, since start: Date) -> Summary {
        Summary(
            frameCount: sampler.frameCount, elapsedSeconds: Date().timeIntervalSince(start),
            bytes: bytes, framesDrawn: stage.cache?.counts.misses ?? sampler.frameCount,
            layersReused: stage.layerCache?.counts.hits ?? 0,
            layersDrawn: stage.layerCache?.counts.misses ?? 0)
    }
}
