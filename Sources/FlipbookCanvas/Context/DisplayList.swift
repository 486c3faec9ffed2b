import FlipbookGeometry
import FlipbookRaster
import Foundation

/// Everything one frame drew, in order, as plain values.
///
/// `GraphicsContext` records into a display list instead of touching pixels, so a frame can be
/// fingerprinted (it is `Hashable`), compared with the previous one, and rendered on any
/// worker. Pixels are a pure function of the display list and the pixmap size.
public struct DisplayList: Hashable, Sendable {
    /// One recorded drawing operation.
    public enum Item: Hashable, Sendable {
        case fill(Fill)
        /// Boxed: a stroke's style makes it the largest item, and every item is as large as it.
        indirect case stroke(Stroke)
        case layer(Layer)
        case stamp(Stamp)
    }

    /// A canvas symbol's drawing, recorded once per frame in its own box.
    public struct Symbol: Hashable, Sendable {
        public var id: String
        public var size: CGSize
        public var content: DisplayList
    }

    /// One placement of a symbol: its box's user space mapped to device pixels by `transform`.
    public struct Stamp: Hashable, Sendable {
        public var symbol: Symbol
        public var transform: CGAffineTransform
        public var opacity: Double
        public var blendMode: BlendMode = .normal
        public var clips: [Clip] = []
    }

    /// One clip in effect for a drawing operation; an operation draws only where all of its
    /// clips let it through.
    public enum Clip: Hashable, Sendable {
        /// Inside `path` (mapped through `transform`) under the fill rule of `style`; outside it
        /// when `inverse`.
        case path(Path, transform: CGAffineTransform, style: FillStyle, inverse: Bool)
        /// Where `content` is opaque, times `opacity` (`clipToLayer`); where it is transparent
        /// when `inverse`.
        case layer(DisplayList, opacity: Double, inverse: Bool)
    }

    /// Drawing composited as one offscreen layer (`drawLayer`, or an operation drawn under
    /// filters). Equal layers give equal pixels, so a renderer may reuse a layer's pixels from an
    /// earlier frame.
    public struct Layer: Hashable, Sendable {
        /// The name given with `drawLayer(named:)`, used in explanations; `nil` if unnamed.
        public var name: String?
        public var content: DisplayList
        /// The context's opacity when the layer was drawn, applied when compositing it.
        public var opacity: Double
        public var blendMode: BlendMode = .normal
        /// Applied to the layer's pixels, in order, before compositing.
        public var filters: [Filter] = []
        public var clips: [Clip] = []
        /// Whether the filters see what the content draws beyond the canvas, as far as they
        /// reach (`GraphicsContext.filtersSeeBeyondCanvas`): a blurred shape half off the
        /// frame stays full strength at the frame's edge instead of fading into it.
        public var seesBeyondCanvas = false
    }

    /// A path filled with a paint, with all of the context's state resolved.
    public struct Fill: Hashable, Sendable {
        /// The path in the user space of the `transform`.
        public var path: Path
        // The one- and two-byte fields next, in the bytes the path leaves before the next
        // multiple of eight: then a fill is 128 bytes, an item fits in that, and the compiler
        // copies an item with a few vector moves instead of a call to `memcpy` (twice per item
        // drawn, a few per cent of drawing confetti).
        public var style: FillStyle
        public var blendMode: BlendMode = .normal
        /// User space → device pixels; the paint's geometry is in the same user space.
        public var transform: CGAffineTransform
        public var paint: Paint
        /// The context's opacity at the time of the call (0…1).
        public var opacity: Double
        public var clips: [Clip] = []
    }

    /// A path stroked with a paint, with all of the context's state resolved.
    public struct Stroke: Hashable, Sendable {
        /// The path in the user space of the `transform`.
        public var path: Path
        /// User space → device pixels; the pen and the paint are shaped by it too.
        public var transform: CGAffineTransform
        public var paint: Paint
        public var style: StrokeStyle
        /// The context's opacity at the time of the call (0…1).
        public var opacity: Double
        public var blendMode: BlendMode = .normal
        public var clips: [Clip] = []
    }

