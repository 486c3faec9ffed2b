import FlipbookCanvas
import FlipbookFFmpeg
import FlipbookRaster
import FlipbookRendering

/// Turns a frame's drawing into the pixels an output takes (`yuv420p` or RGBA): one display list rasterized and converted, or —
/// with motion blur — several sub-frames averaged first.
///
/// Owned by one render worker, with its pixmap, rasterizer and accumulation buffer reused frame
/// after frame. Package API so that tests can paint frames as a worker does.
package struct FramePainter {
    private var rasterizer = Rasterizer()
    private var pixmap: Pixmap
    private var average: Pixmap
    /// Per channel sums of the sub-frames (16 bits: at most 256 sub-frames × 255).
    private var sums: [UInt16] = []
    private let background: PremultipliedColor
    /// Whether the pixmap has been cleared to the background once (after which only touched
    /// regions are).
    private var cleared = false
    /// The drawing whose pixels `pixmap` holds: the next one is drawn only where it differs
    /// (`DisplayList.damage(since:width:height:)`).
    private var previous: DisplayList?
    /// Where drawn layers are kept for reuse; `nil` draws every layer.
    private let layers: LayerCache?
    /// The named layers of the last frame painted, and whether each was reused.
    package private(set) var layerReports: [FrameReport.LayerReport] = []
    /// The layers of the last frame painted composited from the layer cache, and drawn.
    package private(set) var layerCounts = (reused: 0, drawn: 0)
    /// The last `yuv420p` conversion of `pixmap`, kept so that the next frame converts only what
    /// changed since: the next frame's conversion starts from it and is copied out, since the
    /// frame handed on is still being encoded while this worker draws the next one.
    private var converted: YUVFrame?
    /// The pixels of `pixmap` that may differ from `converted`.
    private var changes: ChangedRows

    package init(width: Int, height: Int, background: PremultipliedColor, layers: LayerCache?) {
        self.layers = layers
        pixmap = Pixmap(width: width, height: height)
        changes = ChangedRows(width: width, height: height)
        average = Pixmap(width: 0, height: 0)
        self.background = background
    }

    /// Renders `drawing` (one display list per sub-frame) as `input`; a `yuv420p` frame is
    /// converted into one taken from `pool`.
    package mutating func paint(_ drawing: [DisplayList], as input: FrameInput, pool: FramePool) -> VideoFrame
    {
        layerReports = []
        layerCounts = (0, 0)
        let store = layers?.storeForNextFrame()
        defer { store?.finish() }
        guard drawing.count > 1 else {
            let converting = input == .yuv420
            draw(drawing.first ?? DisplayList(), layers: store, tracksChanges: converting)
            guard converting else { return .rgba(pixmap) }
            return .yuv420(convertChanges(pool: pool))
        }
        if sums.count != pixmap.bytes.count {
            sums = [UInt16](repeating: 0, count: pixmap.bytes.count)
            average = Pixmap(width: pixmap.width, height: pixmap.height)
        }
        for index in sums.indices { sums[index] = 0 }
        for list in drawing {
            draw(list, layers: store, tracksChanges: false)
            pixmap.bytes.withUnsafeBufferPointer { bytes in
                sums.withUnsafeMutableBufferPointer { sums in
                    for index in 0..<bytes.count { sums[index] &+= UInt16(bytes[index]) }
                }
            }
        }
        // Rounded mean of premultiplied values: still validly premultiplied.
        let count = UInt32(drawing.count)
        sums.withUnsafeBufferPointer { sums in
            average.bytes.withUnsafeMutableBufferPointer { bytes in
                for index in 0..<sums.count {
                    bytes[index] = UInt8((UInt32(sums[index]) + count / 2) / count)
                }
            }
        }
        return output(average, as: input, pool: pool)
    }

    private func output(_ picture: Pixmap, as input: FrameInput, pool: FramePool) -> VideoFrame {
        switch input {
        case .rgba:
            return .rgba(picture)
        case .yuv420:
            var frame = pool.take()
            YUVConverter.convert(picture, into: &frame)
            return .yuv420(frame)
        }
    }

    /// The pixmap as `yuv420p`, in a frame taken from `pool`: only the changed pixels are
    /// converted (into `converted`, which then is copied out whole).
    private mutating func convertChanges(pool: FramePool) -> YUVFrame {
        // Without a last conversion (the first frame, or after frames drawn untracked) every
        // pixel is new to the frame written into.
        if converted == nil { changes.includeEverything() }
        var latest = converted ?? YUVFrame(width: pixmap.width, height: pixmap.height)
        // Not held twice while it is written, so writing does not copy it.
        converted = nil
        YUVConverter.convert(pixmap, into: &latest, changes: changes)
        changes.removeAll()
        var frame = pool.take()
        frame.copyPixels(from: latest)
        converted = latest
        return frame
    }

    /// Draws `list`, with `store` keeping its layers, over the background: after a first
    /// drawing, only where it differs from the last one (`redraw(_:within:layers:tracksChanges:)`),
    /// unless that is everywhere. With `tracksChanges`,
    /// what the clear sets back and what the drawing touches are noted as changes since the last
    /// conversion; without (RGBA output, motion blur's sub-frames, which are converted whole),
    /// that work is skipped and the last conversion forgotten, so that a later conversion starts
    /// from scratch.
    private mutating func draw(_ list: DisplayList, layers store: (any LayerStore)?, tracksChanges: Bool) {
        defer { previous = list }
        if !tracksChanges { converted = nil }
        if let previous {
            let damage = list.damage(since: previous, width: pixmap.width, height: pixmap.height)
            // Nothing differs: the pixmap holds this drawing's pixels already.
            if damage.isEmpty { return }
            if damage != [PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height)] {
                return redraw(list, within: damage, layers: store, tracksChanges: tracksChanges)
            }
        }
        // The background is the same for every frame, so only what the last drawing touched
        // needs clearing (all of it the first time, when nothing is recorded).
        if tracksChanges { rasterizer.markDrawn(in: &changes) }
        if list.overwritesEveryPixel(width: pixmap.width, height: pixmap.height) {
            // A full-frame opaque background sets every pixel: what the last drawing left is
            // overwritten, and the clear would be written over at once.
            rasterizer.forgetDrawn()
        } else if !cleared || !rasterizer.clearDrawn(in: &pixmap, to: background) {
            pixmap.clear(to: background)
            if tracksChanges { changes.includeEverything() }
            cleared = true
        }
        defer { if tracksChanges { rasterizer.markDrawn(in: &changes) } }
        var reports: [FrameReport.LayerReport] = []
        var counts = layerCounts
        defer { layerCounts = counts }
        list.render(into: &pixmap, using: &rasterizer, layers: store) { name, reused in
            if reused { counts.reused += 1 } else { counts.drawn += 1 }
            Self.report(name, reused: reused, in: &reports)
        }
        if layerReports.isEmpty { layerReports = reports }
    }

    /// Draws `list` over the last drawing's pixels where they differ, `damage`: each rectangle
    /// cleared to the background and drawn again there only, every other pixel kept — what a
    /// whole redraw gives, for the pixels a small change touches.
    private mutating func redraw(
        _ list: DisplayList, within damage: [PixelBounds], layers store: (any LayerStore)?,
        tracksChanges: Bool
    ) {
        var reports: [FrameReport.LayerReport] = []
        // Unnamed layers are counted in every rectangle; a named one once, as the report has it.
        var unnamed = (reused: 0, drawn: 0)
        for window in damage {
            pixmap.clear(to: background, within: window)
            if tracksChanges { changes.include(window) }
            list.render(into: &pixmap, using: &rasterizer, layers: store, within: window) { name, reused in
                guard let name else {
                    if reused { unnamed.reused += 1 } else { unnamed.drawn += 1 }
                    return
                }
                // A layer drawn in one rectangle and passed over in another was drawn.
                if let index = reports.firstIndex(where: { $0.name == name }) {
                    if !reused { reports[index].reused = false }
                } else {
                    Self.report(name, reused: reused, in: &reports)
                }
            }
        }
        let reusedNamed = reports.filter(\.reused).count
        layerCounts.reused += unnamed.reused + reusedNamed
        layerCounts.drawn += unnamed.drawn + reports.count - reusedNamed
        if layerReports.isEmpty { layerReports = reports }
    }

    /// Adds the named layer `name` to `reports`, once.
    private static func report(_ name: String?, reused: Bool, in reports: inout [FrameReport.LayerReport]) {
        if let name, !reports.contains(where: { $0.name == name }) {
            reports.append(FrameReport.LayerReport(name: name, reused: reused))
        }
    }
}
