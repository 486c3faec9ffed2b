import FlipbookRaster
import Synchronization

/// SVG documents rasterised at the sizes they were drawn at, shared by every frame and thread:
/// a settled logo is rasterised once; one that scales in is rasterised once per size it
/// passes through. The oldest sizes are forgotten beyond `capacity`.
public enum SVGRasters {
    /// The document itself (not its address, which a later document could reuse once a
    /// batch's earlier preset is gone) and the pixel size.
    private struct Key: Hashable, Sendable {
        var document: SVGDocument
        var width: Int
        var height: Int
    }

    private static let capacity = 48
    /// The most pixels one rasterisation has (4096 × 4096, 64 MB).
    public static let maximumPixels = 4096.0 * 4096.0
    private static let cache = Mutex<(images: [Key: RasterImage], order: [Key])>(([:], []))

    public static func image(_ document: SVGDocument, width: Int, height: Int) -> RasterImage? {
        let key = Key(document: document, width: width, height: height)
        if let image = cache.withLock({ $0.images[key] }) { return image }
        guard let pixmap = try? document.rasterized(width: width, height: height) else { return nil }
        let image = RasterImage(pixmap)
        cache.withLock { cache in
            guard cache.images[key] == nil else { return }
            cache.images[key] = image
            cache.order.append(key)
            if cache.order.count > capacity { cache.images[cache.order.removeFirst()] = nil }
        }
        return image
    }
}
