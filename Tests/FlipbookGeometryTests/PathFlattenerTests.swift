import FlipbookGeometry
import Foundation
import Testing

/// The largest distance from the true circle of any flattened point or segment midpoint.
private func worstCircleError(radius: Double, transform: CGAffineTransform, scale: Double) -> Double {
    let path = Path(ellipseIn: CGRect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius))
    var flattened = FlattenedPath()
    PathFlattener().flatten(path, transform: transform, into: &flattened)
    let centre = CGPoint.zero.applying(transform)
    let deviceRadius = radius * scale
    var worst = 0.0
    let points = flattened.points
    for (a, b) in zip(points, points.dropFirst()) {
        let mid = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        for p in [a, mid] {
            worst = max(worst, abs(hypot(p.x - centre.x, p.y - centre.y) - deviceRadius))
        }
    }
    return worst
}

@Test func flatteningStaysWithinToleranceOfTheCurve() {
    // Tolerance 0.25 px, plus the cubic circle approximation's own 0.027 % radial error.
    let error = worstCircleError(radius: 100, transform: .identity, scale: 1)
    #expect(error <= 0.25 + 100 * 0.00028)
}

@Test func toleranceHoldsUnderAScaleTransform() {
    let transform = CGAffineTransform(scaleX: 100, y: 100).translatedBy(x: 3, y: 3)
    let error = worstCircleError(radius: 10, transform: transform, scale: 100)
    #expect(error <= 0.25 + 1000 * 0.00028)
}

@Test func closeSubpathMarksThePolylineClosedAndStartsOver() {
    var path = Path()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 10))
    path.closeSubpath()
    path.addLine(to: CGPoint(x: 0, y: 10))
    var flattened = FlattenedPath()
    PathFlattener().flatten(path, transform: .identity, into: &flattened)
    #expect(flattened.subpaths.count == 2)
    #expect(flattened.subpaths[0].isClosed)
    #expect(flattened.subpaths[0].count == 3)
    #expect(!flattened.subpaths[1].isClosed)
    #expect(flattened.points[flattened.subpaths[1].start] == CGPoint(x: 0, y: 0))
}

@Test func nonFinitePointsAreSkipped() {
    var path = Path()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: Double.nan, y: 5))
    path.addLine(to: CGPoint(x: 10, y: Double.infinity))
    path.addLine(to: CGPoint(x: 10, y: 10))
    var flattened = FlattenedPath()
    PathFlattener().flatten(path, transform: .identity, into: &flattened)
    #expect(flattened.points == [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10)])
}

@Test func hugeCurvesAreCappedInSegments() {
    var path = Path()
    path.move(to: .zero)
    path.addCurve(
        to: CGPoint(x: 1e12, y: 0), control1: CGPoint(x: 0, y: 1e12), control2: CGPoint(x: 1e12, y: -1e12))
    var flattened = FlattenedPath()
    PathFlattener().flatten(path, transform: .identity, into: &flattened)
    #expect(flattened.points.count == PathFlattener.maximumSteps + 1)
}

@Test func curvesWithFiniteButAstronomicalControlPointsDoNotTrap() {
    // Found by `make fuzz`: a second difference of 1e200 asked for 1e100 steps, and Int(1e100)
    // traps. The step count must be clamped before the conversion.
    var path = Path()
    path.move(to: .zero)
    path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: 1e200, y: -1e200))
    var flattened = FlattenedPath()
    PathFlattener().flatten(path, transform: .identity, into: &flattened)
    #expect(flattened.points.count == PathFlattener.maximumSteps + 1)
}

@Test func longPolylinesKeepEveryPointInOrderAroundCurvesMovesAndCloses() {
    // Lines' points are appended in batches of 64: 150 lines (with repeats to drop), a curve,
    // 100 more lines, a close, and a new subpath must come out exactly as drawn, bounds too.
    let first = (0..<150).map { CGPoint(x: Double($0), y: Double($0 % 7)) }
    let second = (0..<100).map { CGPoint(x: 200 + Double($0), y: -Double($0 % 5)) }
    var path = Path()
    path.move(to: CGPoint(x: -1, y: 0))
    for point in first {
        path.addLine(to: point)
        path.addLine(to: point)  // a repeat, dropped
    }
    // A straight curve, from (149, 2): one step, no extra points.
    path.addQuadCurve(to: CGPoint(x: 199, y: 2), control: CGPoint(x: 174, y: 2))
    for point in second { path.addLine(to: point) }
    path.closeSubpath()
    path.move(to: CGPoint(x: 500, y: 500))
    path.addLine(to: CGPoint(x: 501, y: 500))
    var flattened = FlattenedPath()
    PathFlattener().flatten(path, transform: CGAffineTransform(translationX: 1, y: 2), into: &flattened)
    let moved = { (point: CGPoint) in CGPoint(x: point.x + 1, y: point.y + 2) }
    let expected = [CGPoint(x: -1, y: 0)] + first + [CGPoint(x: 199, y: 2)] + second
    #expect(flattened.subpaths.map(\.count) == [expected.count, 2])
    #expect(flattened.subpaths.map(\.isClosed) == [true, false])
    #expect(Array(flattened.points.prefix(expected.count)) == expected.map(moved))
    #expect(flattened.points.suffix(2) == [CGPoint(x: 501, y: 502), CGPoint(x: 502, y: 502)])
    #expect(flattened.bounds == CGRect(x: 0, y: -2, width: 502, height: 504))
}
