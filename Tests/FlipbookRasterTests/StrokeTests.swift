import FlipbookGeometry
import FlipbookRaster
import Foundation
import Testing

/// Area in pixels covered by `path` stroked with `style` (sum of alpha / 255).
private func strokedArea(_ path: Path, _ style: StrokeStyle, size: Int = 128) -> Double {
    var pixmap = Pixmap(width: size, height: size)
    var rasterizer = Rasterizer()
    rasterizer.fill(
        path.strokedPath(style),
        paint: .solid(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255)), into: &pixmap)
    return stride(from: 3, to: pixmap.bytes.count, by: 4).reduce(0.0) { $0 + Double(pixmap.bytes[$1]) / 255 }
}

private func line(_ a: CGPoint, _ b: CGPoint) -> Path {
    Path { path in
        path.move(to: a)
        path.addLine(to: b)
    }
}

@Test(arguments: [(CGLineCap.butt, 80.0), (.square, 96.0), (.round, 80 + Double.pi * 4)])
func capsAddTheirAreaToAStraightLine(cap: CGLineCap, expected: Double) {
    let area = strokedArea(
        line(CGPoint(x: 20.3, y: 30.6), CGPoint(x: 40.3, y: 30.6)), StrokeStyle(lineWidth: 4, lineCap: cap))
    #expect(abs(area - expected) < 0.05 * expected / 80)
}

@Test func aClosedSquareStrokedWithMitersIsARing() {
    let area = strokedArea(Path(CGRect(x: 20, y: 20, width: 10, height: 10)), StrokeStyle(lineWidth: 2))
    #expect(abs(area - (144 - 64)) < 0.01)
}

@Test func bevelAndRoundJoinsCutTheOuterCorners() {
    let square = Path(CGRect(x: 20, y: 20, width: 10, height: 10))
    let bevel = strokedArea(square, StrokeStyle(lineWidth: 2, lineJoin: .bevel))
    let round = strokedArea(square, StrokeStyle(lineWidth: 2, lineJoin: .round))
    // Each corner loses a triangle (bevel, ½) or the square minus a quarter disc (round, 1 − π/4).
    #expect(abs(bevel - (80 - 4 * 0.5)) < 0.02)
    #expect(abs(round - (80 - 4 * (1 - .pi / 4))) < 0.05)
}

@Test func sharpCornersBeyondTheMiterLimitAreBevelled() {
    var path = Path()
    path.addLines([CGPoint(x: 10, y: 60), CGPoint(x: 110, y: 64), CGPoint(x: 10, y: 68)])
    let limited = strokedArea(path, StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 10))
    let unlimited = strokedArea(path, StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 100))
    let bevelled = strokedArea(path, StrokeStyle(lineWidth: 4, lineJoin: .bevel))
    #expect(abs(limited - bevelled) < 0.01)
    #expect(unlimited > bevelled + 10)
}

@Test func dashesCutTheLineIntoEqualPieces() {
    let path = line(CGPoint(x: 10, y: 50), CGPoint(x: 110, y: 50))
    let dashed = strokedArea(path, StrokeStyle(lineWidth: 2, dash: [10, 10]))
    #expect(abs(dashed - 100) < 0.01)
    let shifted = strokedArea(path, StrokeStyle(lineWidth: 2, dash: [10, 10], dashPhase: 5))
    #expect(abs(shifted - 100) < 0.01)
    let dots = strokedArea(path, StrokeStyle(lineWidth: 2, lineCap: .round, dash: [0, 20]))
    // Zero-length dashes every 20 px from 0 to 100 inclusive: six round dots of radius 1.
    #expect(abs(dots - 6 * .pi) < 0.1)
}

@Test func aSinglePointDrawsADotOnlyWithRoundOrSquareCaps() {
    let point = line(CGPoint(x: 60, y: 60), CGPoint(x: 60, y: 60))
    #expect(strokedArea(point, StrokeStyle(lineWidth: 10, lineCap: .butt)) == 0)
    #expect(abs(strokedArea(point, StrokeStyle(lineWidth: 10, lineCap: .square)) - 100) < 0.01)
    #expect(abs(strokedArea(point, StrokeStyle(lineWidth: 10, lineCap: .round)) - 25 * .pi) < 0.1)
}

@Test func aStrokedCircleCoversItsAnnulus() {
    let circle = Path(ellipseIn: CGRect(x: 24, y: 24, width: 80, height: 80))
    let area = strokedArea(circle, StrokeStyle(lineWidth: 6))
    let exact = Double.pi * (43 * 43 - 37 * 37)
    #expect(abs(area - exact) / exact < 0.002)
}

