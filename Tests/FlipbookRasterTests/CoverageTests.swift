import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

private let white = Paint.solid(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))

private func render(
    _ path: Path, size: Int = 64, rule: FillRule = .nonZero, transform: CGAffineTransform = .identity
) -> Pixmap {
    var pixmap = Pixmap(width: size, height: size)
    var rasterizer = Rasterizer()
    rasterizer.fill(path, transform: transform, rule: rule, paint: white, into: &pixmap)
    return pixmap
}

/// Total covered area in pixels: the sum of alpha / 255.
private func coveredArea(_ pixmap: Pixmap) -> Double {
    stride(from: 3, to: pixmap.bytes.count, by: 4).reduce(0.0) { $0 + Double(pixmap.bytes[$1]) / 255 }
}

@Test func rectangleOffsetByHalfAPixelHalfCoversItsEdgePixels() {
    let pixmap = render(Path(CGRect(x: 10.5, y: 10, width: 10, height: 10)))
    for y in 10..<20 {
        #expect(pixmap[10, y].alpha == 128)
        #expect(pixmap[20, y].alpha == 128)
        for x in 11..<20 { #expect(pixmap[x, y].alpha == 255) }
        #expect(pixmap[9, y].alpha == 0)
        #expect(pixmap[21, y].alpha == 0)
    }
    #expect(pixmap[15, 9].alpha == 0)
    #expect(pixmap[15, 20].alpha == 0)
}

@Test func coverageOfASlopedEdgeIsTheExactTrapezoidArea() {
    // A triangle (0,0) (8,0) (0,8): pixel (x, y) is half covered on the diagonal,
    // fully covered below it.
    var path = Path()
    path.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 8, y: 0), CGPoint(x: 0, y: 8)])
    path.closeSubpath()
    let pixmap = render(path, size: 16)
    for i in 0..<8 {
        #expect(pixmap[7 - i, i].alpha == 128)
        if i < 7 { #expect(pixmap[6 - i, i].alpha == 255) }
    }
    #expect(abs(coveredArea(pixmap) - 32) < 0.02)
}

@Test func discCoverageIsWithinOneThousandthOfPiRSquared() {
    let radius = 50.0
    let disc = Path(
        ellipseIn: CGRect(x: 64.3 - radius, y: 64.7 - radius, width: 2 * radius, height: 2 * radius))
    let area = coveredArea(render(disc, size: 130))
    #expect(abs(area - .pi * radius * radius) / (.pi * radius * radius) < 0.001)
}

@Test func polygonCoverageMatchesItsExactArea() {
    // A regular 720-gon: coverage must equal the polygon's own area, so this isolates the scan
    // converter from curve flattening. Only 8-bit rounding of edge pixels remains.
    let (n, radius) = (720, 40.0)
    var path = Path()
    path.addLines(
        (0..<n).map { i in
            let angle = Double(i) * 2 * .pi / Double(n)
            return CGPoint(x: 50.2 + radius * cos(angle), y: 49.9 + radius * sin(angle))
        })
    path.closeSubpath()
    let exact = Double(n) / 2 * radius * radius * sin(2 * .pi / Double(n))
    #expect(abs(coveredArea(render(path, size: 100)) - exact) / exact < 0.0002)
}

/// A five-pointed star drawn as one self-intersecting pentagram.
private func pentagram(centre: CGPoint, radius: Double) -> Path {
    var path = Path()
    path.addLines(
        (0..<5).map { k in
            let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
            return CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        })
    path.closeSubpath()
    return path
}

@Test func evenOddStarLeavesItsCentreEmptyNonZeroFillsIt() {
    let star = pentagram(centre: CGPoint(x: 32, y: 32), radius: 28)
    let evenOdd = render(star, rule: .evenOdd)
    let nonZero = render(star, rule: .nonZero)
    #expect(evenOdd[32, 32].alpha == 0)
    #expect(nonZero[32, 32].alpha == 255)
    // The points of the star are filled under both rules.
    #expect(evenOdd[32, 10].alpha == 255)
    #expect(nonZero[32, 10].alpha == 255)
}

@Test func shapesPartlyOutsideThePixmapAreClippedCorrectly() {
    // A rectangle from x = -100 to 10.25 covers columns 0…9 fully and a quarter of column 10.
    let pixmap = render(Path(CGRect(x: -100, y: 5, width: 110.25, height: 4)), size: 32)
    #expect(pixmap[0, 6].alpha == 255)
    #expect(pixmap[9, 6].alpha == 255)
    #expect(pixmap[10, 6].alpha == 64)
    #expect(pixmap[11, 6].alpha == 0)
}

@Test func shapesPastTheRightEdgeCoverToTheEndOfTheRowNarrowOrWide() {
    // Their right edges are dropped, so the winding their left edges leave must cover the rest of
    // each row: narrow regions (swept between touched cells) and wide ones (block bits) alike.
    for (x, width) in [(53.5, 40.0), (10.5, 200.0)] {
        let shape = Path { path in
            path.move(to: CGPoint(x: x, y: 4))
            path.addLine(to: CGPoint(x: x + width, y: 4))
            path.addLine(to: CGPoint(x: x + width, y: 20))
            path.addLine(to: CGPoint(x: x + 2, y: 20))  // a slanted left edge, not just a column
            path.closeSubpath()
        }
        let pixmap = render(shape)
        let left = Int(x)
        #expect(pixmap[left + 3, 10].alpha == 255)
        #expect(pixmap[63, 4].alpha == 255)
        #expect(pixmap[63, 19].alpha == 255)
        #expect(pixmap[63, 20].alpha == 0)
        // The exact area of the visible part: the trapezoid's columns up to the pixmap's edge.
        let expected = (64 - x) * 16 - 16 * 2 / 2
        #expect(abs(coveredArea(pixmap) - expected) < 0.02)
    }
}

