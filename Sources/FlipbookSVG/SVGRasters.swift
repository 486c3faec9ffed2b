import FlipbookRaster
import Synchronization

/// SVG documents rasterised at the sizes they were drawn at, shared by every frame and thread:
/// a settled logo is rasterised once; one that scales in is rasterised once per size it
/// passes through. The oldest sizes are forgotten beyond `capacity` rasterisations or
/// `budgetBytes` of them, whichever comes first (the latest is kept whatever its size).
package enum SVGRasters {
    /// The document itself (not its address, which a later document could reuse once a
    /// batch's earlier preset is gone) and the pixel size.
    private struct Key: Hashable, Sendable {
        var document: SVGDocument
        var width: Int
        var height: Int
    }

    /// The most rasterisations kept.
    package static let capacity = 48
    /// The most pixels one rasterisation has (4096 × 4096, 64 MB).
    package static let maximumPixels = 4096.0 * 4096.0
    /// The most bytes the rasterisations kept take together: four of the largest, or a logo
    /// scaling in at 1080p through about thirty sizes. Forty-eight of the largest took 3 GB.
    package static let budgetBytes = 256 << 20

    private struct Kept {
        var images: [Key: RasterImage] = [:]
        var order: [Key] = []
        var bytes = 0
    }

    private static let cache = Mutex(Kept())

    package static func image(_ document: SVGDocument, width: Int, height: Int) -> RasterImage? {
        let key = Key(document: document, width: width, height: height)
        if let image = cache.withLock({ $0.images[key] }) { return image }
        guard let pixmap = try? document.rasterized(width: width, height: height) else { return nil }
        let image = RasterImage(pixmap)
        cache.withLock { cache in
            guard cache.images[key] == nil else { return }
            cache.images[key] = image
            cache.order.append(key)
            cache.bytes += pixmap.bytes.count
            while cache.order.count > 1, cache.order.count > capacity || cache.bytes > budgetBytes {
                let oldest = cache.order.removeFirst()
                cache.bytes -= cache.images.removeValue(forKey: oldest)?.pixmap.bytes.count ?? 0
            }
        }
        return image
    }
}
