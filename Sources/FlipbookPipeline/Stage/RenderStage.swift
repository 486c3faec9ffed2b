import Dispatch
import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookRaster
import FlipbookTimeline
import Foundation
import Synchronization

/// Renders every frame of one or more videos of the same timeline on N Dispatch workers and
/// feeds each, in order, to its own sink on its own encoder thread.
///
/// ```
///  worker 1 ┐  take index i (≤ W in flight) → frame i ÷ rows of row i mod rows → display list
///           │     → same as an earlier frame (any row's)? reuse, else rasterize → RGBA→YUV
///  worker 2 ┤                                          │
///  …        ┘                              row's ReorderBuffer ── in frame order ──► FrameChannel
///                                                                                      │
///                              row's encoder thread: sink.write(frame) → recycle, free a slot
/// ```
/// - A render has one row. The rows of a batch that differ only in their variables render
///   together (`ExportGroup`): frame k of every row before frame k + 1 of any, so that what
///   does not depend on the row — a background, a logo, confetti, a whole frame before the
///   headline comes in — is drawn once and its pixels reused by the other rows through the
///   caches, which all rows share. Each row keeps its own encoder, so its file is the one it
///   would be rendered alone.
/// - Workers are serial Dispatch queues, one per thread asked for; each owns its `Pixmap` and
///   `Rasterizer`, reused frame after frame. Frames are pure functions of their time, so any
///   worker may draw any frame of any row, in any order.
/// - A semaphore of `framesInFlight` slots is the back-pressure: a worker takes a slot before
///   starting a frame, the row's encoder thread returns it after encoding that frame. Memory is
///   therefore constant in the length of the video. No deadlock: the unfinished frame with the
///   lowest index is always being drawn, or is next for its row's encoder.
/// - Encoders run on their own `Thread`s, never on Swift's cooperative pool (blocking calls
///   there would starve other tasks).
///
/// One instance renders once. Thread-safe by construction: immutable configuration plus
/// `Mutex`/`Atomic`/semaphore state.
final class RenderStage: Sendable {
    /// What leaves the stage for one row: the sink its encoder thread makes, told of each
    /// encoded frame (`progress`, on that thread) and each rendered one (`rendered`, on a
    /// worker). The sink copies the packets of its first `copiedFrames` from an opening that
    /// has them already (`EncodedOpening`): those frames are not drawn, and it is handed a
    /// stand-in picture for each.
    struct Output: Sendable {
        var makeSink: @Sendable () throws -> any FrameSink
        var progress: @Sendable (ExportProgress) -> Void = { _ in }
        var rendered: @Sendable (Int) -> Void = { _ in }
        var copiedFrames = 0
    }

    let rows: [StageRow]
    let sampler: TimelineSampler
    /// The frame's size in pixels (`VideoExport.pixelSize`).
    let pixelSize: (width: Int, height: Int)
    /// Painted under every frame before the scene draws.
    let background: PremultipliedColor
    /// How many workers draw frames at once.
    let threads: Int
    /// How many frames may be drawn or waiting for an encoder at once (the slots).
    let framesInFlight: Int
    /// Reuses the pixels of earlier frames with the same drawing; `nil` renders every frame.
    let cache: FrameCache?
    /// Reuses the pixels of equal layers; `nil` draws every layer.
    let layerCache: LayerCache?
    let motionBlur: MotionBlur?
    /// The form the sinks take frames in.
    let input: FrameInput

    private let nextIndex = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let slots: DispatchSemaphore
    private let pool: FramePool
    private let written: Mutex<WrittenFrames>
    private let workers = DispatchGroup()

