import FlipbookCanvas
import FlipbookRaster
import Synchronization

/// Drawn layers by content: a layer (`drawLayer`) whose display list equals one drawn before is
/// composited from its kept pixels instead of being rasterized again — a static background or
/// title costs one composite per frame, not one drawing. Output is identical with the cache on
/// or off. Shared by all render workers; thread-safe through `ContentCache`.
///
/// Most layers drawn are never drawn again: in an animation, a moving layer is new in every
/// frame. So a layer is kept on trial: one of the next `reuseGap` frames painted that draws it
/// again reuses it (a static layer: the very next one), and it then stays while the budget
/// allows; one that none of them reused is dropped (`ContentCache`'s trial). The frames of an
/// animation leave the budget to the layers that repeat. Frames reused whole (a paused
/// timeline) paint nothing, so they do not count: a layer waits through them.
package final class LayerCache: Sendable {
    /// A layer's identity: its drawing and the canvas size it was drawn for.
    struct Key: Hashable, Sendable {
        var content: DisplayList
        var width: Int
        var height: Int
    }

    private let cache: ContentCache<Key, LayerPixels>
    /// Frames painted so far: the clock of the trials, each frame's claims made at its number.
    private let paintedFrames = Atomic<Int>(0)

    /// How many frames painted after the one it was drawn for a layer is sure to be found by a
    /// frame that draws it again, without having been reused in between: 2, so that a layer
    /// alternating with another (a blink, a two-frame cycle) is kept too. Each frame more keeps
    /// every moving layer a frame longer: 8 MB a frame for a full-frame particle layer at 1080p.
    static let reuseGap = 2

    /// A cache of at most `budgetBytes` of layers for a render painting at most
    /// `framesInFlight` frames at once. Frames are painted out of order, but when the frame
    /// painted `n`th starts, every one up to the `n - framesInFlight`th has finished: so a trial
    /// of `reuseGap + framesInFlight` frames lets the `reuseGap` frames painted after a layer's
    /// own make their claims first.
    package init(budgetBytes: Int, framesInFlight: Int) {
        cache = ContentCache(budgetBytes: budgetBytes, trialFrames: Self.reuseGap + max(framesInFlight, 1))
    }

    /// Layers composited from the cache, and layers drawn, so far.
    var counts: (hits: Int, misses: Int) { cache.counts }

    /// The cache as the layer store of a frame about to be painted (motion blur's sub-frames
    /// included).
    package func storeForNextFrame() -> some LayerStore {
        FrameLayers(cache: self, frame: paintedFrames.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    /// The pixels of `layer` drawn for the `frame`th frame painted: kept ones, or `draw`'s,
    /// which are then kept.
    fileprivate func pixels(
        of layer: DisplayList, width: Int, height: Int, frame: Int, draw: () -> LayerPixels
    ) -> (LayerPixels, reused: Bool) {
        let key = Key(content: layer, width: width, height: height)
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

/// The layer cache as one painted frame's layer store: its claims are made at that frame's
/// number.
private struct FrameLayers: LayerStore {
    let cache: LayerCache
    let frame: Int

    func pixels(of layer: DisplayList, width: Int, height: Int, draw: () -> LayerPixels) -> (
        LayerPixels, reused: Bool
    ) {
        cache.pixels(of: layer, width: width, height: height, frame: frame, draw: draw)
    }
}
