import FlipbookGeometry
import FlipbookRaster
import Foundation

/// The drawing context of a `Canvas`, as SwiftUI's `GraphicsContext`.
///
/// A value type: `var copy = context` gives a copy whose transform and opacity changes stay
/// local to it — the lesson's fix for settings that "wander" in a loop — while both keep drawing
/// into the same display list, in call order. Drawing calls record values; nothing touches
/// pixels until the display list is rendered.
///
/// Not `Sendable`: a context belongs to the thread running the canvas closure.
public struct GraphicsContext {
    /// The display list shared by a context and all its copies.
    final class Recording {
        /// Unchecked: Swift checks each access to a class's stored property at run time, which
        /// cost about 95 instructions per recorded item (1.2 % of confetti 2000). A recording
        /// belongs to the one thread running its canvas closure, and no access to `list` ever
        /// spans another (each is one append or one read).
        @exclusivity(unchecked) var list = DisplayList()
        /// When set, named layers are drawn under observation tracking (to explain changes).
        var observer: LayerObserver?
    }

    let recording: Recording

    /// User space → device pixels. Starts as the identity (one unit is one pixel, y down).
    public var transform: CGAffineTransform = .identity
    /// Opacity applied to everything drawn from now on (0…1).
    public var opacity: Double = 1
    /// How what is drawn from now on combines with what is there.
    public var blendMode: BlendMode = .normal
    /// Whether filters see what is drawn beyond the canvas, as far as they reach: a layer drawn
    /// from now on under a blur, a shadow or a projection, whose drawing crosses the canvas's
    /// edges, is drawn on a canvas grown past them (`DisplayList.overscan(of:width:height:)`),
    /// so a shape half off the canvas blurs as if the picture went on, full strength at the
    /// edge, a shadow cast by something just outside falls in, and a 3D turn swings in what lay
    /// past the edge. Off by default, as in SwiftUI, where a canvas's filters see its bounds
    /// only; compositions turn it on, since a layer there is a picture that the frame shows
    /// part of. Flipbook's addition to SwiftUI's API.
    public var filtersSeeBeyondCanvas = false
    /// The clips in effect, outermost first (`clip(to:)`, `clipToLayer`).
    var clips: [DisplayList.Clip] = []
    /// Filters applied to everything drawn from now on (`addFilter`).
    var filters: [FlipbookRaster.Filter] = []
    /// Bit i set: `filters[i]` is a shadow added with `.disablesGroup` (a mask rather than a
    /// set, so that copying a context, once per confetti piece, copies no reference; only the
    /// first 64 filters can be separated).
    var separatedShadows: UInt64 = 0
    /// The canvas size, for `clipBoundingRect`.
    var canvasSize = CGSize(width: 0, height: 0)
    /// What symbols and text without a style of their own are painted with: the canvas's
    /// `foregroundStyle`, black (SwiftUI's `.primary` in light mode) by default.
    var foregroundShading = Shading.color(.primary)
    /// The canvas's symbols by id (`Canvas { … } symbols: { … }`).
    var symbols: [String: DisplayList.Symbol] = [:]
    /// The locale, time zone, text settings, image catalog and frame date that drawing reads
    /// (set on the canvas with `environment(_:_:)`).
    public internal(set) var environment: EnvironmentValues {
        get { environmentStorage.values }
        set { environmentStorage = EnvironmentStorage(newValue) }
    }
    /// The environment behind one reference: contexts are copied for every particle of a
    /// confetti frame, and a copy should cost one retain, not one per locale, time zone and
    /// catalog.
    private var environmentStorage = EnvironmentStorage.standard

    init(recording: Recording) {
        self.recording = recording
    }

    /// Moves the origin of user space by (x, y) in the current user space.
    public mutating func translateBy(x: Double, y: Double) {
        transform = transform.translatedBy(x: x, y: y)
    }

    /// Scales user space by (x, y) about its origin.
    public mutating func scaleBy(x: Double, y: Double) {
        transform = transform.scaledBy(x: x, y: y)
    }

    /// Rotates user space about its origin; positive angles turn clockwise on screen.
    public mutating func rotate(by angle: Angle) {
        transform = transform.rotated(by: angle.radians)
    }

