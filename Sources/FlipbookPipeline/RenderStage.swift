import Dispatch
import FlipbookCanvas
import FlipbookMedia
import FlipbookRaster
import FlipbookTimeline
import Foundation
import Synchronization

/// Renders every frame of a scene on N Dispatch workers and feeds them, in order, to a sink on a
/// dedicated encoder thread.
///
/// ```
///  worker 1 ┐  take index i (≤ W in flight) → display list → rasterize → RGBA→YUV
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
    let width: Int
    let height: Int
    let background: PremultipliedColor
    let threads: Int
    let framesInFlight: Int

    private let nextIndex = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let slots: DispatchSemaphore
    private let channel = FrameChannel()
    private let reorder: ReorderBuffer
    private let pool: FramePool
    private let workers = DispatchGroup()

    init(
        scene: any AnimatedScene, sampler: TimelineSampler, width: Int, height: Int,
        background: PremultipliedColor, threads: Int, framesInFlight: Int
    ) {
        self.scene = scene
        self.sampler = sampler
        self.width = width
        self.height = height
        self.background = background
        self.threads = max(threads, 1)
        self.framesInFlight = max(framesInFlight, 1)
        // Created empty and then filled: libdispatch traps when a semaphore is freed below its
        // initial value, which an aborted render (encoder failure, cancellation) would leave.
        slots = DispatchSemaphore(value: 0)
        for _ in 0..<self.framesInFlight { slots.signal() }
        reorder = ReorderBuffer(channel: channel)
        pool = FramePool(width: width, height: height)
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
                        .async(group: workers) { self.renderLoop(rendered: rendered) }
                }
                let encoder = Thread {
                    let result = Result { try self.encodeLoop(makeSink: makeSink, progress: progress) }
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

    /// One worker: takes the next frame index while slots allow, renders it, hands it on and
    /// reports it to `rendered` (on this worker's thread).
    private func renderLoop(rendered: (Int) -> Void) {
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: width, height: height)
        let size = CGSize(width: Double(width), height: Double(height))
        while true {
            slots.wait()
            let index = nextIndex.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < sampler.frameCount, !cancelled.load(ordering: .relaxed) else {
                slots.signal()  // pass the slot on, so every waiting worker wakes and exits
                return
            }
            let list = scene.displayList(size: size, time: sampler.frame(index))
            pixmap.clear(to: background)
            list.render(into: &pixmap, using: &rasterizer)
            var frame = pool.take()
            YUVConverter.convert(pixmap, into: &frame)
            reorder.submit(index: index, frame: frame)
            rendered(index)
        }
    }

    /// The encoder thread's loop: writes frames in order until all are written, then finishes.
    private func encodeLoop(
        makeSink: () throws -> any FrameSink, progress: (ExportProgress) -> Void
    ) throws {
        let start = DispatchTime.now()
        let sink = try makeSink()
        for written in 0..<sampler.frameCount {
            switch channel.receive() {
            case .cancelled:
                throw CancellationError()
            case .frame(let index, let frame):
                assert(index == written, "the reorder buffer hands frames on in order")
                try sink.write(frame)
                pool.recycle(frame)
                slots.signal()
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                progress(
                    ExportProgress(
                        framesEncoded: written + 1, frameCount: sampler.frameCount,
                        elapsedSeconds: elapsed))
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
