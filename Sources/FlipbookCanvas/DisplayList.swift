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
        case layer(Layer)
    }

    /// Drawing composited as one offscreen layer (`GraphicsContext.drawLayer`). Equal layers
    /// give equal pixels, so a renderer may reuse a layer's pixels from an earlier frame.
    public struct Layer: Hashable, Sendable {
        /// The name given with `drawLayer(named:)`, used in explanations; `nil` if unnamed.
        public var name: String?
        public var content: DisplayList
        /// The context's opacity when the layer was drawn, applied when compositing it.
        public var opacity: Double
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

    /// Draws every item, in order, into `pixmap` with `rasterizer`'s scratch buffers. Layers are
    /// drawn offscreen and composited; with a `store`, a layer equal to one drawn before is
    /// composited from the store instead of being drawn again. `onLayer` hears of every
    /// layer: its name and whether its pixels were reused.
    public func render(
        into pixmap: inout Pixmap, using rasterizer: inout Rasterizer, layers store: (any LayerStore)? = nil,
        onLayer: (_ name: String?, _ reused: Bool) -> Void = { _, _ in }
    ) {
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
            case .layer(let layer):
                let (width, height) = (pixmap.width, pixmap.height)
                let outerTouched = rasterizer.touched
                func drawOffscreen() -> LayerPixels {
                    var offscreen = Pixmap(width: width, height: height)
                    rasterizer.touched = nil
                    layer.content.render(
                        into: &offscreen, using: &rasterizer, layers: store, onLayer: onLayer)
                    // Only what the layer's fills touched can be painted: scan just that for runs.
                    let touched = rasterizer.touched
                    return LayerPixels(
                        pixmap: offscreen, bounds: touched,
                        runs: touched.map { offscreen.paintedRuns(within: $0) } ?? [])
                }
                let (pixels, reused) =
                    store?.pixels(of: layer.content, width: width, height: height, draw: drawOffscreen)
                    ?? (drawOffscreen(), false)
                onLayer(layer.name, reused)
                rasterizer.touched = outerTouched
                if let bounds = pixels.bounds {
                    pixmap.composite(pixels.pixmap, opacity: layer.opacity, runs: pixels.runs)
                    rasterizer.touched = bounds.union(outerTouched)
                }
            }
        }
    }
}

/// The pixels of one offscreen layer and the part of them that is painted.
public struct LayerPixels: Sendable {
    public var pixmap: Pixmap
    /// Where the layer may be painted (outside it, every pixel is transparent); `nil` when
    /// nothing is.
    public var bounds: PixelBounds?
    /// The painted pixels, as runs: all that compositing the layer needs to touch.
    public var runs: [PixelRun]

    public init(pixmap: Pixmap, bounds: PixelBounds?, runs: [PixelRun]) {
        self.pixmap = pixmap
        self.bounds = bounds
        self.runs = runs
    }
}

/// Keeps the pixels of drawn layers so that an equal layer in a later frame is composited, not
/// drawn again. Implementations are shared by all render workers, so they must be thread-safe.
public protocol LayerStore: Sendable {
    /// The pixels of `layer` on a `width` × `height` canvas: kept ones if an equal layer was
    /// drawn before (`reused` true), else the result of `draw`, which is then kept.
    func pixels(of layer: DisplayList, width: Int, height: Int, draw: () -> LayerPixels) -> (
        LayerPixels, reused: Bool
    )
}
