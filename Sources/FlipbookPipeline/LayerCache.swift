import FlipbookCanvas
import FlipbookRaster

/// Drawn layers by content: a layer (`drawLayer`) whose display list equals one drawn before is
/// composited from its kept pixels instead of being rasterized again — a static background or
/// title costs one composite per frame, not one drawing. Output is identical with the cache on
/// or off. Shared by all render workers; thread-safe through `ContentCache`.
package final class LayerCache: LayerStore {
    /// A layer's identity: its drawing and the canvas size it was drawn for.
    struct Key: Hashable, Sendable {
        var content: DisplayList
        var width: Int
        var height: Int
    }

    private let cache: ContentCache<Key, LayerPixels>

    package init(budgetBytes: Int) {
        cache = ContentCache(budgetBytes: budgetBytes)
    }

    /// Layers composited from the cache, and layers drawn, so far.
    var counts: (hits: Int, misses: Int) { cache.counts }

    package func pixels(
        of layer: DisplayList, width: Int, height: Int, draw: () -> LayerPixels
    ) -> (LayerPixels, reused: Bool) {
        let key = Key(content: layer, width: width, height: height)
        switch cache.claim(key, owner: 0) {
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