@Test func hugeAndNonFiniteCoordinatesNeitherCrashNorDrawGarbage() {
    let huge = render(Path(CGRect(x: -1e12, y: -1e12, width: 2e12, height: 2e12)), size: 16)
    #expect(huge.bytes.allSatisfy { $0 == 255 })
    var broken = Path()
    broken.move(to: CGPoint(x: Double.nan, y: 0))
    broken.addLine(to: CGPoint(x: 5, y: Double.infinity))
    broken.addLine(to: CGPoint(x: -Double.infinity, y: 3))
    #expect(render(broken, size: 16).bytes.allSatisfy { $0 == 0 })
    #expect(render(Path(), size: 16).bytes.allSatisfy { $0 == 0 })
    #expect(render(Path(CGRect(x: 3, y: 3, width: 0, height: 9)), size: 16).bytes.allSatisfy { $0 == 0 })
}

@Test func aliasedFillsPaintWholePixelsOnly() {
    var pixmap = Pixmap(width: 32, height: 32)
    var rasterizer = Rasterizer()
    rasterizer.fill(
        Path(ellipseIn: CGRect(x: 3.3, y: 4.1, width: 20, height: 17)), antialiased: false,
        paint: white, into: &pixmap)
    #expect(Set(stride(from: 3, to: pixmap.bytes.count, by: 4).map { pixmap.bytes[$0] }) == [0, 255])
}

@Test func anEdgeWithAVanishingHorizontalSpanStillCoversExactly() {
    // Found by `make fuzz`: an edge 1e-310 px wide made its slope overflow to infinity and the
    // coverage NaN, which trapped when converted to an integer. A 10 × 10 square whose left edge
    // leans by a denormal amount must cover 100 pixels. The edge starts at x = 0, where the
    // denormal is not lost to rounding as it would be in 5 + 2e-310.
    let lean = Double.leastNormalMagnitude / 1e2
    var path = Path()
    path.addLines([
        CGPoint(x: 0, y: 5), CGPoint(x: lean, y: 15), CGPoint(x: 10, y: 15), CGPoint(x: 10, y: 5),
    ])
    path.closeSubpath()
    #expect(abs(coveredArea(render(path, size: 32)) - 100) < 0.01)
}

@Test func edgesWithinOneColumnSplitEachRowByWhereTheyCrossIt() {
    // Both sides of this parallelogram stay within one column of pixels (10 and 20) over 28 rows,
    // the case `CellWriter` adds row by row without finding columns. In each row the edge pixel
    // is covered right (left side) or left (right side) of the edge's x at the row's middle.
    var path = Path()
    path.addLines([
        CGPoint(x: 10.2, y: 2), CGPoint(x: 20.2, y: 2), CGPoint(x: 20.8, y: 30), CGPoint(x: 10.8, y: 30),
    ])
    path.closeSubpath()
    let pixmap = render(path, size: 32)
    for row in 2..<30 {
        let middle = 0.2 + 0.6 * (Double(row) + 0.5 - 2) / 28
        #expect(abs(Double(pixmap[10, row].alpha) - 255 * (1 - middle)) <= 1, "row \(row)")
        #expect(abs(Double(pixmap[20, row].alpha) - 255 * middle) <= 1, "row \(row)")
        for column in 11..<20 { #expect(pixmap[column, row].alpha == 255) }
        #expect(pixmap[9, row].alpha == 0 && pixmap[21, row].alpha == 0)
    }
}

@Test func shallowEdgesAcrossA256CellWordOfTouchedBlocksCoverExactly() {
    // Touched cells are marked in words of 64 four-cell blocks, counted from the fill's left
    // edge. A pixel square at x = 4 puts that edge there, so that every row piece of the
    // shallow edges, from about x = 240 to 280, crosses the words' border at x = 260.
    var path = Path(CGRect(x: 4, y: 15, width: 1, height: 1))
    path.addLines([
        CGPoint(x: 240, y: 10), CGPoint(x: 280.5, y: 11.5), CGPoint(x: 280.5, y: 21.5),
        CGPoint(x: 240, y: 20),
    ])
    path.closeSubpath()
    let pixmap = render(path, size: 300)
    #expect(abs(coveredArea(pixmap) - 406) < 0.05)
    for x in [241, 259, 260, 261, 279] { #expect(pixmap[x, 15].alpha == 255) }
    #expect(pixmap[280, 15].alpha == 128)
}

@Test func edgesNearTheLimitOfDoublesDrawNoGarbage() {
    // Coordinates near ±10³⁰⁸ overflow differences to infinity, which can leave NaN in the cells
    // of a row; such pixels must stay unpainted, never get a garbage weight. White on
    // transparent: every painted pixel has equal channels.
    for (a, b, c) in [
        (CGPoint(x: -1e308, y: -1e308), CGPoint(x: 1e308, y: 1e308), CGPoint(x: -1e308, y: 1e308)),
        (CGPoint(x: -1.7e308, y: 3), CGPoint(x: 1.7e308, y: 40), CGPoint(x: 1e308, y: -1e308)),
        (CGPoint(x: 8, y: -1.7e308), CGPoint(x: 20, y: 1.7e308), CGPoint(x: -1.7e308, y: 10)),
    ] {
        var path = Path()
        path.addLines([a, b, c])
        path.closeSubpath()
        for rule in [FillRule.nonZero, .evenOdd] {
            let pixmap = render(path, size: 64, rule: rule)
            for y in 0..<64 {
                for x in 0..<64 {
                    let pixel = pixmap[x, y]
                    #expect(
                        pixel.red == pixel.alpha && pixel.green == pixel.alpha && pixel.blue == pixel.alpha)
                }
            }
        }
    }
}