    /// A stage drawing `rows` (one per video, each with its scene and warnings) at
    /// `pixelSize`; the caches are given the budgets in bytes (`nil`: none).
    init(
        rows: [StageRow], sampler: TimelineSampler, pixelSize: (width: Int, height: Int),
        background: PremultipliedColor, threads: Int, framesInFlight: Int, cacheBytes: Int?,
        layerCacheBytes: Int?, motionBlur: MotionBlur?, input: FrameInput
    ) {
        self.rows = rows
        self.input = input
        let pool = FramePool(width: pixelSize.width, height: pixelSize.height)
        self.pool = pool
        // Frames the cache lets go of go back to the pool once the encoders are done with them
        // (frames it keeps stay shared with it, so an encoder cannot give those back): a render
        // with the cache on allocates its frames once, as one without does.
        cache = cacheBytes.map { bytes in
            FrameCache(budgetBytes: bytes) { frame, lastClaimant in
                if case .yuv420(let yuv) = frame { pool.recycle(yuv, afterWriting: lastClaimant) }
            }
        }
        layerCache = layerCacheBytes.map { LayerCache(budgetBytes: $0, rows: rows.count) }
        self.motionBlur = motionBlur
        (self.sampler, self.pixelSize) = (sampler, pixelSize)
        self.background = background
        self.threads = max(threads, 1)
        self.framesInFlight = max(framesInFlight, 1)
        written = Mutex(WrittenFrames(rows: rows.count))
        // Created empty and then filled: libdispatch traps when a semaphore is freed below its
        // initial value, which an aborted render (encoder failure, cancellation) would leave.
        slots = DispatchSemaphore(value: 0)
        for _ in 0..<self.framesInFlight { slots.signal() }
    }

    /// The size the scene draws in, a point per pixel: `VideoExport.renderedScene` has scaled
    /// it to the pixel size already.
    private var drawingSize: CGSize {
        CGSize(width: Double(pixelSize.width), height: Double(pixelSize.height))
    }

