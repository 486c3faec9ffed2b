import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import Foundation

extension DisplayList {
    /// How many items of the previous list a changed item looks past for its equal: an item
    /// that appeared or went away leaves the rest matched, however long the list.
    static let damageLookAhead = 8

    /// Pixels of margin around every changed item's bounds: a glyph placed at its subpixel bin
    /// or a curve flattened with its vertices nudged outwards reaches a little past the
    /// path's own box.
    package static let damageMargin = 2

    /// At most this many separate rectangles are redrawn; past it, the box around them all. Each
    /// rectangle is a pass over the list (its items' bounds found again), so a few pay: two
    /// small changes in opposite corners, not the canvas between them.
    static let damageRectangles = 4

    /// The pixels of a `width` × `height` canvas where drawing this list may give other values
    /// than drawing `previous` gave, as rectangles apart from one another (at most
    /// `damageRectangles`); none when no pixel can differ.
    ///
    /// The two lists' items are matched in order — each item with the next equal one of the
    /// previous list, at most `damageLookAhead` items on — and the bounds of every item left
    /// unmatched on either side are the damage. That is enough: outside them every pixel is
    /// painted by matched items only, equal pairs in the same order, so it comes out the same
    /// (an item paints nothing outside its `deviceBounds`, whatever its blend mode). A frame
    /// that redraws just this region over the last frame's pixels (`render(into:using:layers:within:onLayer:)`)
    /// has every pixel a whole redraw gives it — what partial redraws in players such as
    /// ThorVG rest on, with the same guarantee.
    package func damage(since previous: DisplayList, width: Int, height: Int) -> [PixelBounds] {
        var damage: [PixelBounds] = []
        func include(_ item: Item) {
            guard var box = Self.pixels(of: item.deviceBounds, width: width, height: height) else { return }
            // Merged with every rectangle it meets, until it meets none: the rectangles stay apart.
            var index = 0
            while index < damage.count {
                if damage[index].intersection(box) != nil {
                    box = box.union(damage.remove(at: index))
                    index = 0
                } else {
                    index += 1
                }
            }
            damage.append(box)
        }
        var next = 0  // the first item of `previous` not yet matched or passed
        let old = previous.items
        for item in items {
            if next < old.count, old[next] == item {
                next += 1
                continue
            }
            let ahead = min(next + 1, old.count)..<min(next + 1 + Self.damageLookAhead, old.count)
            guard let match = ahead.first(where: { old[$0] == item }) else {
                include(item)
                continue
            }
            for passed in old[next..<match] { include(passed) }
            next = match + 1
        }
        for passed in old[next...] { include(passed) }
        guard let first = damage.first, damage.count > Self.damageRectangles else { return damage }
        return [damage.dropFirst().reduce(first) { $0.union($1) }]
    }

    /// The canvas's pixels that `rect` (device space) touches, with `damageMargin` to spare.
    static func pixels(of rect: CGRect, width: Int, height: Int) -> PixelBounds? {
        guard !rect.isNull, width > 0, height > 0 else { return nil }
        let canvas = PixelBounds(columns: 0..<width, rows: 0..<height)
        guard !rect.isInfinite else { return canvas }
        let margin = Double(Self.damageMargin)
        // Clamped first, so that a rectangle reaching far past the canvas converts safely.
        func clamped(_ value: Double, _ limit: Int) -> Int { Int(max(0, min(Double(limit), value))) }
        let (x0, x1) = (
            clamped((rect.minX - margin).rounded(.down), width),
            clamped((rect.maxX + margin).rounded(.up), width)
        )
        let (y0, y1) = (
            clamped((rect.minY - margin).rounded(.down), height),
            clamped((rect.maxY + margin).rounded(.up), height)
        )
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelBounds(columns: x0..<x1, rows: y0..<y1)
    }
}
