import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookGeometry
import FlipbookRaster
import FlipbookSVG
import Foundation
import Synchronization

/// An image layer drawn in its box: fitted (contain, cover, fill), clipped to rounded corners,
/// and — for SVG — rasterised by librsvg at the pixel size it lands on, so a logo stays sharp
/// however far it is scaled.
struct ImageDrawing {
    let layer: ImageLayer
    let canvas: CGSize
    /// The layer's own time, for its keyframed corner radius.
    let time: Double

    func draw(in context: inout GraphicsContext, box: CGRect) {
        let natural = layer.naturalSize
        guard natural.width > 0, natural.height > 0, box.width > 0, box.height > 0 else { return }
        let rect = layer.fit.rect(for: natural, in: box)
        var imageContext = context
        let shorter = min(box.width, box.height)
        let radius = layer.cornerRadius.value(at: time) { $0.points(extent: shorter, canvas: canvas) }
        if radius > 0 {
            imageContext.clip(to: Path(roundedRect: box, cornerRadius: radius, style: .circular))
        } else if layer.fit == .cover {
            imageContext.clip(to: Path(box))
        }
        switch layer.source {
        case .raster(let image):
            imageContext.draw(Image(image), in: rect)
        case .video(let clip):
            guard let image = clip.image(at: layer.clipTime(at: time)) else { return }
            imageContext.draw(Image(image), in: rect)
        case .svg(let document):
            // The device pixels the rectangle covers: its size under the context's transform.
            let t = imageContext.transform
            let scaleX = (t.a * t.a + t.b * t.b).squareRoot()
            let scaleY = (t.c * t.c + t.d * t.d).squareRoot()
            var (width, height) = (rect.width * scaleX, rect.height * scaleY)
            // A logo zoomed far past the frame is rasterised at most `maximumPixels` large and
            // enlarged from there: sharp enough for what can show, and memory stays bounded.
            let pixels = width * height
            if pixels > SVGRasters.maximumPixels {
                let shrink = (SVGRasters.maximumPixels / pixels).squareRoot()
                (width, height) = (width * shrink, height * shrink)
            }
            let (columns, rows) = (Int(width.rounded(.up)), Int(height.rounded(.up)))
            guard columns > 0, rows > 0, let image = SVGRasters.image(document, width: columns, height: rows)
            else {
                return
            }
            imageContext.draw(Image(image), in: rect)
        }
    }
}