    /// Renders all frames of every row into the sink its `outputs` element makes, and returns
    /// how each row ended. A row whose sink fails stops alone; cancelling the calling task
    /// stops the workers after their current frame, and every unfinished row ends with
    /// `CancellationError`. A row that did not succeed has its sink dropped unfinished.
    func run(_ outputs: [Output]) async -> [Result<Void, any Error>] {
        let results = Mutex([Result<Void, any Error>?](repeating: nil, count: rows.count))
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                for worker in 0..<threads {
                    DispatchQueue(label: "flipbook.render.\(worker)", qos: .userInitiated)
                        .async(group: workers) {
                            self.renderLoop(
                                rendered: outputs.map(\.rendered), copied: outputs.map(\.copiedFrames))
                        }
                }
                let unfinished = Atomic<Int>(rows.count)
                for (number, (row, output)) in zip(rows, outputs).enumerated() {
                    let encoder = Thread {
                        let result = Result {
                            try row.warnings.receiving {
                                try self.encodeLoop(
                                    row: number, makeSink: output.makeSink, progress: output.progress)
                            }
                        }
                        if case .failure = result { self.stop(row: number) }
                        results.withLock { $0[number] = result }
                        guard unfinished.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else {
                            return
                        }
                        self.stopWorkers()
                        continuation.resume()
                    }
                    encoder.name = "flipbook.encoder.\(number)"
                    encoder.start()
                }
            }
            return results.withLock { $0.map { $0 ?? .failure(CancellationError()) } }
        } onCancel: {
            cancelled.store(true, ordering: .relaxed)
            for row in rows { row.channel.send(.cancelled) }
        }
    }

    /// Stops row `number` whose encoder ended early: its held frames' slots are given back, and
    /// its frames no longer hold back the frames the pool waits to recycle.
    private func stop(row number: Int) {
        for _ in 0..<rows[number].stop() { slots.signal() }
        pool.didWrite(through: written.withLock { $0.stop(row: number) })
    }

    /// One worker: takes the next frame index while slots allow, records its drawing, reuses
    /// or renders its pixels, hands the frame to its row and reports it to the row's
    /// `rendered` (on this worker's thread).
    private func renderLoop(rendered: [@Sendable (Int) -> Void], copied: [Int]) {
        var painter = FramePainter(
            width: pixelSize.width, height: pixelSize.height, background: background, layers: layerCache)
        while true {
            slots.wait()
            let index = nextIndex.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < sampler.frameCount * rows.count, !cancelled.load(ordering: .relaxed) else {
                slots.signal()  // pass the slot on, so every waiting worker wakes and exits
                return
            }
            let (frameIndex, number) = index.quotientAndRemainder(dividingBy: rows.count)
            let row = rows[number]
            guard !row.isStopped else {
                slots.signal()
                continue
            }
            let (frame, report) = row.warnings.receiving {
                if frameIndex < copied[number] {
                    return (standIn, FrameReport(index: frameIndex, outcome: .copied))
                }
                let drawing = Self.drawing(
                    of: row.scene, at: sampler.frame(frameIndex), size: drawingSize, motionBlur: motionBlur,
                    rate: sampler.frameRate)
                return produce(drawing, index: index, painter: &painter)
            }
            guard row.reorder.submit(index: frameIndex, frame: frame, report: report) else {
                slots.signal()  // the row stopped while the frame was drawn
                continue
            }
            rendered[number](frameIndex)
        }
    }

    /// What a row's sink gets for a frame whose packets it copies: a picture it does not look at.
    private var standIn: VideoFrame {
        switch input {
        case .yuv420: .yuv420(YUVFrame(width: 2, height: 2))
        case .rgba: .rgba(Pixmap(width: 1, height: 1))
        }
    }

    /// What `scene` draws for the frame at `time` on a canvas of `size`: its display list, or
    /// one per sub-frame with motion blur. Frames with equal drawings have equal pixels.
    static func drawing(
        of scene: any AnimatedScene, at time: FrameTime, size: CGSize, motionBlur: MotionBlur?,
        rate: FrameRate
    ) -> [DisplayList] {
        let times = motionBlur?.subframes(of: time, rate: rate) ?? [time]
        return times.map { scene.displayList(size: size, time: $0) }
    }

    /// The frame for `drawing` (frame `index` of all rows' frames): from the cache when an
    /// earlier frame of any row drew the same, else rendered (and offered to the cache).
    private func produce(
        _ drawing: [DisplayList], index: Int, painter: inout FramePainter
    ) -> (VideoFrame, FrameReport) {
        let (frameIndex, number) = index.quotientAndRemainder(dividingBy: rows.count)
        var claimed: PendingResult<VideoFrame>?
        switch cache?.claim(drawing, owner: index) {
        case .ready(let frame, let owner)?:
            return (frame, reuse(of: owner, byFrame: frameIndex, row: number))
        case .pending(let pending, let owner)?:
            if let frame = pending.wait() {
                return (frame, reuse(of: owner, byFrame: frameIndex, row: number))
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
        rows[number].countPainted(
            layersReused: painter.layerCounts.reused, layersDrawn: painter.layerCounts.drawn)
        return (frame, report(row: number, index: frameIndex, layers: painter.layerReports))
    }

    /// The report of frame `frameIndex` of row `number`, which took the pixels drawn for
    /// `owner` (an index over all rows' frames). Another row's frame is told by its frame
    /// index, never a later one than this frame's own: only a later frame of the same row is
    /// one whose own report (`ReportOrder`) this one waits for.
    private func reuse(of owner: Int, byFrame frameIndex: Int, row number: Int) -> FrameReport {
        let (source, sourceRow) = owner.quotientAndRemainder(dividingBy: rows.count)
        let told = sourceRow == number ? source : min(source, frameIndex)
        return FrameReport(index: frameIndex, outcome: .reused(from: told))
    }

    /// The report of redrawn frame `index` of row `number` (`FrameReport.redrawn`).
    private func report(row number: Int, index: Int, layers: [FrameReport.LayerReport]) -> FrameReport {
        FrameReport.redrawn(
            index: index, layers: layers, scene: rows[number].scene, sampler: sampler, size: drawingSize,
            caching: cache != nil)
    }

    /// Row `number`'s encoder thread: writes its frames in order until all are written, then
    /// finishes.
    private func encodeLoop(
        row number: Int, makeSink: () throws -> any FrameSink, progress: (ExportProgress) -> Void
    ) throws {
        let start = DispatchTime.now()
        let sink = try makeSink()
        var order = ReportOrder { index, layers in self.report(row: number, index: index, layers: layers) }
        for written in 0..<sampler.frameCount {
            switch rows[number].channel.receive() {
            case .cancelled:
                throw CancellationError()
            case .frame(let index, let frame, let report):
                assert(index == written, "the reorder buffer hands frames on in order")
                try sink.write(frame)
                // A cached frame stays shared with the cache, which gives it back when it lets go
                // of it; the pool only takes frames it can overwrite without a copy.
                if cache == nil, case .yuv420(let yuv) = frame { pool.recycle(yuv) }
                pool.didWrite(through: self.written.withLock { $0.record(frame: written, row: number) })
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

    /// Stops row `number` as if its encoder had failed: for a row a warning stopped
    /// (`--strict`) while the others go on. Its `run` result is a `CancellationError`.
    func cancel(row number: Int) {
        rows[number].channel.send(.cancelled)
    }

    /// Stops the workers (after their current frame) and waits until all have returned.
    private func stopWorkers() {
        cancelled.store(true, ordering: .relaxed)
        for _ in 0..<threads { slots.signal() }
        workers.wait()
    }
}
