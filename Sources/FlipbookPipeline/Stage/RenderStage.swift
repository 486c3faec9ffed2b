import Dispatch
import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookRaster
import FlipbookTimeline
import Foundation
import Synchronization

/// Renders every frame of a scene on N Dispatch workers and feeds them, in order, to a sink on a
/// dedicated encoder thread.
///
/// ```
///  worker 1 ┐  take index i (≤ W in flight) → display list → same as an earlier frame? reuse
///           │                                  else rasterize → RGBA→YUV
///  worker 2 ┤                                          │
///  …        ┘                                   ReorderBuffer ── in index order ──► FrameChannel
///                                                                                      │
///                                               encoder thread: sink.write(frame) → recycle, free a slot
/// ```
/// - Workers are serial Dispatch queues, one per thread asked for; each owns its `Pixmap` and
///   `Rasterizer`, reused frame after frame. Frames are pure functions of their time, so any
///   worker may draw any frame, in any order.
/// - A semaphore of `framesInFlight` slots is the back-pressure: a worker takes a slot before
///   starting a frame, the encoder thread returns it after encoding that frame. Memory is
///   therefore constant in the length of the video.
/// - The encoder runs on its own `Thread`, never on Swift's cooperative pool (blocking calls there
///   would starve other tasks).
///
/// One instance renders once. Thread-safe by construction: immutable configuration plus
/// `Mutex`/`Atomic`/semaphore state.
final class RenderStage: Sendable {
    let scene: any AnimatedScene
    let sampler: TimelineSampler
    /// The frame's size in pixels (`VideoExport.pixelSize`).
    let pixelSize: (width: Int, height: Int)
    /// Painted under every frame before the scene draws.
    let background: PremultipliedColor
    /// How many workers draw frames at once.
    let threads: Int
    /// How many frames may be drawn or waiting for the encoder at once (the slots).
    let framesInFlight: Int
    /// Reuses the pixels of earlier frames with the same drawing; `nil` renders every frame.
    let cache: FrameCache?
    /// Reuses the pixels of equal layers; `nil` draws every layer.
    let layerCache: LayerCache?
    let motionBlur: MotionBlur?
    /// The form the sink takes frames in.
    let input: FrameInput
    /// Where the workers' and the encoder's warnings go (`VideoExport.warnings`).
    let warnings: WarningSink

    private let nextIndex = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let slots: DispatchSemaphore
    private let channel = FrameChannel()
    private let reorder: ReorderBuffer
    private let pool: FramePool
    private let workers = DispatchGroup()

    init(
        scene: any AnimatedScene, sampler: TimelineSampler, pixelSize: (width: Int, height: Int),
        background: PremultipliedColor, threads: Int, framesInFlight: Int, cacheBytes: Int?,
        layerCache: LayerCache?, motionBlur: MotionBlur?, input: FrameInput, warnings: WarningSink
    ) {
        self.input = input
        self.warnings = warnings
        let pool = FramePool(width: pixelSize.width, height: pixelSize.height)
        self.pool = pool
        // Frames the cache lets go of go back to the pool once the encoder is done with them
        // (frames it keeps stay shared with it, so the encoder cannot give those back): a render
        // with the cache on allocates its frames once, as one without does.
        cache = cacheBytes.map { bytes in
            FrameCache(budgetBytes: bytes) { frame, lastClaimant in
                if case .yuv420(let yuv) = frame { pool.recycle(yuv, afterWriting: lastClaimant) }
            }
        }
        (self.layerCache, self.motionBlur) = (layerCache, motionBlur)
        (self.scene, self.sampler, self.pixelSize) = (scene, sampler, pixelSize)
        self.background = background
        self.threads = max(threads, 1)
        self.framesInFlight = max(framesInFlight, 1)
        // Created empty and then filled: libdispatch traps when a semaphore is freed below its
        // initial value, which an aborted render (encoder failure, cancellation) would leave.
        slots = DispatchSemaphore(value: 0)
        for _ in 0..<self.framesInFlight { slots.signal() }
        reorder = ReorderBuffer(channel: channel)
    }

    /// The size the scene draws in, a point per pixel: `VideoExport.renderedScene` has scaled
    /// it to the pixel size already.
    private var drawingSize: CGSize {
        CGSize(width: Double(pixelSize.width), height: Double(pixelSize.height))
    }

