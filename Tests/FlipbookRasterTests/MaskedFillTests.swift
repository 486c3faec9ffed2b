import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// Fills through a clip mask: blended pixel by pixel as coverage times the mask's value, four
/// pixels at a time where the mask shuts or opens all four; and the masks' coverage, which the
/// rasterizer lends again once a drawing is done.
@Suite struct MaskedFillTests {
    /// A 32 × 4 mask whose row `y` holds, column by column, runs of 0, 255 and values between,
    /// runs of four that line up with the four-pixel steps and runs that do not.
    private static func mask() -> ClipMask {
        var coverage = [UInt8](repeating: 0, count: 32 * 4)
        let row: [UInt8] =
            [0, 0, 0, 0, 255, 255, 255, 255, 0, 255, 255, 255, 255, 0, 17, 128] + [
                255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 3, 254, 255, 255, 255,
            ]
        for y in 0..<4 { coverage.replaceSubrange((y * 32)..<(y * 32 + 32), with: row) }
        return ClipMask(
            width: 32, height: 4, coverage: coverage, bounds: PixelBounds(columns: 0..<32, rows: 0..<4))
    }

    /// The pixel that source-over of premultiplied `paint`, weighted by a whole pixel's
    /// coverage times `mask` (0…255) and `opacity`, leaves on `under`, channel by channel.
    private static func expected(
        _ paint: PremultipliedColor, mask: UInt8, opacity: Double, over under: PremultipliedColor
    ) -> [Int] {
        let factor = Double(
            UInt32(min(Float(mask) * (1 / 255), 1) * Float(UInt32(opacity * 255 + 0.5)) + 0.5))
        let source = [paint.red, paint.green, paint.blue, paint.alpha].map { Double($0) * factor / 255 }
        let target = [under.red, under.green, under.blue, under.alpha].map(Double.init)
        return (0..<4).map { Int((source[$0] + target[$0] * (1 - source[3] / 255)).rounded()) }
    }

    @Test(arguments: [(255, 1.0), (255, 0.6), (128, 1.0)])
    func aWholePixelFillThroughAMaskBlendsByTheMasksValue(alpha: Int, opacity: Double) {
        let under = PremultipliedColor(red: 0, green: 40, blue: 80, alpha: 160)
        let paint = PremultipliedColor(
            red: UInt8(200 * alpha / 255), green: UInt8(alpha / 3), blue: 0, alpha: UInt8(alpha))
        var rasterizer = Rasterizer()
        var pixmap = Pixmap(width: 32, height: 4)
        pixmap.clear(to: under)
        // A solid colour under a clip goes through the span compositor, as a gradient does.
        rasterizer.fill(
            Path(CGRect(x: 0, y: 0, width: 32, height: 4)), paint: .solid(paint), opacity: opacity,
            clip: Self.mask(), into: &pixmap)
        let mask = Self.mask()
        for y in 0..<4 {
            for x in 0..<32 {
                let pixel = pixmap[x, y]
                let want = Self.expected(paint, mask: mask[x, y], opacity: opacity, over: under)
                let got = [pixel.red, pixel.green, pixel.blue, pixel.alpha].map(Int.init)
                #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "(\(x), \(y)): \(got) \(want)")
                if mask[x, y] == 0 { #expect(pixel == under, "(\(x), \(y)) is left as it was") }
            }
        }
    }

    /// `path`'s 48 × 32 mask from a rasterizer of its own.
    private static func freshMask(_ path: Path, inverse: Bool) -> ClipMask {
        var rasterizer = Rasterizer()
        return rasterizer.clipMask(path, inverse: inverse, width: 48, height: 32)
    }

    @Test func aRecycledMasksCoverageIsLentAgainAllZero() {
        var rasterizer = Rasterizer()
        let disc = Path(ellipseIn: CGRect(x: 5, y: 3, width: 30, height: 20))
        var mask = rasterizer.clipMask(disc, width: 48, height: 32)
        #expect(mask.coverage.contains { $0 != 0 })
        rasterizer.recycle(&mask)
        #expect(rasterizer.blankMaskCoverage(count: 48 * 32).allSatisfy { $0 == 0 })
        // A mask made from recycled coverage is the mask a fresh rasterizer makes.
        var again = rasterizer.clipMask(disc, inverse: true, width: 48, height: 32)
        #expect(again == Self.freshMask(disc, inverse: true))
        rasterizer.recycle(&again)
        let square = Path(CGRect(x: 8, y: 8, width: 16, height: 8))
        #expect(rasterizer.clipMask(square, width: 48, height: 32) == Self.freshMask(square, inverse: false))
    }

    @Test func aSharedMasksCoverageIsNotTaken() {
        var rasterizer = Rasterizer()
        var mask = rasterizer.clipMask(Path(CGRect(x: 2, y: 2, width: 9, height: 5)), width: 16, height: 16)
        let kept = mask
        rasterizer.recycle(&mask)
        #expect(kept[4, 4] == 255 && kept.bounds == PixelBounds(columns: 2..<11, rows: 2..<7))
        #expect(rasterizer.blankMaskCoverage(count: 16 * 16).allSatisfy { $0 == 0 })
    }
}
