import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

/// The rasterized symbols of one frame: a symbol placed by a plain translation, at full opacity,
/// normal blending and without clips, is drawn once per quarter-pixel phase and then copied —
/// SwiftUI's "draw once, stamp many times".
struct StampCache {
    private struct Key: Hashable {
        let symbol: DisplayList.Symbol
        let phaseX: Int
        let phaseY: Int
    }

    private var drawn: [Key: Pixmap] = [:]
    /// Sub-pixel positions are rounded to this fraction of a pixel.
    static let phases = 4

    /// Stamps `stamp` from the cache and returns `true`, or returns `false` when it needs
    /// drawing as vectors (rotated or scaled, translucent, blended or clipped).
    mutating func stamp(
        _ stamp: DisplayList.Stamp, into pixmap: inout Pixmap, using rasterizer: inout Rasterizer
    )
        -> Bool
    {
        let t = stamp.transform
        guard t.a == 1, t.b == 0, t.c == 0, t.d == 1, stamp.opacity == 1, stamp.blendMode == .normal,
            stamp.clips.isEmpty, abs(t.tx) < 1e7, abs(t.ty) < 1e7
        else { return false }
        let phases = Double(Self.phases)
        let (x, y) = ((t.tx * phases).rounded() / phases, (t.ty * phases).rounded() / phases)
        let (whole, fraction) = (
            (x.rounded(.down), y.rounded(.down)), (x - x.rounded(.down), y - y.rounded(.down))
        )
        let key = Key(
            symbol: stamp.symbol, phaseX: Int(fraction.0 * phases), phaseY: Int(fraction.1 * phases))
        if drawn[key] == nil {
            // One pixel of margin on each side for anti-aliased edges.
            var tile = Pixmap(
                width: Int(stamp.symbol.size.width.rounded(.up)) + 3,
                height: Int(stamp.symbol.size.height.rounded(.up)) + 3)
            let content = DisplayList(
                items: stamp.symbol.content.items.map {
                    $0.transformed(by: CGAffineTransform(translationX: 1 + fraction.0, y: 1 + fraction.1))
                })
            _ = rasterizer.drawingOffscreen { content.render(into: &tile, using: &$0) }
            drawn[key] = tile
        }
        if let tile = drawn[key] {
            let (left, top) = (Int(whole.0) - 1, Int(whole.1) - 1)
            let canvas = PixelBounds(columns: 0..<pixmap.width, rows: 0..<pixmap.height)
            let window = rasterizer.window
            guard let shown = window == nil ? canvas : window.flatMap({ canvas.intersection($0) }) else {
                return true
            }
            pixmap.draw(tile, atX: left, y: top, within: shown)
            let covered = PixelBounds(
                columns: left..<(left + tile.width), rows: top..<(top + tile.height)
            ).intersection(shown)
            if let covered {
                rasterizer.touched = covered.union(rasterizer.touched)
                rasterizer.recordDrawn(covered)
            }
        }
        return true
    }
}