    /// Renders all frames into the sink that `makeSink` creates on the encoder thread, calling
    /// `progress` there after each encoded frame and `rendered` on the workers after each
    /// rendered one. Cancelling the calling task stops the workers after
    /// their current frame and throws `CancellationError`; the sink is then dropped unfinished.
    func run(
        makeSink: @escaping @Sendable () throws -> any FrameSink,
        progress: @escaping @Sendable (ExportProgress) -> Void,
        rendered: @escaping @Sendable (Int) -> Void
    ) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                for worker in 0..<threads {
                    DispatchQueue(label: "flipbook.render.\(worker)", qos: .userInitiated)
                        .async(group: workers) {
                            self.warnings.receiving { self.renderLoop(rendered: rendered) }
                        }
                }
                let encoder = Thread {
                    let result = Result {
                        try self.warnings.receiving {
                            try self.encodeLoop(makeSink: makeSink, progress: progress)
                        }
                    }
                    self.stopWorkers()
                    continuation.resume(with: result)
                }
                encoder.name = "flipbook.encoder"
                encoder.start()
            }
        } onCancel: {
            cancelled.store(true, ordering: .relaxed)
            channel.send(.cancelled)
        }
    }

    /// One worker: takes the next frame index while slots allow, records its drawing, reuses
    /// or renders its pixels, hands the frame on and reports it to `rendered` (on this
    /// worker's thread).
    private func renderLoop(rendered: (Int) -> Void) {
        var painter = FramePainter(
            width: pixelSize.width, height: pixelSize.height, background: background, layers: layerCache)
        while true {
            slots.wait()
            let index = nextIndex.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < sampler.frameCount, !cancelled.load(ordering: .relaxed) else {
                slots.signal()  // pass the slot on, so every waiting worker wakes and exits
                return
            }
            let time = sampler.frame(index)
            let times = motionBlur?.subframes(of: time, rate: sampler.frameRate) ?? [time]
            let drawing = times.map { scene.displayList(size: drawingSize, time: $0) }
            let (frame, report) = produce(drawing, index: index, painter: &painter)
            reorder.submit(index: index, frame: frame, report: report)
            rendered(index)
        }
    }

    /// The frame for `drawing`: from the cache when an earlier frame drew the same, else
    /// rendered (and offered to the cache).
    private func produce(
        _ drawing: [DisplayList], index: Int, painter: inout FramePainter
    ) -> (VideoFrame, FrameReport) {
        var claimed: PendingResult<VideoFrame>?
        switch cache?.claim(drawing, owner: index) {
        case .ready(let frame, let source)?:
            return (frame, FrameReport(index: index, outcome: .reused(from: source)))
        case .pending(let pending, let source)?:
            if let frame = pending.wait() {
                return (frame, FrameReport(index: index, outcome: .reused(from: source)))
            }
        case .produce(let pending)?:
            claimed = pending
        case nil:
            break
        }
        let frame = painter.paint(drawing, as: input, pool: pool)
        if let claimed {
            // The drawing is kept as the key: a frame of ten thousand glyphs outweighs its pixels.
            let bytes = frame.byteCount + drawing.reduce(0) { $0 + $1.approximateBytes }
            cache?.fulfil(claimed, for: drawing, with: frame, bytes: bytes)
        }
        return (frame, report(index: index, layers: painter.layerReports))
    }

    /// The report of redrawn frame `index`: why the frame and each of its redrawn named layers
    /// were drawn (a model property the layer read, else the frame's reason).
    private func report(index: Int, layers: [FrameReport.LayerReport]) -> FrameReport {
        let frameReason = reason(for: index)
        var layerReasons: [String: String] = [:]
        if index > 0, layers.contains(where: { !$0.reused }) {
            layerReasons = scene.layerChanges(
                from: sampler.frame(index - 1), to: sampler.frame(index), size: drawingSize)
        }
        let reported = layers.map { layer in
            FrameReport.LayerReport(
                name: layer.name, reused: layer.reused,
                reason: layer.reused ? nil : layerReasons[layer.name] ?? frameReason)
        }
        return FrameReport(index: index, outcome: .redrawn(reason: frameReason), layers: reported)
    }

    /// Why frame `index` had to be drawn: what changed since the previous frame.
    private func reason(for index: Int) -> String {
        guard index > 0 else { return "first frame" }
        guard cache != nil else { return "caching is off" }
        let before = scene.timelineDate(at: sampler.frame(index - 1))
        let now = scene.timelineDate(at: sampler.frame(index))
        return before == now ? "drawing changed, timeline.date did not" : "timeline.date changed"
    }

    /// The encoder thread's loop: writes frames in order until all are written, then finishes.
    private func encodeLoop(
        makeSink: () throws -> any FrameSink, progress: (ExportProgress) -> Void
    ) throws {
        let start = DispatchTime.now()
        let sink = try makeSink()
        var order = ReportOrder { index, layers in self.report(index: index, layers: layers) }
        for written in 0..<sampler.frameCount {
            switch channel.receive() {
            case .cancelled:
                throw CancellationError()
            case .frame(let index, let frame, let report):
                assert(index == written, "the reorder buffer hands frames on in order")
                try sink.write(frame)
                // A cached frame stays shared with the cache, which gives it back when it lets go
                // of it; the pool only takes frames it can overwrite without a copy.
                if cache == nil, case .yuv420(let yuv) = frame { pool.recycle(yuv) }
                pool.didWrite(through: written)
                slots.signal()
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                let ready = order.add(
                    ExportProgress(
                        framesEncoded: written + 1, frameCount: sampler.frameCount,
                        elapsedSeconds: elapsed, report: report))
                ready.forEach(progress)
            }
        }
        try sink.finish()
    }

    /// Stops the workers (after their current frame) and waits until all have returned.
    private func stopWorkers() {
        cancelled.store(true, ordering: .relaxed)
        for _ in 0..<threads { slots.signal() }
        workers.wait()
    }
}
