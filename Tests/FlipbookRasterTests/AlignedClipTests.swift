import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// A clip to a rectangle on whole pixels skips coverage accumulation; its mask must be byte for
/// byte the one the accumulator makes of the same region, plain, inverted and nested.
@Test func aPixelAlignedRectangleClipsAsTheAccumulatorDoes() {
    let rectangle = Path(CGRect(x: 10, y: 6, width: 30, height: 41))
    // The same region with a vertex in the middle of its top edge: five corners, so it takes
    // the accumulator's path.
    var accumulated = Path()
    accumulated.move(to: CGPoint(x: 10, y: 6))
    for point in [CGPoint(x: 25, y: 6), CGPoint(x: 40, y: 6), CGPoint(x: 40, y: 47), CGPoint(x: 10, y: 47)] {
        accumulated.addLine(to: point)
    }
    accumulated.closeSubpath()
    let disc = Path(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50))
    for inverse in [false, true] {
        for nested in [false, true] {
            var rasterizer = Rasterizer()
            let outer = nested ? rasterizer.clipMask(disc, width: 64, height: 64) : nil
            let fast = rasterizer.clipMask(
                rectangle, inverse: inverse, intersecting: outer, width: 64, height: 64)
            let slow = rasterizer.clipMask(
                accumulated, inverse: inverse, intersecting: outer, width: 64, height: 64)
            #expect(fast.coverage == slow.coverage, "inverse \(inverse), nested \(nested)")
            #expect(fast.bounds == slow.bounds, "inverse \(inverse), nested \(nested)")
        }
    }
    // Scaled onto whole pixels (2.5 × 4 = 10) it is aligned too; inside 255, outside 0.
    var rasterizer = Rasterizer()
    let scaled = rasterizer.clipMask(
        Path(CGRect(x: 2.5, y: 2.5, width: 4, height: 4)), transform: CGAffineTransform(scaleX: 4, y: 4),
        width: 64, height: 64)
    #expect(scaled.coverage[12 * 64 + 12] == 255)
    #expect(scaled.coverage[9 * 64 + 12] == 0)
    #expect(scaled.coverage[25 * 64 + 12] == 255 && scaled.coverage[26 * 64 + 12] == 0)
}

/// A clip inside another scales its coverage by the outer one's, `(inner · outer + 127) ÷ 255`,
/// in every pixel: sixteen at a time and the rest of each row one by one alike.
@Test func aNestedClipScalesItsCoverageByTheOuterOne() {
    let (width, height) = (61, 37)
    var generator = SystemRandomNumberGenerator()
    let coverage = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let outer = ClipMask(
        width: width, height: height, coverage: coverage,
        bounds: PixelBounds(columns: 0..<width, rows: 0..<height))
    // A slanted quadrilateral: every coverage value from 0 to 255 along its edges.
    var shape = Path()
    shape.move(to: CGPoint(x: 3.3, y: 1.7))
    for point in [CGPoint(x: 58.6, y: 5.1), CGPoint(x: 49.2, y: 35.4), CGPoint(x: 1.1, y: 30.8)] {
        shape.addLine(to: point)
    }
    shape.closeSubpath()
    var rasterizer = Rasterizer()
    let alone = rasterizer.clipMask(shape, width: width, height: height)
    let nested = rasterizer.clipMask(shape, intersecting: outer, width: width, height: height)
    let expected = zip(alone.coverage, coverage).map { UInt8((UInt32($0) * UInt32($1) + 127) / 255) }
    #expect(nested.coverage == expected)
    #expect(alone.coverage.contains { $0 > 0 && $0 < 255 })
}
