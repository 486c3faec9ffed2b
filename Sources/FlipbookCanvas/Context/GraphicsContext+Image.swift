import FlipbookGeometry
import FlipbookRaster
import Foundation

extension GraphicsContext {
    /// An image prepared for drawing many times, as SwiftUI's `ResolvedImage`.
    public struct ResolvedImage: Sendable {
        let image: Image
        public let size: CGSize
        /// What a symbol is filled with; pictures keep their own colours.
        public var shading: Shading
        public var baseline: Double { size.height }
    }

    /// Prepares `image`: a named picture is looked up in the context's image catalog (missing:
    /// size zero, draws nothing), a symbol takes the context's foreground style.
    public func resolve(_ image: Image) -> ResolvedImage {
        var found = image
        if case .named(let name) = image.source {
            found = environment.imageCatalog.image(named: name)?.withModifiers(of: image) ?? image
        }
        return ResolvedImage(image: found, size: found.size, shading: foregroundShading)
    }

    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }

    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        let origin = CGPoint(
            x: point.x - anchor.x * image.size.width, y: point.y - anchor.y * image.size.height)
        draw(image, in: CGRect(origin: origin, size: image.size))
    }

    /// Draws the image to fill `rect`: pictures stretched (or tiled, when resizable in tile
    /// mode) and filtered as their interpolation says, vector pictures rasterised at the
    /// rectangle's size in device pixels, symbols as vectors.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch image.image.source {
        case .pixels(let pixels):
            drawPixels(pixels, of: image.image, in: rect, style: style)
        case .vector(let vector):
            // At its size on the device, so the picture is rasterised sharp.
            let (width, height) = devicePixels(of: image.image.resizingMode == .tile ? image.size : rect.size)
            guard width > 0, height > 0, let pixels = vector.source.rasterized(width: width, height: height)
            else { return }
            drawPixels(pixels, of: image.image, in: rect, style: style)
        case .symbol(_, let path):
            let placement = CGAffineTransform(
                a: rect.width / 100, b: 0, c: 0, d: rect.height / 100, tx: rect.minX, ty: rect.minY)
            fill(path.applying(placement), with: image.shading, style: style)
        case .named:
            return
        }
    }

    private func drawPixels(_ pixels: RasterImage, of image: Image, in rect: CGRect, style: FillStyle) {
        let tiled = image.resizingMode == .tile && image.size.width > 0 && image.size.height > 0
        // Tiles keep the picture's natural size in points; stretching maps it onto the rectangle.
        let (width, height) = tiled ? (image.size.width, image.size.height) : (rect.width, rect.height)
        let placement = CGAffineTransform(
            a: width / Double(pixels.width), b: 0, c: 0, d: height / Double(pixels.height),
            tx: rect.minX, ty: rect.minY)
        let paint = ImagePaint(
            image: pixels, transform: placement, tiled: tiled, smooth: image.interpolation != .none)
        fill(Path(rect), with: Shading(paint: .image(paint)), style: style)
    }

    /// How many device pixels wide and high `size` in user space is drawn (at most 4096 each):
    /// the size to rasterise a vector picture at so that it stays sharp.
    func devicePixels(of size: CGSize) -> (width: Int, height: Int) {
        let scaleX = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let scaleY = (transform.c * transform.c + transform.d * transform.d).squareRoot()
        func side(_ points: Double, _ scale: Double) -> Int {
            let pixels = (points * scale).rounded(.up)
            return pixels.isFinite ? Int(max(0, min(pixels, 4096))) : 0
        }
        return (side(size.width, scaleX), side(size.height, scaleY))
    }
}
