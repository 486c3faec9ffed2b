import FlipbookGeometry
import FlipbookRaster

/// Everything one frame drew, in order, as plain values.
///
/// `GraphicsContext` records into a display list instead of touching pixels, so a frame can be
/// fingerprinted (it is `Hashable`), compared with the previous one, and rendered on any
/// worker. Pixels are a pure function of the display list and the pixmap size.
public struct DisplayList: Hashable, Sendable {
    /// One recorded drawing operation.
    public enum Item: Hashable, Sendable {
        case fill(Fill)
        case stroke(Stroke)
    }

    /// A path filled with a colour, with all of the context's state resolved.
    public struct Fill: Hashable, Sendable {
        /// The path in the user space of the `transform`.
        public var path: Path
        /// User space → device pixels.
        public var transform: CGAffineTransform
        public var color: Color
        public var style: FillStyle
        /// The context's opacity at the time of the call (0…1).
        public var opacity: Double
    }

    /// A path stroked with a colour, with all of the context's state resolved.
    public struct Stroke: Hashable, Sendable {
        /// The path in the user space of the `transform`.
        public var path: Path
        /// User space → device pixels; the pen is shaped by it too.
        public var transform: CGAffineTransform
        public var color: Color
        public var style: StrokeStyle
        /// The context's opacity at the time of the call (0…1).
        public var opacity: Double
    }

    public var items: [Item] = []

    public init() {}

    /// Draws every item, in order, into `pixmap` with `rasterizer`'s scratch buffers.
    public func render(into pixmap: inout Pixmap, using rasterizer: inout Rasterizer) {
        for item in items {
            switch item {
            case .fill(let fill):
                rasterizer.fill(
                    fill.path, transform: fill.transform,
                    rule: fill.style.isEOFilled ? .evenOdd : .nonZero,
                    antialiased: fill.style.isAntialiased,
                    paint: .solid(fill.color.premultiplied), opacity: fill.opacity, into: &pixmap)
            case .stroke(let stroke):
                rasterizer.stroke(
                    stroke.path, style: stroke.style, transform: stroke.transform,
                    paint: .solid(stroke.color.premultiplied), opacity: stroke.opacity, into: &pixmap)
            }
        }
    }
}
