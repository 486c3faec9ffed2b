import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// Image paints sample exactly as `ImagePaint` says, bit for bit, whatever path the shader takes
/// for a transform: each pixel centre mapped into the image by the inverse transform, the four
/// texels around it mixed bilinearly in floats (or the nearest one), clamped at the edges or
/// repeated, transparent outside a picture that does not tile.
@Suite struct ImagePaintTests {
    /// A 37 × 23 picture of seeded random premultiplied colours, a few transparent.
    private static let picture = RasterImage(
        Pixmap.random(width: 37, height: 23, seed: 0x1_3A6E, translucentOneIn: 4) { x, y in (x + y) % 11 == 0
        })

    /// The colour `ImagePaint` defines for the pixel (`x`, `y`) under `paint`.
    private static func expected(_ paint: ImagePaint, _ x: Int, _ y: Int) -> UInt32 {
        let pixmap = paint.image.pixmap
        let (width, height) = (pixmap.width, pixmap.height)
        let inverse = paint.transform.inverted()
        let point = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(inverse)
        guard
            paint.tiled
                || (point.x >= 0 && point.y >= 0 && point.x <= Double(width) && point.y <= Double(height))
        else { return 0 }
        func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let (x, y) =
                paint.tiled
                ? (((x % width) + width) % width, ((y % height) + height) % height)
                : (min(max(x, 0), width - 1), min(max(y, 0), height - 1))
            let p = pixmap[x, y]
            return SIMD4(Float(p.red), Float(p.green), Float(p.blue), Float(p.alpha))
        }
        let color: SIMD4<Float>
        if paint.smooth {
            let (u, v) = (point.x - 0.5, point.y - 0.5)
            let (x0, y0) = (Int(u.rounded(.down)), Int(v.rounded(.down)))
            let (fx, fy) = (Float(u - Double(x0)), Float(v - Double(y0)))
            let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
            let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
            color = top * (1 - fy) + bottom * fy
        } else {
            color = texel(Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
        }
        // Rounded to the nearest code value (halves to even), colour kept within alpha.
        let v = color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)).rounded(.toNearestOrEven)
        let alpha = UInt32(v.w)
        return min(UInt32(v.x), alpha) | min(UInt32(v.y), alpha) << 8 | min(UInt32(v.z), alpha) << 16
            | alpha << 24
    }

    @Test(arguments: [
        ("natural size at whole pixels", CGAffineTransform(translationX: 5, y: 3)),
        ("natural size, off the frame's corner", CGAffineTransform(translationX: -9, y: -4)),
        ("natural size at half pixels", CGAffineTransform(translationX: 5.5, y: 3.25)),
        ("enlarged", CGAffineTransform(scaleX: 2.7, y: 1.9).translatedBy(x: -3, y: 2)),
        ("reduced", CGAffineTransform(scaleX: 0.45, y: 0.6).translatedBy(x: 11, y: 5)),
        ("turned", CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 1.3, y: 1.3).translatedBy(x: 20, y: -8)),
        ("mirrored", CGAffineTransform(scaleX: -1, y: 1).translatedBy(x: -60, y: 1)),
    ])
    func everyPixelIsTheDefinedSample(_ name: String, _ transform: CGAffineTransform) {
        for (tiled, smooth) in [(false, true), (true, true), (false, false), (true, false)] {
            let paint = ImagePaint(image: Self.picture, transform: transform, tiled: tiled, smooth: smooth)
            var pixmap = Pixmap(width: 64, height: 40)
            var rasterizer = Rasterizer()
            rasterizer.fill(
                Path(CGRect(x: 0, y: 0, width: 64, height: 40)), paint: .image(paint), into: &pixmap)
            var wrong = 0
            for y in 0..<40 {
                for x in 0..<64 {
                    let p = pixmap[x, y]
                    let packed =
                        UInt32(p.red) | UInt32(p.green) << 8 | UInt32(p.blue) << 16 | UInt32(p.alpha) << 24
                    if packed != Self.expected(paint, x, y) { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(name), tiled \(tiled), smooth \(smooth): \(wrong) pixels differ")
        }
    }
}