    public var items: [Item] = []

    public init() {}

    init(items: [Item]) {
        self.items = items
    }

    /// Draws every item, in order, into `pixmap` with `rasterizer`'s scratch buffers. Layers are
    /// drawn offscreen, filtered and composited; with a `store`, a layer equal to one drawn
    /// before is composited from the store instead of being drawn again. `onLayer` hears of
    /// every layer: its name and whether its pixels were reused.
    package func render(
        into pixmap: inout Pixmap, using rasterizer: inout Rasterizer, layers store: (any LayerStore)? = nil,
        onLayer: (_ name: String?, _ reused: Bool) -> Void = { _, _ in }
    ) {
        render(
            into: &pixmap, using: &rasterizer, layers: store,
            frame: PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height), onLayer: onLayer)
    }

    /// Draws every item into `pixmap`, on which the frame the video shows is `frame`: all of it,
    /// unless `pixmap` is a layer's canvas grown past the frame's edges, whose layers are drawn
    /// past the frame at most `marginLimit` in all (`overscan(of:width:height:frame:)`).
    func render(
        into pixmap: inout Pixmap, using rasterizer: inout Rasterizer, layers store: (any LayerStore)?,
        frame: PixelBounds, onLayer: (_ name: String?, _ reused: Bool) -> Void
    ) {
        var masks = ClipMasks(width: pixmap.width, height: pixmap.height, frame: frame)
        var stamps = StampCache()
        // By index: switching on the element in place binds its payload without first copying
        // the whole item (a retain and a release of each reference it holds).
        for index in items.indices {
            switch items[index] {
            case .stamp(let stamp):
                if stamps.stamp(stamp, into: &pixmap, using: &rasterizer) { continue }
                var layer = DisplayList()
                layer.items = stamp.symbol.content.items.map { $0.transformed(by: stamp.transform) }
                DisplayList(items: [
                    .layer(
                        Layer(
                            name: nil, content: layer, opacity: stamp.opacity, blendMode: stamp.blendMode,
                            clips: stamp.clips))
                ]).render(into: &pixmap, using: &rasterizer, layers: store, frame: frame, onLayer: onLayer)
            case .fill(let fill):
                let clip = masks.mask(for: fill.clips, using: &rasterizer, layers: store)
                if clip?.bounds == nil, !fill.clips.isEmpty { continue }
                rasterizer.fill(
                    fill.path, transform: fill.transform, rule: fill.style.isEOFilled ? .evenOdd : .nonZero,
                    antialiased: fill.style.isAntialiased, paint: fill.paint, opacity: fill.opacity,
                    blendMode: fill.blendMode, clip: clip, into: &pixmap)
            case .stroke(let stroke):
                let clip = masks.mask(for: stroke.clips, using: &rasterizer, layers: store)
                if clip?.bounds == nil, !stroke.clips.isEmpty { continue }
                rasterizer.stroke(
                    stroke.path, style: stroke.style, transform: stroke.transform, paint: stroke.paint,
                    opacity: stroke.opacity, blendMode: stroke.blendMode, clip: clip, into: &pixmap)
            case .layer(let layer):
                let clip = masks.mask(for: layer.clips, using: &rasterizer, layers: store)
                if clip?.bounds == nil, !layer.clips.isEmpty { continue }
                let (pixels, reused) = Self.pixels(
                    of: layer, size: pixmap, frame: frame, using: &rasterizer, store: store, onLayer: onLayer)
                onLayer(layer.name, reused)
                if let bounds = pixels.bounds {
                    pixmap.composite(
                        pixels.pixmap, at: pixels.origin, opacity: layer.opacity, blendMode: layer.blendMode,
                        clip: clip, runs: pixels.runs)
                    rasterizer.touched = bounds.union(rasterizer.touched)
                    rasterizer.recordDrawn(bounds)
                }
            }
        }
    }

    /// The filtered pixels of `layer` on a canvas the size of `size`, on which the video's
    /// frame is `frame`: from the store when an equal layer (same content and filters) was
    /// drawn before, else drawn now, on a canvas the rasterizer lends, of which the painted part
    /// is kept. A layer whose filters see beyond the canvas and whose content crosses its edges
    /// is drawn on one grown past them (`overscan(of:width:height:frame:)`), moved by what it
    /// grew to the left and top.
    private static func pixels(
        of layer: Layer, size: Pixmap, frame: PixelBounds, using rasterizer: inout Rasterizer,
        store: (any LayerStore)?, onLayer: (String?, Bool) -> Void
    ) -> (LayerPixels, reused: Bool) {
        func drawOffscreen() -> LayerPixels {
            // Found only when drawing: a layer the store has needs no walk through its drawing.
            let overscan =
                layer.seesBeyondCanvas
                ? Self.overscan(of: layer, width: size.width, height: size.height, frame: frame) : Overscan()
            let (width, height) = (
                size.width + overscan.left + overscan.right, size.height + overscan.top + overscan.bottom
            )
            let shown = PixelBounds(
                columns: overscan.left..<(overscan.left + size.width),
                rows: overscan.top..<(overscan.top + size.height))
            var offscreen = rasterizer.borrowCanvas(width: width, height: height)
            var (content, filters) = (layer.content, layer.filters)
            if overscan.left > 0 || overscan.top > 0 {
                let (x, y) = (Double(overscan.left), Double(overscan.top))
                content = DisplayList(
                    items: content.items.map { $0.transformed(by: CGAffineTransform(translationX: x, y: y)) })
                filters = filters.map { $0.moved(x: x, y: y) }
            }
            let innerFrame = PixelBounds(
                columns: (frame.columns.lowerBound + overscan.left)..<(frame.columns.upperBound
                    + overscan.left),
                rows: (frame.rows.lowerBound + overscan.top)..<(frame.rows.upperBound + overscan.top))
            var touched = rasterizer.drawingOffscreen {
                content.render(
                    into: &offscreen, using: &$0, layers: store, frame: innerFrame, onLayer: onLayer)
            }
            // All that the drawing and each filter may have written, to clear for the next use.
            var written = touched
            for filter in filters {
                guard let bounds = touched else { break }
                if filter.drawsOnScratch {
                    // On a lent canvas too, which the filter leaves transparent.
                    var scratch = rasterizer.borrowCanvas(width: width, height: height)
                    touched = offscreen.apply(filter, within: bounds, scratch: &scratch)
                    rasterizer.returnCanvas(consume scratch, painted: nil)
                } else {
                    touched = offscreen.apply(filter, within: bounds)
                }
                written = touched?.union(written) ?? written
            }
            // Only what the layer's fills touched can be painted: scan and keep just that.
            let pixels = LayerPixels(canvas: offscreen, painted: touched, shown: shown)
            rasterizer.returnCanvas(consume offscreen, painted: written)
            return pixels
        }
        guard let store else { return (drawOffscreen(), false) }
        // A filtered layer is kept under its content and filters together.
        let key =
            layer.filters.isEmpty
            ? layer.content
            : DisplayList(items: [
                .layer(
                    Layer(
                        name: nil, content: layer.content, opacity: 1, filters: layer.filters,
                        seesBeyondCanvas: layer.seesBeyondCanvas))
            ])
        return store.pixels(
            of: key, width: size.width, height: size.height, frame: frame, draw: drawOffscreen
        )
    }

    /// The most pixels a layer is drawn beyond the canvas on each side: a blur wider than
    /// this (σ above about 170 pixels) loses what lies further out, as the frame's memory
    /// would otherwise grow without bound.
    public static let marginLimit = 512

    /// How far beyond the canvas a layer under `filters` may need drawing: their reaches added
    /// up, in whole 64-pixel steps — the gradients' and blurs' dither tile is 64 pixels
    /// square, so content moved by it dithers as it would in place — up to `marginLimit`.
    public static func margin(for filters: [Filter]) -> Int {
        let reach = filters.reduce(0) { $0 + min($1.reach, marginLimit) }
        return min((reach + 63) / 64 * 64, marginLimit)
    }

    /// Pixels a layer is drawn past each edge of the canvas.
    public struct Overscan: Hashable, Sendable {
        public var left, top, right, bottom: Int

        public init(left: Int = 0, top: Int = 0, right: Int = 0, bottom: Int = 0) {
            (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
        }
    }

    /// How far past the canvas's edges a layer under `filters` may be drawn, for them to see:
    /// their `margin(for:)`, or `marginLimit` under a projection (a 3D turn brings in what lay
    /// anywhere past the edge).
    public static func reach(of filters: [Filter]) -> Int {
        filters.contains(where: \.movesAnywhere) ? marginLimit : margin(for: filters)
    }

    /// How far past each edge of a `width` × `height` canvas `layer` is drawn, for its filters
    /// to see: as far as its content (`deviceBounds`) crosses the edge, up to the filters'
    /// `reach(of:)`, in whole 64-pixel steps. A layer inside the canvas is drawn on the canvas
    /// itself, as it would be without seeing beyond it.
    ///
    /// `frame` is where the video's frame lies on the canvas: all of it, unless the canvas is
    /// itself a layer's, grown past the frame. Nested layers see past the frame at most
    /// `marginLimit` in all, the canvas's own growth counted: fifteen groups nested in one
    /// another, each turned in 3D, draw on canvases 512 pixels past the frame — not 512 more at
    /// every level, which took 8.4 GB at 1080p, the innermost canvas 17 280 × 16 440 pixels.
    public static func overscan(
        of layer: Layer, width: Int, height: Int, frame: PixelBounds? = nil
    ) -> Overscan {
        let margin = reach(of: layer.filters)
        guard margin > 0 else { return Overscan() }
        let bounds = layer.content.deviceBounds
        guard !bounds.isNull else { return Overscan() }
        let frame = frame ?? PixelBounds(columns: 0..<width, rows: 0..<height)
        /// Pixels to grow past an edge for content `beyond` pixels past the frame's, where the
        /// canvas already reaches `room` pixels past it.
        func side(_ beyond: Double, room: Int) -> Int {
            guard beyond > Double(room) else { return 0 }
            let wanted = min(Int(min(beyond, Double(marginLimit)).rounded(.up)), room + margin, marginLimit)
            return max(0, (wanted + 63) / 64 * 64 - room)
        }
        let (left, top) = (frame.columns.lowerBound, frame.rows.lowerBound)
        let (right, bottom) = (width - frame.columns.upperBound, height - frame.rows.upperBound)
        return Overscan(
            left: side(Double(left) - bounds.minX, room: left),
            top: side(Double(top) - bounds.minY, room: top),
            right: side(bounds.maxX - Double(frame.columns.upperBound), room: right),
            bottom: side(bounds.maxY - Double(frame.rows.upperBound), room: bottom))
    }
}

