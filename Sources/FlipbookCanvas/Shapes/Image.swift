import FlipbookGeometry
import FlipbookRaster
import Foundation

/// A picture to draw in a canvas, as SwiftUI's `Image`: decoded pixels (`Image(pixmap:)`, or
/// a file with `Image(contentsOfFile:)` from the `Flipbook` module), a picture by name from the
/// context's `ImageCatalog` (`Image("logo")`), a vector picture drawn sharp at any size (SVG),
/// or a system symbol (`Image(systemName:)`, see `SystemSymbols`), tinted with the foreground
/// style.
public struct Image: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        case pixels(RasterImage)
        case symbol(String, Path)
        case named(String)
        case vector(VectorImage)
    }

    let source: Source
    var interpolation = Interpolation.high
    var resizingMode = ResizingMode.stretch
    /// Whether `resizable()` was called: as a view, a resizable picture fills the space it is
    /// offered, any other keeps its own size.
    var isResizable = false

    /// The point size a system symbol is drawn at: the body font's (17 pt), as SwiftUI's default.
    public static let symbolSize = 20.0

    public init(pixmap: Pixmap) {
        source = .pixels(RasterImage(pixmap))
    }

    package init(_ image: RasterImage) {
        source = .pixels(image)
    }

    /// The picture named `name` in the drawing context's `ImageCatalog`, found when drawn.
    public init(_ name: String) {
        source = .named(name)
    }

    /// A picture rasterised at the size it is drawn (an SVG document).
    package init(vector: any ScalableImageSource) {
        source = .vector(VectorImage(source: vector))
    }

    /// A symbol by its SF Symbols name. Unknown names draw nothing (as SwiftUI logs and shows
    /// nothing); `SystemSymbols.names` lists the known ones.
    public init(systemName: String) {
        source = .symbol(systemName, SystemSymbols.path(named: systemName) ?? Path())
    }

    /// The natural size in points: the pixel size of a picture, the intrinsic size of a
    /// vector picture, `symbolSize` square for a symbol; zero for a named picture until the
    /// context resolves it (`GraphicsContext.resolve(_:)` gives its size).
    public var size: CGSize {
        switch source {
        case .pixels(let image): CGSize(width: Double(image.width), height: Double(image.height))
        case .symbol: CGSize(width: Self.symbolSize, height: Self.symbolSize)
        case .named: CGSize(width: 0, height: 0)
        case .vector(let vector): vector.source.intrinsicSize
        }
    }

    /// How pixels are sampled when a picture is drawn larger or smaller, as SwiftUI's
    /// `Image.Interpolation`: `.none` keeps hard pixel edges (pixel art); the others filter
    /// bilinearly.
    public enum Interpolation: Hashable, Sendable {
        case none, low, medium, high
    }

    /// How a resizable picture fills a larger rectangle, as SwiftUI's `Image.ResizingMode`.
    public enum ResizingMode: Hashable, Sendable {
        /// Scaled to the rectangle.
        case stretch
        /// Repeated at its natural size from the rectangle's top-left corner.
        case tile
    }

    public func interpolation(_ interpolation: Interpolation) -> Image {
        var image = self
        image.interpolation = interpolation
        return image
    }

    /// A picture that fills the rectangle it is drawn in — stretched, or tiled. In a canvas,
    /// `draw(_:in:)` always fills its rectangle, so `.resizable()` (stretch) changes nothing
    /// and ports unchanged; `.resizable(resizingMode: .tile)` tiles. As a view, a resizable
    /// picture fills the space it is offered, as in SwiftUI.
    public func resizable(resizingMode: ResizingMode = .stretch) -> Image {
        var image = self
        image.resizingMode = resizingMode
        image.isResizable = true
        return image
    }

    /// This picture's source with `other`'s sampling and resizing (a named picture, once
    /// found, keeps the modifiers set on its name).
    func withModifiers(of other: Image) -> Image {
        var image = self
        (image.interpolation, image.resizingMode, image.isResizable) = (
            other.interpolation, other.resizingMode, other.isResizable
        )
        return image
    }
}

/// A picture that can be rasterised at any size, such as an SVG document: drawn sharp
/// however large it is drawn.
package protocol ScalableImageSource: AnyObject, Sendable {
    /// The size in points it has undrawn.
    var intrinsicSize: CGSize { get }
    /// The picture at exactly `width` × `height` pixels, or `nil` when it cannot be drawn.
    func rasterized(width: Int, height: Int) -> RasterImage?
}

/// A scalable picture, equal to another when it is the same object.
struct VectorImage: Hashable, Sendable {
    let source: any ScalableImageSource

    static func == (lhs: VectorImage, rhs: VectorImage) -> Bool { lhs.source === rhs.source }

    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(source)) }
}
