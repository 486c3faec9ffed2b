import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

private let white = Paint.solid(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))

private func coveredArea(_ pixmap: Pixmap) -> Double {
    stride(from: 3, to: pixmap.bytes.count, by: 4).reduce(0.0) { $0 + Double(pixmap.bytes[$1]) / 255 }
}

private func clippedFill(_ clips: [(Path, FillRule, Bool)]) -> Pixmap {
    var rasterizer = Rasterizer()
    var mask: ClipMask?
    for (path, rule, inverse) in clips {
        mask = rasterizer.clipMask(
            path, rule: rule, inverse: inverse, intersecting: mask, width: 64, height: 64)
    }
    var pixmap = Pixmap(width: 64, height: 64)
    rasterizer.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 64)), paint: white, clip: mask, into: &pixmap)
    return pixmap
}

private let disc = Path(ellipseIn: CGRect(x: 12, y: 12, width: 40, height: 40))

@Test func aClipToADiscLetsThroughItsAreaWithSoftEdges() {
    let pixmap = clippedFill([(disc, .nonZero, false)])
    #expect(abs(coveredArea(pixmap) - Double.pi * 400) < Double.pi * 400 * 0.002)
    let edge = (0..<64).contains { x in (1..<255).contains(pixmap[x, 32].alpha) }
    #expect(edge)
}

@Test func inverseAndNestedClipsIntersect() {
    let inverse = clippedFill([(disc, .nonZero, true)])
    #expect(abs(coveredArea(inverse) - (4096 - Double.pi * 400)) < 3)
    let square = Path(CGRect(x: 32, y: 0, width: 32, height: 64))
    let half = clippedFill([(disc, .nonZero, false), (square, .nonZero, false)])
    #expect(abs(coveredArea(half) - Double.pi * 200) < 2)
    #expect(half[20, 32].alpha == 0 && half[40, 32].alpha == 255)
}

@Test func evenOddClipsLeaveTheOverlapOut() {
    var rings = Path(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48))
    rings.addPath(Path(ellipseIn: CGRect(x: 20, y: 20, width: 24, height: 24)))
    #expect(clippedFill([(rings, .evenOdd, false)])[32, 32].alpha == 0)
    #expect(clippedFill([(rings, .nonZero, false)])[32, 32].alpha == 255)
}

@Test func nothingIsDrawnOutsideAnEmptyClip() {
    let pixmap = clippedFill([(Path(CGRect(x: 100, y: 100, width: 5, height: 5)), .nonZero, false)])
    #expect(coveredArea(pixmap) == 0)
}

@Test func aCopiedClipMaskIsAValueOfItsOwn() {
    var mask = ClipMask(width: 4, height: 2)
    let copy = mask
    mask.coverage[3] = 7
    mask.bounds = PixelBounds(columns: 0..<4, rows: 0..<1)
    #expect(copy.coverage[3] == 255 && copy.bounds == PixelBounds(columns: 0..<4, rows: 0..<2))
    #expect(mask[3, 0] == 7 && mask != copy)
    mask.coverage[3] = 255
    mask.bounds = copy.bounds
    #expect(mask == copy && mask.hashValue == copy.hashValue)
}