/// The painted part of one offscreen layer: its pixels where it may be painted, and where they
/// go on the canvas.
public struct LayerPixels: Sendable {
    /// The pixels of `bounds`, its top-left pixel at `origin` on the canvas.
    public var pixmap: Pixmap
    public var origin: (x: Int, y: Int)
    /// Where the layer may be painted (outside it, every pixel is transparent); `nil` when
    /// nothing is.
    public var bounds: PixelBounds?
    /// The painted pixels, as runs in the canvas's coordinates: all that compositing the layer
    /// needs to touch.
    public var runs: [PixelRun]

    public init(pixmap: Pixmap, origin: (x: Int, y: Int) = (0, 0), bounds: PixelBounds?, runs: [PixelRun]) {
        self.pixmap = pixmap
        self.origin = origin
        self.bounds = bounds
        self.runs = runs
    }

    /// The part of `canvas` inside `painted` (the canvas is transparent elsewhere) and inside
    /// `shown`, the part of the canvas the frame shows (all of it, unless the canvas was grown
    /// past the frame's edges), placed on the frame.
    init(canvas: Pixmap, painted: PixelBounds?, shown: PixelBounds) {
        guard let inside = painted?.intersection(shown) else {
            self.init(pixmap: Pixmap(width: 0, height: 0), bounds: nil, runs: [])
            return
        }
        let (x, y) = (shown.columns.lowerBound, shown.rows.lowerBound)
        let bounds = PixelBounds(
            columns: (inside.columns.lowerBound - x)..<(inside.columns.upperBound - x),
            rows: (inside.rows.lowerBound - y)..<(inside.rows.upperBound - y))
        self.init(
            pixmap: canvas.cropped(to: inside), origin: (bounds.columns.lowerBound, bounds.rows.lowerBound),
            bounds: bounds,
            runs: canvas.paintedRuns(within: inside).map {
                PixelRun(row: $0.row - y, start: $0.start - x, end: $0.end - x)
            })
    }
}

