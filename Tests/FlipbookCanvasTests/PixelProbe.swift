import FlipbookCanvas
import FlipbookRaster

/// Where a rendered picture has ink, for checking text and image placement by pixels.
struct PixelProbe {
    let pixmap: Pixmap

    /// The smallest rectangle of pixels with alpha above `threshold` within `rows` (all rows
    /// by default), as (minX, minY, maxX, maxY) inclusive; `nil` when there is none.
    func inkBounds(rows: Range<Int>? = nil, threshold: UInt8 = 64) -> (
        minX: Int, minY: Int, maxX: Int, maxY: Int
    )? {
        var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in rows ?? 0..<pixmap.height {
            for x in 0..<pixmap.width where pixmap[x, y].alpha > threshold {
                bounds = (
                    min(bounds?.minX ?? x, x), min(bounds?.minY ?? y, y), max(bounds?.maxX ?? x, x),
                    max(bounds?.maxY ?? y, y)
                )
            }
        }
        return bounds
    }

    /// How many pixels of row `y` have alpha above `threshold`.
    func inkCount(row y: Int, threshold: UInt8 = 64) -> Int {
        (0..<pixmap.width).filter { pixmap[$0, y].alpha > threshold }.count
    }

    /// The straight colour at (x, y), 0…255 per channel.
    func color(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let p = pixmap[x, y]
        guard p.alpha > 0 else { return (0, 0, 0, 0) }
        let a = Double(p.alpha)
        func straight(_ v: UInt8) -> Int { Int((Double(v) * 255 / a).rounded()) }
        return (straight(p.red), straight(p.green), straight(p.blue), Int(p.alpha))
    }
}
