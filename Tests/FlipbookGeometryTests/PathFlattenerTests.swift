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
