import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import Synchronization

/// One video of a render stage: its scene, and the way from the workers to its encoder (a
/// reorder buffer and a channel), with what its frames cost. A render has one; the rows of a
/// batch rendered together (`ExportGroup`) have one each, and share the workers, the slots
/// and the caches.
///
/// A row can be stopped (its encoder failed, or a warning with `--strict` stopped it) while
/// the others go on: from then on the workers skip its frames, and the slots its frames held
/// are given back, so the rows still rendering are not starved. Thread-safe: counters are
/// atomics, the rest is the buffer's and the channel's own locking.
final class StageRow: Sendable {
    let scene: any AnimatedScene
    /// Where the warnings about this row's frames go (its export's `warnings`).
    let warnings: WarningSink
    let channel = FrameChannel()
    let reorder: ReorderBuffer
    /// Frames painted for this row (the rest took an earlier frame's pixels), and the layers
    /// its painted frames composited from the layer cache and drew.
    let framesDrawn = Atomic<Int>(0)
    let layersReused = Atomic<Int>(0)
    let layersDrawn = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    init(scene: any AnimatedScene, warnings: WarningSink) {
        self.scene = scene
        self.warnings = warnings
        reorder = ReorderBuffer(channel: channel)
    }

    /// Whether the row was stopped: its frames need not be drawn.
    var isStopped: Bool {
        stopped.load(ordering: .relaxed)
    }

    /// Stops the row: its reorder buffer takes no more frames, and the frames it and the
    /// channel held are dropped. Returns how many there were — the slots to give back.
    func stop() -> Int {
        stopped.store(true, ordering: .relaxed)
        return reorder.stop() + channel.dropFrames()
    }

    /// Adds what painting one frame of this row cost.
    func countPainted(layersReused reused: Int, layersDrawn drawn: Int) {
        framesDrawn.add(1, ordering: .relaxed)
        layersReused.add(reused, ordering: .relaxed)
        layersDrawn.add(drawn, ordering: .relaxed)
    }
}