@Test func pointsWhoseDistanceOverflowsAreSkippedNotTrapped() {
    // Found by `make fuzz`: finite coordinates near ±1e308 made segment lengths infinite,
    // directions NaN, and a round join's step count Int(NaN).
    var path = Path()
    path.addLines([
        CGPoint(x: 10, y: 10), CGPoint(x: 1.5e308, y: -1.5e308), CGPoint(x: -1.5e308, y: 1.5e308),
        CGPoint(x: 30, y: 10),
    ])
    path.closeSubpath()
    let area = strokedArea(path, StrokeStyle(lineWidth: 4, lineJoin: .round))
    #expect(area.isFinite)
}

@Test func aDashPatternWhoseTotalOverflowsIsDrawnSolidNotForever() {
    // Found by `make fuzz`: dashes of 1.8e308 sum to infinity, the phase became infinite, and
    // skipping it never ended. Such a pattern is ignored, as CoreGraphics does.
    let path = line(CGPoint(x: 10, y: 50), CGPoint(x: 110, y: 50))
    let huge = strokedArea(
        path,
        StrokeStyle(lineWidth: 2, dash: [.greatestFiniteMagnitude, .greatestFiniteMagnitude], dashPhase: -5))
    #expect(abs(huge - 200) < 0.01)
}

@Test(arguments: [1.0, 2.5, 7.25])
func strokeWidthMeasuredAcrossALineIsTheWidthAsked(width: Double) {
    var pixmap = Pixmap(width: 64, height: 64)
    var rasterizer = Rasterizer()
    var horizontal = Path()
    horizontal.move(to: CGPoint(x: 4, y: 20.3))
    horizontal.addLine(to: CGPoint(x: 60, y: 20.3))
    var diagonal = Path()
    diagonal.move(to: CGPoint(x: 4, y: 30))
    diagonal.addLine(to: CGPoint(x: 34, y: 60))
    let paint = Paint.solid(PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
    rasterizer.stroke(horizontal, style: StrokeStyle(lineWidth: width), paint: paint, into: &pixmap)
    rasterizer.stroke(diagonal, style: StrokeStyle(lineWidth: width), paint: paint, into: &pixmap)
    // A column through the horizontal line holds exactly its width of coverage…
    let across = (0..<28).reduce(0.0) { $0 + Double(pixmap[32, $1].alpha) / 255 }
    #expect(abs(across - width) < 0.02)
    // …and a row through the 45° line holds width·√2.
    let row = 45
    let diagonalCoverage = (0..<64).reduce(0.0) { $0 + Double(pixmap[$1, row].alpha) / 255 }
    #expect(abs(diagonalCoverage - width * 2.squareRoot()) < 0.03)
}

@Test func aClosedPathDrawnBackToItsStartStrokesAsTheSameRing() {
    // Points computed around a circle rarely land exactly on the start again: the closing
    // segment must not become a join with no direction (that cut the corner off).
    let almostStart = CGPoint(x: 20 + 1e-13, y: 20 - 1e-13)
    let drawnBack = Path { path in
        path.addLines([
            CGPoint(x: 20, y: 20), CGPoint(x: 30, y: 20), CGPoint(x: 30, y: 30), CGPoint(x: 20, y: 30),
        ])
        path.addLine(to: almostStart)
        path.closeSubpath()
    }
    let area = strokedArea(drawnBack, StrokeStyle(lineWidth: 2))
    #expect(abs(area - (144 - 64)) < 0.01)
}

@Test func strokingWritesTheSameOutlineAsFillingTheStrokedPath() {
    // The rasterizer writes a stroke's outline straight into device space; filling the
    // `strokedPath` through the transform must give the very same pixels.
    var path = Path()
    path.addLines(
        (0..<40).map { i in
            CGPoint(x: 10 + Double(i) * 2.5, y: 40 + 25 * sin(Double(i) * 0.7))
        })
    path.addQuadCurve(to: CGPoint(x: 20, y: 90), control: CGPoint(x: 60, y: 120))
    let transform = CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1.2, y: 0.8).translatedBy(x: 15, y: -5)
    let paint = Paint.solid(PremultipliedColor(red: 0, green: 122, blue: 255, alpha: 255))
    for style in [
        StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round),
        StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .miter, miterLimit: 4, dash: [8, 3]),
    ] {
        var stroked = Pixmap(width: 160, height: 140)
        var filled = Pixmap(width: 160, height: 140)
        var rasterizer = Rasterizer()
        rasterizer.stroke(path, style: style, transform: transform, paint: paint, into: &stroked)
        // The rasterizer strokes with its tolerance divided by the transform's scale.
        let outline = Stroker(
            style: style, tolerance: PathFlattener.defaultTolerance / transform.maximumScale
        )
        .stroke(path)
        rasterizer.fill(outline, transform: transform, paint: paint, into: &filled)
        #expect(stroked.bytes.contains { $0 != 0 })
        let differing = zip(stroked.bytes, filled.bytes).filter { abs(Int($0) - Int($1)) > 1 }.count
        #expect(differing == 0)
    }
}