    /// Prepends `matrix` to the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        transform = matrix.concatenating(transform)
    }

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        record(
            .fill(
                DisplayList.Fill(
                    path: path, style: style, blendMode: blendMode, transform: transform,
                    paint: paint(of: shading),
                    opacity: drawingOpacity, clips: clips)))
    }

    /// Fills the outlines of `glyphs` with `shading`: `fill(glyphs.path, with: shading)`, with
    /// the glyphs kept beside the path so that the rasterizer reuses each glyph's coverage.
    package func fill(_ glyphs: GlyphRun, with shading: Shading) {
        record(
            .glyphs(
                DisplayList.GlyphFill(
                    fill: DisplayList.Fill(
                        path: glyphs.path, style: FillStyle(), blendMode: blendMode, transform: transform,
                        paint: paint(of: shading), opacity: drawingOpacity, clips: clips),
                    run: glyphs)))
    }

    /// Strokes the outlines of `glyphs` with `shading` and `style`: `stroke(glyphs.path, …)`,
    /// with the glyphs kept beside the path so that the rasterizer reuses each glyph's stroked
    /// coverage (outlined text that moves or changes some characters).
    package func stroke(_ glyphs: GlyphRun, with shading: Shading, style: StrokeStyle) {
        record(
            .stroke(
                DisplayList.Stroke(
                    path: glyphs.path, transform: transform, paint: paint(of: shading), style: style,
                    opacity: drawingOpacity, blendMode: blendMode, clips: clips, glyphs: glyphs)))
    }

    /// What `shading` paints with here: `.foreground` is this context's foreground style, and a
    /// tiled picture is looked up and rasterised for this context.
    func paint(of shading: Shading) -> Paint {
        let resolved = shading.isForeground ? foregroundShading : shading
        if let tile = resolved.tile { return paint(of: tile) }
        return resolved.paint
    }

    /// Strokes `path` with `shading` and a line of `lineWidth` (butt caps, miter joins).
    public func stroke(_ path: Path, with shading: Shading, lineWidth: Double = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes `path` with `shading` and `style` (width, caps, joins, miter limit, dashes).
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        record(
            .stroke(
                DisplayList.Stroke(
                    path: path, transform: transform, paint: paint(of: shading), style: style,
                    opacity: drawingOpacity,
                    blendMode: blendMode, clips: clips)))
    }

    /// Limits drawing from now on to the inside of `path` (in the current user space), under
    /// `style`'s fill rule — or to its outside with `.inverse`. Clips nest: each one intersects
    /// those before.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = []) {
        clips.append(.path(path, transform: transform, style: style, inverse: options.contains(.inverse)))
    }

    /// Limits drawing from now on to where `content` paints, weighted by its opacity times
    /// `opacity` (or to where it does not, with `.inverse`).
    public mutating func clipToLayer(
        opacity: Double = 1, options: ClipOptions = [], content: (inout GraphicsContext) throws -> Void
    ) rethrows {
        var layer = makeLayerContext()
        try content(&layer)
        clips.append(.layer(layer.recording.list, opacity: opacity, inverse: options.contains(.inverse)))
    }

    /// Applies `filter` to everything drawn from now on: each drawing operation is drawn into
    /// a layer, filtered and composited, as SwiftUI does. With `.linearColor`, blurs and
    /// colour matrices work on linear-light colour.
    ///
    /// The filter's lengths (blur and shadow radii, shadow offsets) are in the canvas's points:
    /// they grow with the render's `displayScale`, but not with the context's own transforms —
    /// a rotated piece's shadow still falls the same way, as with Core Graphics' shadows.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = []) {
        let raster = filter.raster.scaled(by: environment.displayScale)
        if filter.separatesShadow, filters.count < 64 { separatedShadows |= 1 << UInt64(filters.count) }
        filters.append(options.contains(.linearColor) ? .inLinearLight(raster) : raster)
    }

    /// The bounding box of the current clip in user space; the whole canvas without clips.
    /// Path clips are measured by their bounding boxes; layer clips do not narrow it.
    public var clipBoundingRect: CGRect {
        var device = CGRect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)
        for clip in clips {
            guard case .path(let path, let clipTransform, _, let inverse) = clip, !inverse else { continue }
            device = device.intersection(path.applying(clipTransform).boundingRect)
        }
        guard !device.isNull else { return .null }
        return Path(device).applying(transform.inverted()).boundingRect
    }

    /// Appends `item`; under filters, as a filtered layer that carries the item's opacity,
    /// blend mode and clips.
    func record(_ item: consuming DisplayList.Item) {
        guard !filters.isEmpty else {
            recording.list.items.append(item)  // moved, not copied: no retain per recorded item
            return
        }
        var content = DisplayList()
        content.items = [item.plain]
        appendLayers(of: content, name: nil)
    }

    /// The opacity recorded with each drawing operation: `opacity` clamped to 0…1.
    private var drawingOpacity: Double { min(max(opacity, 0), 1) }

    /// Draws `content` into a new offscreen layer, then composites the layer with this context's
    /// opacity, as SwiftUI's `drawLayer(content:)`. The layer's context starts with this
    /// context's transform and full opacity.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = makeLayerContext()
        try content(&layer)
        appendLayer(layer, name: nil)
    }

    /// Draws a named layer: as `drawLayer(content:)`, and `--explain` reports it by `name`
    /// ("Background: reused", "Title: redrawn (model.title changed)"). When changes are being
    /// explained, the content runs under the Observation module's tracking, so that a change to
    /// any `@Observable` property it read is attributed to this layer. Flipbook's addition to
    /// SwiftUI's API.
    public func drawLayer(named name: String, content: (inout GraphicsContext) -> Void) {
        var layer = makeLayerContext()
        if let observer = recording.observer {
            observer.track(layer: name) { content(&layer) }
        } else {
            content(&layer)
        }
        appendLayer(layer, name: name)
    }

    private func makeLayerContext() -> GraphicsContext {
        let layerRecording = Recording()
        layerRecording.observer = recording.observer
        var layer = GraphicsContext(recording: layerRecording)
        layer.transform = transform
        layer.canvasSize = canvasSize
        layer.foregroundShading = foregroundShading
        layer.symbols = symbols
        layer.environment = environment
        layer.filtersSeeBeyondCanvas = filtersSeeBeyondCanvas
        return layer
    }

    private func appendLayer(_ layer: GraphicsContext, name: String?) {
        appendLayers(of: layer.recording.list, name: name)
    }

    /// Appends `content` as a layer with this context's opacity, blend mode, filters and
    /// clips — or, for each shadow added with `.disablesGroup`, also a layer of that shadow
    /// alone (below the drawing, or above it with `.shadowAbove`), while the drawing's own
    /// layer goes without it: drawing and shadow are composited separately.
    private func appendLayers(of content: DisplayList, name: String?) {
        func layer(_ filters: [FlipbookRaster.Filter]) -> DisplayList.Item {
            .layer(
                DisplayList.Layer(
                    name: name, content: content, opacity: drawingOpacity, blendMode: blendMode,
                    filters: filters, clips: clips,
                    seesBeyondCanvas: filtersSeeBeyondCanvas && !filters.isEmpty))
        }
        guard separatedShadows != 0 else { return recording.list.items.append(layer(filters)) }
        func separated(_ index: Int) -> Bool { index < 64 && separatedShadows & (1 << UInt64(index)) != 0 }
        let grouped = filters.indices.filter { !separated($0) }.map { filters[$0] }
        var above: [DisplayList.Item] = []
        for index in filters.indices where separated(index) {
            guard let (alone, placement) = filters[index].shadowAlone else { continue }
            let shadowFilters = filters.indices.compactMap { other in
                other == index ? alone : separated(other) ? nil : filters[other]
            }
            if placement == .above {
                above.append(layer(shadowFilters))
            } else {
                recording.list.items.append(layer(shadowFilters))
            }
        }
        recording.list.items.append(layer(grouped))
        recording.list.items.append(contentsOf: above)
    }
}

extension FlipbookRaster.Filter {
    /// For a shadow (in linear light or not): the same shadow drawn alone, and where it was
    /// placed; `nil` for other filters.
    fileprivate var shadowAlone: (FlipbookRaster.Filter, FlipbookRaster.Filter.ShadowPlacement)? {
        switch self {
        case .shadow(let color, let radius, let x, let y, let placement, let blendMode, let invertsAlpha):
            return (
                .shadow(
                    color: color, radius: radius, x: x, y: y, placement: .only, blendMode: blendMode,
                    invertsAlpha: invertsAlpha), placement
            )
        case .inLinearLight(let filter):
            return filter.shadowAlone.map { (.inLinearLight($0.0), $0.1) }
        default:
            return nil
        }
    }
}
