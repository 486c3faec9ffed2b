import FlipbookCanvas
import FlipbookRaster
import FlipbookRendering
import Synchronization

/// Drawn layers by content: a layer (`drawLayer`) whose display list equals one drawn before is
/// composited from its kept pixels instead of being rasterized again — a static background or
/// title costs one composite per frame, not one drawing. Output is identical with the cache on
/// or off. Shared by all render workers; thread-safe through `ContentCache`.
///
/// Most layers drawn are never drawn again: in an animation, a moving layer is new in every
/// frame. So a layer is kept on trial: one of the next `reuseGap` frames painted that draws it
/// again reuses it (a static layer: the very next one), and it then stays while the budget
/// allows; one that none of them reused is dropped as soon as they are all painted
/// (`ContentCache`'s trial). The frames of an animation leave the budget to the layers that
/// repeat. Frames reused whole (a paused timeline) paint nothing, so they do not count: a layer
/// waits through them.
package final class LayerCache: Sendable {
    /// A layer's identity: its drawing, the canvas size it was drawn for and where the
    /// video's frame lies on that canvas.
    struct Key: Hashable, Sendable {
        var content: DisplayList
        var width: Int
        var height: Int
        var frame: PixelBounds
    }

    /// The frames being painted, numbered in the order they started: the trials' clock.
    private struct Paints {
        var started = 0
        var unfinished: Set<Int> = []
    }

    private let cache: ContentCache<Key, LayerPixels>
    private let paints = Mutex(Paints())

    /// How many frames painted after the one it was drawn for may reuse a layer that was not
    /// reused in between: 2, so that a layer alternating with another (a blink, a two-frame
    /// cycle) is kept too. Each frame more keeps every moving layer a frame longer: 8 MB a frame
    /// for a full-frame particle layer at 1080p.
    static let reuseGap = 2

    /// A cache of at most `budgetBytes` of layers, for frames painted for `rows` videos in
    /// turn (the rows of a batch rendered together, `RenderStage`): a layer stays on trial for
    /// the next `reuseGap` frames of its own video, so for `reuseGap` × `rows` frames painted.
    package init(budgetBytes: Int, rows: Int = 1) {
        cache = ContentCache(budgetBytes: budgetBytes, trialFrames: Self.reuseGap * max(rows, 1))
    }

    /// Layers composited from the cache, and layers drawn, so far.
    var counts: (hits: Int, misses: Int) { cache.counts }

    /// The cache as the layer store of a frame about to be painted (motion blur's sub-frames
    /// included), which `finish()`es it when painted.
    package func storeForNextFrame() -> FrameLayers {
        let frame = paints.withLock { paints in
            defer { paints.started += 1 }
            paints.unfinished.insert(paints.started)
            return paints.started
        }
        return FrameLayers(cache: self, frame: frame)
    }

    /// Notes that the `frame`th frame painted has made all its claims: every frame before the
    /// earliest one still being painted has settled.
    fileprivate func finish(frame: Int) {
        let settled = paints.withLock { paints in
            paints.unfinished.remove(frame)
            return (paints.unfinished.min() ?? paints.started) - 1
        }
        cache.settle(through: settled)
    }

    /// The pixels of `layer` drawn for the `frame`th frame painted: kept ones, or `draw`'s,
    /// which are then kept.
    fileprivate func pixels(
        of layer: DisplayList, width: Int, height: Int, shown: PixelBounds, frame: Int,
        draw: () -> LayerPixels
    ) -> (LayerPixels, reused: Bool) {
        let key = Key(content: layer, width: width, height: height, frame: shown)
        switch cache.claim(key, owner: frame) {
        case .ready(let pixels, _):
            return (pixels, true)
        case .pending(let pending, _):
            if let pixels = pending.wait() { return (pixels, true) }
            return (draw(), false)
        case .produce(let pending):
            let pixels = draw()
            let bytes =
                pixels.pixmap.bytes.count + pixels.runs.count * MemoryLayout<PixelRun>.stride
                + layer.approximateBytes
            cache.fulfil(pending, for: key, with: pixels, bytes: bytes)
            return (pixels, false)
        }
    }
}

/// The layer cache as the layer store of one painted frame: its claims are made at that frame's
/// number.
package struct FrameLayers: LayerStore {
    fileprivate let cache: LayerCache
    fileprivate let frame: Int

    package func pixels(
        of layer: DisplayList, width: Int, height: Int, frame shown: PixelBounds, draw: () -> LayerPixels
    ) -> (LayerPixels, reused: Bool) {
        cache.pixels(of: layer, width: width, height: height, shown: shown, frame: frame, draw: draw)
    }

    /// Tells the cache that the frame is painted: it makes no more claims.
    package func finish() {
        cache.finish(frame: frame)
    }
}