/// Keeps the pixels of drawn layers so that an equal layer in a later frame is composited, not
/// drawn again. Implementations are shared by all render workers, so they must be thread-safe.
public protocol LayerStore: Sendable {
    /// The pixels of `layer` on a `width` × `height` canvas on which the video's frame is
    /// `frame` (all of it, unless the canvas is a layer's grown past the frame: how far its
    /// layers may still grow depends on where the frame lies): kept ones if an equal layer was
    /// drawn on an equal canvas before (`reused` true), else the result of `draw`, which is then
    /// kept.
    func pixels(
        of layer: DisplayList, width: Int, height: Int, frame: PixelBounds, draw: () -> LayerPixels
    ) -> (LayerPixels, reused: Bool)
}

extension DisplayList.Item {
    /// The item at full opacity, normal blending and without clips — for drawing inside a
    /// layer that applies those itself.
    var plain: DisplayList.Item {
        switch self {
        case .fill(var fill):
            (fill.opacity, fill.blendMode, fill.clips) = (1, .normal, [])
            return .fill(fill)
        case .stroke(var stroke):
            (stroke.opacity, stroke.blendMode, stroke.clips) = (1, .normal, [])
            return .stroke(stroke)
        case .layer(var layer):
            (layer.opacity, layer.blendMode, layer.clips) = (1, .normal, [])
            return .layer(layer)
        case .stamp(var stamp):
            (stamp.opacity, stamp.blendMode, stamp.clips) = (1, .normal, [])
            return .stamp(stamp)
        }
    }

