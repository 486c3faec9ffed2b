import Flipbook
import FlipbookFFmpeg
import FlipbookPipeline
import Foundation
import Synchronization

/// Renders the frames one shape of the studio shows, on demand, with the renderer `render`
/// uses (`FramePainter`: the same display lists, rasterizer and layer cache as a render
/// worker), at the size the page shows it in device pixels.
///
/// Newest request wins: each request takes a ticket, and a request that finds a newer ticket
/// taken by the time it may render answers "superseded" without rendering, so a scrub never
/// queues stale frames. One frame of a shape renders at a time (its painter is reused frame
/// after frame), and the layer cache stays warm between requests and across reloads (layers are
/// kept by their drawing, so an edit redraws only what it changed).
///
/// Called from the server's connection threads; `painting` is the one lock.
package final class FrameRenderer: Sendable {
    /// A frame as the page takes it: straight (not premultiplied) RGBA rows, top to bottom.
    package struct Frame: Sendable {
        package var width: Int
        package var height: Int
        package var index: Int
        package var rgba: Data
    }

    private struct Painting {
        var painter: FramePainter?
        var width = 0
        var height = 0
    }

    /// The widest frame a page may ask for, in device pixels (a 4K screen's width, twice).
    static let widest = 7680

    /// Memory the layer cache of one shape may hold.
    static let layerCacheBytes = 96 << 20

    package let shape: PreviewShape
    private let layers = LayerCache(budgetBytes: FrameRenderer.layerCacheBytes)
    private let painting = Mutex(Painting())
    private let tickets = Atomic<Int>(0)

    package init(shape: PreviewShape) { self.shape = shape }

    /// The export `document`'s frames are drawn by for this shape at `pixelWidth` device pixels
    /// (the height follows the shape): the preset's video as read for this shape, scaled.
    package func export(of document: PreviewDocument, pixelWidth: Int) -> VideoExport {
        var export = document.export(on: shape)
        export.scale = Double(pixelWidth) / Double(shape.width)
        export.output.format = .png
        return export
    }

    /// Frame `index` of `document` at `pixelWidth`, or `nil` when a newer request came first.
    /// `limit` is taken while rendering: it caps the frames rendered at once across shapes.
    package func frame(
        _ index: Int, of document: PreviewDocument, pixelWidth: Int, limit: DispatchSemaphore
    ) -> Frame? {
        let ticket = tickets.add(1, ordering: .acquiringAndReleasing).newValue
        return painting.withLock { painting -> Frame? in
            guard tickets.load(ordering: .acquiring) == ticket else { return nil }
            limit.wait()
            defer { limit.signal() }
            let export = export(of: document, pixelWidth: pixelWidth)
            let pixels = export.pixelSize
            if painting.painter == nil || painting.width != pixels.width || painting.height != pixels.height {
                painting.painter = FramePainter(
                    width: pixels.width, height: pixels.height, background: export.background.premultiplied,
                    layers: layers)
                (painting.width, painting.height) = (pixels.width, pixels.height)
            }
            let time = export.sampler.frame(min(max(index, 0), export.sampler.frameCount - 1))
            let drawing = export.renderedScene.displayList(
                size: CGSize(width: Double(pixels.width), height: Double(pixels.height)), time: time)
            let pool = FramePool(width: pixels.width, height: pixels.height)
            guard case .rgba(let pixmap) = painting.painter?.paint([drawing], as: .rgba, pool: pool) else {
                return nil
            }
            return Frame(
                width: pixmap.width, height: pixmap.height, index: time.index,
                rgba: Self.straight(pixmap.bytes))
        }
    }

    /// Premultiplied RGBA as straight RGBA, rounded as image files store it: what a canvas's
    /// `ImageData` holds.
    static func straight(_ premultiplied: [UInt8]) -> Data {
        var straight = Data(count: premultiplied.count)
        straight.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) in
            premultiplied.withUnsafeBufferPointer { pixels in
                var offset = 0
                while offset < pixels.count {
                    let alpha = UInt32(pixels[offset + 3])
                    if alpha == 255 {
                        for channel in 0..<4 { out[offset + channel] = pixels[offset + channel] }
                    } else if alpha > 0 {
                        for channel in 0..<3 {
                            let value = (UInt32(pixels[offset + channel]) * 255 + alpha / 2) / alpha
                            out[offset + channel] = UInt8(min(value, 255))
                        }
                        out[offset + 3] = UInt8(alpha)
                    }
                    offset += 4
                }
            }
        }
        return straight
    }

    /// Why frame `index` of `document` was redrawn, as `render --explain` tells it: which named
    /// layers it drew and why, and which it reused. Told from the frame before it, drawn first
    /// by a painter of its own (the layer cache's reuse depends on the frames painted before;
    /// a render paints the one before), at a small size: reuse does not depend on it.
    package func explanation(of index: Int, in document: PreviewDocument) -> FrameReport {
        let export = export(of: document, pixelWidth: max(16, shape.width / 8))
        let pixels = export.pixelSize
        let size = CGSize(width: Double(pixels.width), height: Double(pixels.height))
        let last = export.sampler.frameCount - 1
        let index = min(max(index, 0), last)
        let scene = export.renderedScene
        let drawings = [max(index - 1, 0), index].map {
            scene.displayList(size: size, time: export.sampler.frame($0))
        }
        if index > 0, drawings[0] == drawings[1] {
            return FrameReport(index: index, outcome: .reused(from: index - 1))
        }
        var painter = FramePainter(
            width: pixels.width, height: pixels.height, background: export.background.premultiplied,
            layers: LayerCache(budgetBytes: Self.layerCacheBytes))
        let pool = FramePool(width: pixels.width, height: pixels.height)
        for drawing in index > 0 ? drawings : [drawings[1]] {
            _ = painter.paint([drawing], as: .rgba, pool: pool)
        }
        return FrameReport.redrawn(
            index: index, layers: painter.layerReports, scene: scene, sampler: export.sampler, size: size,
            caching: true)
    }
}
