import FlipbookCanvas
import FlipbookMedia
import FlipbookRaster
import Foundation

/// A picture in the layer's box: decoded pixels (PNG, JPEG, WebP) or an SVG document,
/// rasterised by librsvg at the size it is drawn at.
public struct ImageLayer: Sendable {
    public enum Source: Sendable {
        case raster(RasterImage)
        case svg(SVGDocument)
    }

    /// How the picture fills the box: whole and letterboxed, covering it (cropped), or
    /// stretched.
    public enum Fit: String, CaseIterable, Hashable, Sendable {
        case contain, cover, fill
    }

    public var source: Source
    public var fit: Fit = .contain
    public var cornerRadius: Animated<Length> = .constant(Length(0))

    /// The picture's own size in points (pixels, or the SVG's intrinsic size).
    public var naturalSize: CGSize {
        switch source {
        case .raster(let image): CGSize(width: Double(image.width), height: Double(image.height))
        case .svg(let document): CGSize(width: document.intrinsicWidth, height: document.intrinsicHeight)
        }
    }
}
