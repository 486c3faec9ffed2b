import FlipbookGeometry
import Foundation
import Testing

@Test func drawingWithoutAMoveStartsAtTheOrigin() {
    var path = Path()
    path.addLine(to: CGPoint(x: 5, y: 5))
    #expect(path.elements == [.move(to: .zero), .line(to: CGPoint(x: 5, y: 5))])
}

@Test func rectPathRunsAroundTheRectangleAndCloses() {
    let path = Path(CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(path.elements.count == 5)
    #expect(path.elements.last == .closeSubpath)
    #expect(path.controlPointBounds == CGRect(x: 1, y: 2, width: 3, height: 4))
}

@Test func roundedRectClampsItsCornerRadius() {
    let path = Path(
        roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 50, style: .circular)
    #expect(path.controlPointBounds == CGRect(x: 0, y: 0, width: 20, height: 10))
    #expect(path.elements.first == .move(to: CGPoint(x: 5, y: 0)))
    // Continuous corners (the default) reach 1.53 radii along an edge: clamped to meet midway.
    let continuous = Path(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 50)
    #expect(continuous.controlPointBounds == CGRect(x: 0, y: 0, width: 20, height: 10))
    #expect(continuous.elements.first == .move(to: CGPoint(x: 15, y: 0)))
}

@Test func applyingMapsEveryPoint() {
    let path = Path(CGRect(x: 0, y: 0, width: 1, height: 1)).offsetBy(dx: 10, dy: 20)
    #expect(path.controlPointBounds == CGRect(x: 10, y: 20, width: 1, height: 1))
}

@Test func forEachVisitsEveryElementInOrderAndIdentityIsKnown() {
    var visited: [Path.Element] = []
    let path = Path(CGRect(x: 0, y: 0, width: 2, height: 2))
    func record(_ element: Path.Element) { visited.append(element) }
    path.forEach(record)
    #expect(visited == path.elements)
    #expect(CGAffineTransform.identity.isIdentity)
    #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
}

private func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

@Test func arcsStayOnTheirCircleAndTurnTheWayAsked() {
    var path = Path()
    path.addArc(
        center: CGPoint(x: 50, y: 50), radius: 20, startAngle: .degrees(0), endAngle: .degrees(90),
        clockwise: false)
    // Increasing angles on a y-down canvas: from (70, 50) down to (50, 70).
    #expect(distance(path.currentPoint!, CGPoint(x: 50, y: 70)) < 1e-9)
    var flattened = FlattenedPath()
    PathFlattener(tolerance: 0.01).flatten(path, transform: .identity, into: &flattened)
    for point in flattened.points {
        #expect(abs(distance(point, CGPoint(x: 50, y: 50)) - 20) < 0.02)
        #expect(point.x >= 49.99 && point.y >= 49.99)  // the lower-right quarter only
    }
    var clockwise = Path()
    clockwise.addArc(
        center: CGPoint(x: 50, y: 50), radius: 20, startAngle: .degrees(0), endAngle: .degrees(90),
        clockwise: true)
    // The long way round: three quarters, through the top.
    #expect(clockwise.boundingRect.minY < 30.01 && clockwise.boundingRect.minX < 30.01)
    var relative = Path()
    relative.addRelativeArc(center: .zero, radius: 10, startAngle: .degrees(90), delta: .degrees(-180))
    #expect(distance(relative.currentPoint!, CGPoint(x: 0, y: -10)) < 1e-9)
}

@Test func aTangentArcRoundsACornerWithTheRadiusAsked() {
    var path = Path()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
    path.addLine(to: CGPoint(x: 100, y: 100))
    // The arc meets the first edge 20 before the corner and ends on the second 20 after it.
    #expect(distance(path.currentPoint!, CGPoint(x: 100, y: 100)) < 1e-9)
    var flattened = FlattenedPath()
    PathFlattener(tolerance: 0.01).flatten(path, transform: .identity, into: &flattened)
    let nearest = flattened.points.map { distance($0, CGPoint(x: 100, y: 0)) }.min()!
    // The closest point to the corner is on the arc: (√2 − 1)·20 from it.
    #expect(abs(nearest - (2.squareRoot() - 1) * 20) < 0.05)
}

@Test func trimmedPathKeepsTheFractionOfTheLengthAsked() {
    var line = Path()
    line.move(to: CGPoint(x: 0, y: 0))
    line.addLine(to: CGPoint(x: 100, y: 0))
    line.addLine(to: CGPoint(x: 100, y: 100))
    let middle = line.trimmedPath(from: 0.25, to: 0.75)
    #expect(middle.boundingRect == CGRect(x: 50, y: 0, width: 50, height: 50))
    let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
    let half = circle.trimmedPath(from: 0, to: 0.5)
    // The ellipse starts at its right-most point and runs down first: the lower half.
    #expect(abs(half.boundingRect.minY - 50) < 0.01 && abs(half.boundingRect.maxY - 100) < 0.01)
    #expect(circle.trimmedPath(from: 0, to: 1).elements.last == .closeSubpath)
    #expect(circle.trimmedPath(from: 0.6, to: 0.2).isEmpty)
}

@Test func boundingRectIsTightAroundCurves() {
    let circle = Path(ellipseIn: CGRect(x: 10, y: 20, width: 30, height: 40))
    let bounds = circle.boundingRect
    #expect(abs(bounds.minX - 10) < 1e-9 && abs(bounds.maxY - 60) < 1e-9)
    var curve = Path()
    curve.move(to: .zero)
    curve.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
    #expect(abs(curve.boundingRect.height - 50) < 1e-9)  // the control point is not the bound
    #expect(Path().boundingRect.isNull)
}

@Test func containsHitTestsUnderBothFillRules() {
    var rings = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
    rings.addPath(Path(ellipseIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
    #expect(rings.contains(CGPoint(x: 50, y: 50)))
    #expect(!rings.contains(CGPoint(x: 50, y: 50), eoFill: true))
    #expect(rings.contains(CGPoint(x: 10, y: 50), eoFill: true))
    #expect(!rings.contains(CGPoint(x: 2, y: 2)))
    #expect(!rings.contains(CGPoint(x: 150, y: 50)))
}

@Test func aMeasuredPathFindsThePointAndDirectionAFractionOfTheWayAlong() throws {
    var path = Path()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 100, y: 0))
    path.addLine(to: CGPoint(x: 100, y: 100))
    let measured = MeasuredPath(path)
    #expect(measured.length == 200)
    for (fraction, x, y, degrees) in [
        (0.0, 0.0, 0.0, 0.0), (0.25, 50, 0, 0), (0.75, 100, 50, 90), (1, 100, 100, 90), (2, 100, 100, 90),
    ] {
        let location = try #require(measured.location(at: fraction))
        #expect(abs(location.point.x - x) < 1e-9 && abs(location.point.y - y) < 1e-9, "at \(fraction)")
        #expect(abs(location.angle * 180 / .pi - degrees) < 1e-9, "at \(fraction)")
    }
    // Along a circle of radius 50 about (50, 50), a quarter of the way is a quarter turn
    // around the centre, and the path runs across the radius there.
    let circle = MeasuredPath(Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100)))
    let start = try #require(circle.location(at: 0))
    let quarter = try #require(circle.location(at: 0.25))
    for location in [start, quarter] {
        let (dx, dy) = (location.point.x - 50, location.point.y - 50)
        #expect(abs(hypot(dx, dy) - 50) < 0.01, "on the circle: \(location.point)")
        #expect(
            abs(cos(location.angle - atan2(dy, dx))) < 0.03,
            "along it (to a flattened chord), not across: \(location)")
    }
    let (a, b) = (start.point, quarter.point)
    let dot = (a.x - 50) * (b.x - 50) + (a.y - 50) * (b.y - 50)
    #expect(abs(dot) < 1, "a quarter turn apart: \(a), \(b)")
    #expect(MeasuredPath(Path()).location(at: 0.5) == nil)
}