    /// The item with `transform` applied after its own (and its clips' and content's, and — for
    /// a move — its layers' projections).
    func transformed(by transform: CGAffineTransform) -> DisplayList.Item {
        func moved(_ clips: [DisplayList.Clip]) -> [DisplayList.Clip] {
            clips.map { clip in
                switch clip {
                case .path(let path, let own, let style, let inverse):
                    return .path(
                        path, transform: own.concatenating(transform), style: style, inverse: inverse)
                case .layer(let content, let opacity, let inverse):
                    return .layer(
                        DisplayList(items: content.items.map { $0.transformed(by: transform) }),
                        opacity: opacity,
                        inverse: inverse)
                }
            }
        }
        switch self {
        case .fill(var fill):
            (fill.transform, fill.clips) = (fill.transform.concatenating(transform), moved(fill.clips))
            return .fill(fill)
        case .stroke(var stroke):
            (stroke.transform, stroke.clips) = (
                stroke.transform.concatenating(transform), moved(stroke.clips)
            )
            return .stroke(stroke)
        case .layer(var layer):
            layer.content = DisplayList(items: layer.content.items.map { $0.transformed(by: transform) })
            layer.clips = moved(layer.clips)
            // A layer's projection is in pixels of the canvas: moved with the drawing (a turned
            // layer inside one drawn past the frame), it turns about the moved anchor.
            if transform.a == 1, transform.b == 0, transform.c == 0, transform.d == 1 {
                layer.filters = layer.filters.map { $0.moved(x: transform.tx, y: transform.ty) }
            }
            return .layer(layer)
        case .stamp(var stamp):
            (stamp.transform, stamp.clips) = (stamp.transform.concatenating(transform), moved(stamp.clips))
            return .stamp(stamp)
        }
    }
}
