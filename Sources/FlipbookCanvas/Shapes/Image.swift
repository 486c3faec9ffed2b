import FlipbookGeometry
import FlipbookRaster
import Foundation

/// A picture to draw in a canvas, as SwiftUI's `Image`: decoded pixels (`Image(pixmap:)`, or from
/// a PNG or JPEG file with `Image(contentsOfFile:)` from the `Flipbook` module) or a system symbol
/// (`Image(systemName:)`, see `SystemSymbols`), which is tinted with the foreground style.
public struct Image: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        case pixels(RasterImage)
        case symbol(String, Path)
    }

    let source: Source

    /// The point size a system symbol is drawn at: the body font's (17 pt), as SwiftUI's default.
    public static let symbolSize = 20.0

    public init(pixmap: Pixmap) {
        source = .pixels(RasterImage(pixmap))
    }

    public init(_ image: RasterImage) {
        source = .pixels(image)
    }

    /// A symbol by its SF Symbols name. Unknown names draw nothing (as SwiftUI logs and shows
    /// nothing); `SystemSymbols.names` lists the known ones.
    public init(systemName: String) {
        source = .symbol(systemName, SystemSymbols.path(named: systemName) ?? Path())
    }

    /// The natural size in points: the pixel size of a picture, `symbolSize` square for a symbol.
    public var size: CGSize {
        switch source {
        case .pixels(let image): CGSize(width: Double(image.width), height: Double(image.height))
        case .symbol: CGSize(width: Self.symbolSize, height: Self.symbolSize)
        }
    }
}

extension GraphicsContext {
    /// An image prepared for drawing many times, as SwiftUI's `ResolvedImage`.
    public struct ResolvedImage: Sendable {
        let image: Image
        public let size: CGSize
        /// What a symbol is filled with; pictures keep their own colours.
        public var shading: Shading
        public var baseline: Double { size.height }
    }

    /// Prepares `image`, with a symbol taking the context's foreground style.
    public func resolve(_ image: Image) -> ResolvedImage {
        ResolvedImage(image: image, size: image.size, shading: foregroundShading)
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

    /// Draws the image scaled to fill `rect`: pictures bilinearly filtered, symbols as vectors.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch image.image.source {
        case .pixels(let pixels):
            let placement = CGAffineTransform(
                a: rect.width / Double(pixels.width), b: 0, c: 0, d: rect.height / Double(pixels.height),
                tx: rect.minX, ty: rect.minY)
            fill(
                Path(rect), with: Shading(paint: .image(ImagePaint(image: pixels, transform: placement))),
                style: style)
        case .symbol(_, let path):
            let placement = CGAffineTransform(
                a: rect.width / 100, b: 0, c: 0, d: rect.height / 100, tx: rect.minX, ty: rect.minY)
            fill(path.applying(placement), with: image.shading, style: style)
        }
    }
}

extension GraphicsContext.Shading {
    /// A repeating image as paint, as SwiftUI's `.tiledImage(_:origin:sourceRect:scale:)`: the
    /// image's top-left corner at `origin`, its pixels `scale` points wide (the whole image is
    /// tiled; `sourceRect` is not supported). A symbol image tiles nothing.
    public static func tiledImage(_ image: Image, origin: CGPoint = .zero, scale: Double = 1) -> Self {
        guard case .pixels(let pixels) = image.source else { return .color(.clear) }
        return Self(
            paint: .image(
                ImagePaint(
                    image: pixels,
                    transform: CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y),
                    tiled: true)))
    }
}
