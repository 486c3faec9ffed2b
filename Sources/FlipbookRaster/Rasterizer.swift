import FlipbookGeometry
import Foundation

/// Draws filled paths into a `Pixmap` with exact-area anti-aliasing.
///
/// A rasterizer keeps scratch buffers (the flattened path, the coverage cells, one row of
/// coverage) that grow to the largest path seen and are then reused, so steady-state drawing
/// allocates nothing. One render worker owns one rasterizer; it is not `Sendable` and copies
/// share their scratch buffers, so never hand one to another thread.
///
/// Pipeline per fill: flatten (curves → lines within `PathFlattener.defaultTolerance` device
/// pixels; a stroke's outline is written as lines directly) → clip the bounds to the pixmap →
/// accumulate signed area per cell (`CoverageAccumulator`) → sweep rows under the fill rule →
/// composite spans (`SourceOver`).
package struct Rasterizer {
    private var flattener = PathFlattener()
    private var flattened = FlattenedPath()
    private var strokeBuffers = StrokeBuffers()
    private let accumulator = CoverageAccumulator()
    /// One row of paint colours, for paints that vary per pixel.
    private var colors: [UInt32] = []
    /// The colour tables of the gradients filled so far, by their stops (all a table depends
    /// on): a scene fills the same gradient every frame, often many times a frame, and a table is
    /// 1024 evaluations of the ramp. Emptied when it holds `GradientTable.cacheLimit`.
    private var gradientTables: [[GradientPaint.Stop]: [UInt64]] = [:]
    /// The pixels that fills and strokes may have changed since this was last set to `nil`:
    /// the union of their clipped bounding boxes. Lets a caller composite or scan only that part.
    package var touched: PixelBounds?
    /// What fills, layers and stamps changed since the last `clearDrawn(in:to:)`, as row runs.
    private var drawn = DrawnRegion()
    /// The only pixels of the frame that drawing may change; `nil`: all of them. Set while a
    /// frame is redrawn where it differs from the last one (`DisplayList.damage(since:width:height:)`):
    /// fills, strokes and clip masks are computed as ever and written only inside it, so its
    /// pixels come out as a whole redraw makes them. Offscreen canvases (`drawingOffscreen`)
    /// are drawn whole.
    package var window: PixelBounds?
    /// The spans of large fills met before, to replay instead of sweeping again.
    private var coverageCache = CoverageCache()
    /// The masks of glyphs drawn before, by glyph, transform and subpixel bin.
    private var glyphCache = GlyphCoverageCache()
    /// How many glyphs this rasterizer has flattened, accumulated and swept for its glyph cache: a
    /// glyph found there again adds nothing.
    package var glyphsAccumulated: Int { glyphCache.stored }
    /// The glyphs of the text being filled, each one's mask at its whole-pixel device position.
    private let glyphMasks = GlyphMaskComposer()
    /// Where a glyph met for the first time is swept into its mask.
    private var maskBuilder = GlyphMask.Builder()
    /// Transparent canvases for offscreen layers, kept between layers (`borrowCanvas`).
    var spareCanvases: [Pixmap] = []
    /// Zeroed coverage for clip masks, kept between masks (`blankMaskCoverage`).
    var spareMaskCoverage: [[UInt8]] = []

    package init(tolerance: Double = PathFlattener.defaultTolerance) {
        flattener = PathFlattener(tolerance: tolerance)
    }

    /// Fills `path`, mapped through `transform`, with `paint` at `opacity` (0…1), combined with
    /// what is there by `blendMode`, and only where `clip` lets it through. Without
    /// `antialiased`, a pixel is painted fully when at least half of it is covered.
    ///
    /// Coverage (times the clip's) weighs each pixel's result between the old pixel and the
    /// blended one, so every mode — `copy` and `clear` too — affects only the shape's pixels.
    ///
    /// With `glyphs` (whose `path` is `path`), filled under the non-zero rule with
    /// anti-aliasing (as text is), each glyph's coverage comes from the glyph cache at its
    /// subpixel bin (`GlyphCoverageCache`) instead of the whole path being flattened.
    package mutating func fill(
        _ path: Path, glyphs: GlyphRun? = nil, transform: CGAffineTransform = .identity,
        rule: FillRule = .nonZero,
        antialiased: Bool = true, paint: Paint, opacity: Double = 1, blendMode: BlendMode = .normal,
        clip: ClipMask? = nil, into pixmap: inout Pixmap
    ) {
        guard opacity > 0 else { return }
        var coverage = Coverage.flattened
        let shading: GradientPaint? = if case .gradient(let gradient) = paint { gradient } else { nil }
        if CoverageCache.qualifies(path, transform: transform, shading: shading, clip: clip) {
            let key = CoverageCache.Key(
                path: path, transform: transform, rule: rule, antialiased: antialiased, width: pixmap.width,
                height: pixmap.height, shading: shading)
            if let recording = coverageCache.recording(for: key) {
                coverage = .recorded(recording)
            } else if coverageCache.metBefore(key) {
                coverage = .flattenedToRecord(key)
            }
        }
        var fromGlyphs = false
        if coverage.isFlattened {
            if let glyphs, rule == .nonZero, antialiased, place(glyphs, transform: transform) {
                fromGlyphs = true
            } else {
                flattener.flatten(path, transform: transform, into: &flattened)
            }
        }
        fillFlattened(
            coverage, fromGlyphs: fromGlyphs, transform: transform, rule: rule, antialiased: antialiased,
            paint: paint, opacity: opacity, blendMode: blendMode, clip: clip, into: &pixmap)
    }

    /// Finds the mask of every glyph of `run` under `transform` at its subpixel bin — from
    /// the glyph cache, or flattened, accumulated and swept alone and kept there — and places
    /// it in `glyphMasks` — their outlines stroked with `stroke` when given. `false` when the
    /// run is to be filled (or stroked) as a path: a transform or position that is not finite,
    /// or a glyph too large to cache.
    private mutating func place(_ run: GlyphRun, transform: CGAffineTransform, stroke: StrokeStyle? = nil)
        -> Bool
    {
        let bins = Double(GlyphCoverageCache.bins)
        guard transform.a.isFinite, transform.b.isFinite, transform.c.isFinite, transform.d.isFinite else {
            return false
        }
        glyphMasks.removeAll()
        for glyph in run.glyphs {
            let device = glyph.position.applying(transform)
            // Beyond ±2³⁰ px nothing is visible, and the whole pixel must fit an `Int`.
            guard abs(device.x) < 0x1p30, abs(device.y) < 0x1p30 else { return false }
            let (stepsX, stepsY) = ((device.x * bins).rounded(), (device.y * bins).rounded())
            let (wholeX, wholeY) = ((stepsX / bins).rounded(.down), (stepsY / bins).rounded(.down))
            let key = GlyphCoverageCache.Key(
                outline: glyph.id, a: transform.a, b: transform.b, c: transform.c, d: transform.d,
                binX: Int(stepsX - wholeX * bins), binY: Int(stepsY - wholeY * bins), stroke: stroke)
            guard let mask = glyphCache.mask(for: key) ?? mask(of: glyph, at: key) else { return false }
            glyphMasks.place(mask, x: Int(wholeX), y: Int(wholeY))
        }
        return true
    }

    /// The mask of `glyph` at `key`'s transform and bin, accumulated and swept alone under the
    /// non-zero rule and kept in the glyph cache; `nil` when the glyph is too large to keep.
    private mutating func mask(of glyph: GlyphRun.Glyph, at key: GlyphCoverageCache.Key) -> GlyphMask? {
        let bins = Double(GlyphCoverageCache.bins)
        let scale = glyph.id.scale
        if let stroke = key.stroke {
            // The outline in points, stroked under the transform's linear part moved to the
            // bin, with the tolerance `stroke(_:glyphs:…)` gives the whole text's outline.
            var outline = Path()
            outline.addPath(glyph.outline, transform: CGAffineTransform(scaleX: scale, y: scale))
            let placement = CGAffineTransform(
                a: key.a, b: key.b, c: key.c, d: key.d, tx: Double(key.binX) / bins,
                ty: Double(key.binY) / bins)
            Stroker(style: stroke, tolerance: flattener.tolerance / placement.maximumScale)
                .stroke(outline, transform: placement, into: &flattened, reusing: &strokeBuffers)
        } else {
            let placement = CGAffineTransform(
                a: key.a * scale, b: key.b * scale, c: key.c * scale, d: key.d * scale,
                tx: Double(key.binX) / bins, ty: Double(key.binY) / bins)
            flattener.flatten(glyph.outline, transform: placement, into: &flattened)
        }
        let bounds = flattened.bounds
        guard !bounds.isNull else {
            let empty = GlyphMask(origin: (0, 0))
            glyphCache.store(empty, for: key)
            return empty
        }
        let (x0, y0) = (bounds.minX.rounded(.down), bounds.minY.rounded(.down))
        // One column more than the box: the spill a segment on its right edge adds there.
        let (width, height) = (Int(bounds.maxX.rounded(.up) - x0) + 1, Int(bounds.maxY.rounded(.up) - y0) + 1)
        guard width * height <= GlyphCoverageCache.maximumCells else { return nil }
        accumulator.reset(width: width, height: height)
        accumulator.add(flattened, dx: -x0, dy: -y0)
        maskBuilder.reset()
        accumulator.sweep(rule: .nonZero, antialiased: true, into: &maskBuilder)
        let mask = maskBuilder.mask(origin: (Int(x0), Int(y0)))
        glyphCache.store(mask, for: key)
        return mask
    }

    /// Where the glyphs placed in `glyphMasks` lie in `pixmap`: the corner of their box inside
    /// it, and the `region` they can paint there within the clip's bounds; `nil` when they can
    /// paint nothing.
    private func placedGlyphsRegion(
        in pixmap: Pixmap, within clip: ClipMask?
    ) -> (x0: Int, y0: Int, region: PixelBounds)? {
        guard let box = glyphMasks.bounds(width: pixmap.width, height: pixmap.height),
            let region = paintable(columns: box.columns, rows: box.rows, within: clip)
        else { return nil }
        return (box.columns.lowerBound, box.rows.lowerBound, region)
    }

    /// Where a fill's coverage comes from: the polylines in `flattened`, to accumulate and sweep
    /// (and, with a key, to record for next time), or spans recorded before.
    private enum Coverage {
        case flattened
        /// Boxed: a key (the path, its transform, a gradient) is large, and this value goes with
        /// every fill, which copied it twice with `memcpy` even when it held none. Keys are rare:
        /// a large fill met for the second time.
        indirect case flattenedToRecord(CoverageCache.Key)
        case recorded(CoverageCache.Recording)

        /// Whether the fill's polylines are to be flattened, accumulated and swept.
        var isFlattened: Bool {
            if case .recorded = self { false } else { true }
        }

        /// The key the swept spans are to be recorded under, if any.
        var keyToRecord: CoverageCache.Key? {
            if case .flattenedToRecord(let key) = self { key } else { nil }
        }
    }

    /// The spans of a fill, swept from the accumulator or replayed from a recording.
    private enum SpanSource {
        case swept(CoverageAccumulator, FillRule, antialiased: Bool)
        case glyphs(GlyphMaskComposer)
        case recorded(CoverageCache.Recording)

        /// Hands `sink` the spans inside `region` (the pixels the fill may change), whose
        /// first cell lies at `origin` in the pixmap.
        func feed<Sink: SpanSink>(into sink: inout Sink, region: PixelBounds, origin: (x: Int, y: Int)) {
            let rows = (region.rows.lowerBound &- origin.y)..<(region.rows.upperBound &- origin.y)
            var windowed = WindowedSpans(
                sink: sink, rows: rows,
                columns: (region.columns.lowerBound &- origin.x)..<(region.columns.upperBound &- origin.x))
            switch self {
            case .swept(let accumulator, let rule, let antialiased):
                accumulator.sweep(rule: rule, antialiased: antialiased, rows: rows, into: &windowed)
            case .glyphs(let composer):
                composer.feed(into: &windowed, region: region, origin: origin)
            case .recorded(let recording):
                recording.replay(into: &windowed)
            }
            sink = windowed.sink
        }
    }

    /// Fills `coverage` (device space; `transform` places the paint); a flattened one from the
    /// masks placed in `glyphMasks` instead of `flattened` when `fromGlyphs`.
    private mutating func fillFlattened(
        _ coverage: Coverage, fromGlyphs: Bool = false, transform: CGAffineTransform, rule: FillRule,
        antialiased: Bool, paint: Paint,
        opacity: Double, blendMode: BlendMode, clip: ClipMask?, into pixmap: inout Pixmap
    ) {
        let shader = SpanShader(paint: paint, transform: transform, tables: &gradientTables)
        let alpha = UInt32(min(opacity, 1) * 255 + 0.5)
        var solid: UInt32?
        if let color = shader.solidColor, blendMode == .normal, clip == nil {
            solid = SourceOver.scale(color, by: alpha)
        }
        // A transparent colour blended normally changes nothing. Decided before accumulating:
        // once edges are accumulated, the sweep must run to leave the cells zero for the next fill.
        if let color = solid, color >> 24 == 0 { return }
        let (x0, y0, region): (Int, Int, PixelBounds)
        let source: SpanSource
        switch coverage {
        case .recorded(let recording):
            let shown = window.map { recording.region.intersection($0) } ?? recording.region
            guard let shown else { return }
            (x0, y0, region) = (recording.origin.x, recording.origin.y, shown)
            source = .recorded(recording)
        case .flattened, .flattenedToRecord:
            let accumulated =
                fromGlyphs
                ? placedGlyphsRegion(in: pixmap, within: clip) : accumulate(in: pixmap, within: clip)
            guard let accumulated else { return }
            (x0, y0, region) = accumulated
            let swept: SpanSource =
                fromGlyphs ? .glyphs(glyphMasks) : .swept(accumulator, rule, antialiased: antialiased)
            // A recording is replayed in later frames, whole: never one cut to a window.
            if let key = coverage.keyToRecord, window == nil,
                CoverageCache.fits(region, shaded: key.shading != nil)
            {
                let recording = CoverageCache.Recording(origin: (x0, y0), region: region)
                var sink = CoverageCache.RecordingSink(recording: recording)
                swept.feed(into: &sink, region: region, origin: (x0, y0))
                if key.shading != nil { recording.shade(with: shader) }
                coverageCache.store(recording, for: key)
                source = .recorded(recording)
            } else {
                source = swept
            }
        }
        touched = region.union(touched)
        drawn.include(region)
        let width = pixmap.width
        if let color = solid {
            // Chosen once per fill, so that each span's loop is compiled for one blender.
            if color >> 24 == 255 {
                Self.sweep(
                    source, LaneInterpolation(color: color), at: (x0, y0), within: region, into: &pixmap,
                    drawn: &drawn)
            } else {
                Self.sweep(
                    source, LaneSourceOver(color: color), at: (x0, y0), within: region, into: &pixmap,
                    drawn: &drawn)
            }
            return
        }
        if colors.count < width { colors = [UInt32](repeating: 0, count: width) }
        let compositor = SpanCompositor(blendMode: blendMode, opacity: alpha)
        let maskBytes = clip?.coverage ?? []
        // Opaque paint in fully covered spans is shaded straight into the pixels: the colours
        // source-over would store, without the pass through `colors`.
        let direct = shader.isOpaque && blendMode == .normal && alpha == 255 && clip == nil
        // A shaded recording's colours replace the shader's.
        let recording: CoverageCache.Recording? =
            if case .recorded(let recording) = source { recording } else { nil }
        // Locals and pointers only: a span callback that touched `self` would be an access to
        // all of it, overlapping the buffers' and costing a dynamic exclusivity check per span.
        pixmap.bytes.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { pixels in
                colors.withUnsafeMutableBufferPointer { colors in
                    maskBytes.withUnsafeBufferPointer { mask in
                        withUnsafeMutablePointer(to: &drawn) { drawn in
                            guard let base = pixels.baseAddress, let colors = colors.baseAddress else {
                                return
                            }
                            let feed = {
                                (shaded: (coverage: UnsafePointer<Float>, colors: UnsafePointer<UInt32>)?) in
                                var sink = SpanClosure { row, column, coverage in
                                    let (y, x) = (row + y0, column + x0)
                                    drawn.pointee.add(row: y, start: x, end: x + coverage.count)
                                    let target = base + y * width + x
                                    var spanColors: UnsafePointer<UInt32> = UnsafePointer(colors)
                                    if let shaded, let start = coverage.baseAddress {
                                        spanColors = shaded.colors + (start - shaded.coverage)
                                    }
                                    if direct, coverage.allSatisfy({ $0 >= 1 }) {
                                        if shaded != nil {
                                            target.update(from: spanColors, count: coverage.count)
                                        } else {
                                            shader.shade(
                                                row: y, column: x, count: coverage.count, into: target)
                                        }
                                        return
                                    }
                                    if shaded == nil {
                                        shader.shade(row: y, column: x, count: coverage.count, into: colors)
                                    }
                                    compositor.composite(
                                        spanColors, coverage: coverage,
                                        mask: clip == nil ? nil : mask.baseAddress.map { $0 + y * width + x },
                                        into: target)
                                }
                                source.feed(into: &sink, region: region, origin: (x0, y0))
                            }
                            if let recording { recording.withShading(feed) } else { feed(nil) }
                        }
                    }
                }
            }
        }
    }

    /// Takes the spans of `source`, whose cells start at `origin` in the pixmap, and composites
    /// every span's part inside `region` with `blender`'s colour, recording the spans in `drawn` (`SolidSpans`).
    /// Static, so that a fill can pass its own `drawn` in place.
    private static func sweep<Blender: LaneBlender>(
        _ source: SpanSource, _ blender: Blender,
        at origin: (x: Int, y: Int), within region: PixelBounds,
        into pixmap: inout Pixmap,
        drawn: inout DrawnRegion
    ) {
        let (width, height) = (pixmap.width, pixmap.height)
        pixmap.bytes.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { pixels in
                guard let base = pixels.baseAddress else { return }
                withUnsafeMutablePointer(to: &drawn) { drawn in
                    var spans = SolidSpans(
                        blender: blender, pixels: base, width: width, height: height, origin: origin,
                        drawn: drawn)
                    source.feed(into: &spans, region: region, origin: origin)
                }
            }
        }
    }

    /// Draws with `draw` on a canvas other than the frame's pixmap — a layer's, a mask's, a
    /// symbol's tile — and returns what it touched there. The frame's `touched` and drawn
    /// pixels are kept apart meanwhile: the canvas's fills are not noted as drawn on the frame
    /// (they are in the canvas's coordinates, which may reach past the frame's), and compositing
    /// the canvas notes what it changes (`recordDrawn(_:)`). The canvas is drawn whole, whatever
    /// the frame's `window` — a layer's filters and a cached layer see all of it — unless
    /// `withinWindow`: for a canvas of which only the window's pixels are read (a layer with no
    /// filters composited into a partly redrawn frame, a matte's alpha there), whose pixels there
    /// come out as drawing it whole makes them.
    package mutating func drawingOffscreen(
        withinWindow: Bool = false, _ draw: (inout Rasterizer) -> Void
    ) -> PixelBounds? {
        let (frameTouched, frameDrawn, frameWindow) = (touched, drawn, window)
        (touched, drawn, window) = (nil, DrawnRegion(), withinWindow ? window : nil)
        draw(&self)
        let canvasTouched = touched
        (touched, drawn, window) = (frameTouched, frameDrawn, frameWindow)
        return canvasTouched
    }

    /// Notes that pixels inside `bounds` may have changed (for `clearDrawn(in:to:)`); fills do
    /// this themselves, compositors of layers and stamps call it.
    package mutating func recordDrawn(_ bounds: PixelBounds) {
        drawn.add(bounds)
    }

    /// Notes in `changes` the pixels drawn since the last `clearDrawn(in:to:)`: before the clear,
    /// what it will set back; after the drawing, what the drawing changed.
    package func markDrawn(in changes: inout ChangedRows) {
        drawn.mark(in: &changes)
    }

    /// Sets everything drawn since the last call back to `color` — assuming the pixmap was all
    /// `color` then — and forgets it. Returns `false` (and clears nothing) when nothing was
    /// recorded, e.g. for a fresh rasterizer, so the caller clears the whole pixmap.
    package mutating func clearDrawn(in pixmap: inout Pixmap, to color: PremultipliedColor) -> Bool {
        touched = nil
        return drawn.clear(in: &pixmap, to: color)
    }

    /// Forgets what was drawn since the last `clearDrawn(in:to:)` without clearing it: for a
    /// drawing about to set every pixel anew (`DisplayList.overwritesEveryPixel`).
    package mutating func forgetDrawn() {
        touched = nil
        drawn.removeAll()
    }

    /// The coverage of `path` under `rule` as a clip mask of `width` × `height` pixels —
    /// inverted when `inverse` (everything outside the shape) — intersected with `clip`; under
    /// a `window`, computed there only (zero elsewhere, where nothing is drawn).
    package mutating func clipMask(
        _ path: Path, transform: CGAffineTransform = .identity, rule: FillRule = .nonZero,
        antialiased: Bool = true, inverse: Bool = false, intersecting clip: ClipMask? = nil, width: Int,
        height: Int
    ) -> ClipMask {
        if let rectangle = Self.pixelAlignedRectangle(path, transform: transform) {
            return Self.alignedClipMask(
                rectangle, inverse: inverse, intersecting: clip, width: width, height: height, window: window,
                blank: blankMaskCoverage(count: width * height))
        }
        flattener.flatten(path, transform: transform, into: &flattened)
        let canvas = width > 0 && height > 0 ? PixelBounds(columns: 0..<width, rows: 0..<height) : nil
        // Only the window's pixels are computed: nothing is drawn outside it.
        let computed = window == nil ? canvas : window.flatMap { canvas?.intersection($0) }
        let accumulated = accumulate(width: width, height: height, within: nil, prefetching: nil)
        var shape = blankMaskCoverage(count: width * height)
        if let (x0, y0, region) = accumulated {
            shape.withUnsafeMutableBufferPointer { shape in
                withoutActuallyEscaping({ (row: Int, column: Int, coverage: UnsafeBufferPointer<Float>) in
                    let start = (row + y0) * width + column + x0
                    guard let covered = coverage.baseAddress, let target = shape.baseAddress else { return }
                    func store(_ j: Int) {
                        if coverage[j] > 0 { target[start + j] = UInt8(min(coverage[j], 1) * 255 + 0.5) }
                    }
                    // Four fully covered pixels at once (a shape's inside), the others one by one.
                    var i = 0
                    while i &+ 4 <= coverage.count {
                        if all(UnsafeRawPointer(covered + i).loadUnaligned(as: SIMD4<Float>.self) .>= 1) {
                            UnsafeMutableRawPointer(target + start + i).storeBytes(
                                of: UInt32.max, as: UInt32.self)
                        } else {
                            for j in i..<(i &+ 4) { store(j) }
                        }
                        i &+= 4
                    }
                    for j in i..<coverage.count { store(j) }
                }) { emit in
                    var sink = SpanClosure(body: emit)
                    SpanSource.swept(accumulator, rule, antialiased: antialiased).feed(
                        into: &sink, region: region, origin: (x0, y0))
                }
            }
        }
        var bounds = inverse ? computed : accumulated?.region
        if inverse, let computed {
            shape.withUnsafeMutableBufferPointer { shape in
                for row in computed.rows {
                    let line = row * width
                    for i in (line + computed.columns.lowerBound)..<(line + computed.columns.upperBound) {
                        shape[i] = 255 - shape[i]
                    }
                }
            }
        }
        if let clip, clip.width == width, clip.height == height {
            if let region = bounds { Self.intersect(&shape, with: clip, within: region, width: width) }
            bounds = clip.bounds.flatMap { bounds?.intersection($0) }
        }
        return ClipMask(width: width, height: height, coverage: shape, bounds: bounds)
    }

    /// Accumulates the edges of `flattened` for the pixels it can touch inside the
    /// `width` × `height` canvas: the accumulator's origin (`x0`, `y0`) in the canvas, and the
    /// `region` it can paint there within the clip's bounds; `nil` when it can paint nothing.
    private mutating func accumulate(
        in pixmap: Pixmap, within clip: ClipMask?
    ) -> (x0: Int, y0: Int, region: PixelBounds)? {
        pixmap.bytes.withUnsafeBufferPointer { bytes in
            accumulate(
                width: pixmap.width, height: pixmap.height, within: clip, prefetching: bytes.baseAddress)
        }
    }

    /// The part of the box `columns` × `rows` that a fill may paint within `clip`'s bounds and
    /// the window; `nil` when nothing can be painted there.
    private func paintable(columns: Range<Int>, rows: Range<Int>, within clip: ClipMask?) -> PixelBounds? {
        var box = PixelBounds(columns: columns, rows: rows)
        if let window {
            guard let inside = box.intersection(window) else { return nil }
            box = inside
        }
        guard let clip else { return box }
        return clip.bounds.flatMap { box.intersection($0) }
    }

    /// `accumulate(in:within:)` on a canvas of `width` × `height`; with the canvas's `pixels`, a
    /// small fill's rows of them are asked into the cache before its edges are added (see
    /// `Pixmap.prefetch(rows:columns:of:width:)`).
    private mutating func accumulate(
        width: Int, height: Int, within clip: ClipMask?, prefetching pixels: UnsafePointer<UInt8>?
    ) -> (x0: Int, y0: Int, region: PixelBounds)? {
        guard width > 0, height > 0 else { return nil }
        let bounds = flattened.bounds
        guard !bounds.isNull else { return nil }
        // Clamped to the canvas first, so that truncation rounds down (values are not negative)
        // without a call into the C library per side.
        func down(_ value: Double, within limit: Int) -> Int { Int(max(0, min(Double(limit), value))) }
        func up(_ value: Double, within limit: Int) -> Int {
            let clamped = max(0, min(Double(limit), value))
            let truncated = Int(clamped)
            return Double(truncated) < clamped ? truncated + 1 : truncated
        }
        let (x0, y0) = (down(bounds.minX, within: width), down(bounds.minY, within: height))
        let (x1, y1) = (up(bounds.maxX, within: width), up(bounds.maxY, within: height))
        guard x1 > x0, y1 > y0, let region = paintable(columns: x0..<x1, rows: y0..<y1, within: clip)
        else {
            return nil
        }
        // Edges are accumulated for the whole box inside the canvas (the clip only masks), so
        // windings stay right.
        if let pixels { Pixmap.prefetch(rows: y0..<y1, columns: x0..<x1, of: pixels, width: width) }
        accumulator.reset(width: x1 - x0, height: y1 - y0)
        accumulator.add(flattened, dx: -Double(x0), dy: -Double(y0))
        return (x0, y0, region)
    }

    /// Strokes `path`, mapped through `transform`, with `paint`: the outline is built in user
    /// space (so non-uniform transforms shape the pen, as in CoreGraphics) with the tolerance
    /// scaled to stay within the flattener's tolerance in device pixels, and written straight
    /// into device space for filling.
    /// A line width of 0 draws a hairline one device pixel wide.
    ///
    /// With `glyphs` (whose `path` is `path`) and an undashed style, each glyph is stroked alone
    /// at its subpixel bin and its mask kept in the glyph cache, as a fill of `glyphs` keeps
    /// them: the outlines of text are the union of its glyphs' (a dash pattern would run on
    /// from glyph to glyph, so dashed text is stroked whole).
    package mutating func stroke(
        _ path: Path, glyphs: GlyphRun? = nil, style: StrokeStyle, transform: CGAffineTransform = .identity,
        paint: Paint, opacity: Double = 1, blendMode: BlendMode = .normal, clip: ClipMask? = nil,
        into pixmap: inout Pixmap
    ) {
        let scale = transform.maximumScale
        guard scale > 0, scale.isFinite, style.lineWidth >= 0 else { return }
        var effective = style
        if style.lineWidth == 0 { effective.lineWidth = 1 / scale }
        guard opacity > 0 else { return }
        var fromGlyphs = false
        if let glyphs, effective.dash.isEmpty, place(glyphs, transform: transform, stroke: effective) {
            fromGlyphs = true
        } else {
            Stroker(style: effective, tolerance: flattener.tolerance / scale)
                .stroke(path, transform: transform, into: &flattened, reusing: &strokeBuffers)
        }
        fillFlattened(
            .flattened, fromGlyphs: fromGlyphs, transform: transform, rule: .nonZero, antialiased: true,
            paint: paint,
            opacity: opacity, blendMode: blendMode, clip: clip, into: &pixmap)
    }
}
