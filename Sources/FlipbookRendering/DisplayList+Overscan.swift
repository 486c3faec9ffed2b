import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

extension DisplayList {
    /// The most pixels a layer is drawn beyond the canvas on each side: a blur wider than
    /// this (σ above about 170 pixels) loses what lies further out, as the frame's memory
    /// would otherwise grow without bound.
    package static let marginLimit = 512

    /// How far beyond the canvas a layer under `filters` may need drawing: their reaches added
    /// up, in whole 64-pixel steps — the gradients' and blurs' dither tile is 64 pixels
    /// square, so content moved by it dithers as it would in place — up to `marginLimit`.
    package static func margin(for filters: [Filter]) -> Int {
        let reach = filters.reduce(0) { $0 + min($1.reach, marginLimit) }
        return min((reach + 63) / 64 * 64, marginLimit)
    }

    /// Pixels a layer is drawn past each edge of the canvas.
    package struct Overscan: Hashable, Sendable {
        package var left, top, right, bottom: Int

        package init(left: Int = 0, top: Int = 0, right: Int = 0, bottom: Int = 0) {
            (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
        }
    }

    /// How far past the canvas's edges a layer under `filters` may be drawn, for them to see:
    /// their `margin(for:)`, or `marginLimit` under a projection (a 3D turn brings in what lay
    /// anywhere past the edge).
    package static func reach(of filters: [Filter]) -> Int {
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
    package static func overscan(
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
