import FlipbookGeometry
import Foundation
import Testing

/// The area a path encloses, by the shoelace formula over its flattened subpaths (signs kept, so
/// a hole subtracts when it runs the other way round).
private func area(_ path: Path) -> Double {
    var total = 0.0
    var start: CGPoint?
    var last: CGPoint?
    for element in path.elements {
        switch element {
        case .move(let p):
            if let s = start, let l = last { total += l.x * s.y - s.x * l.y }
            (start, last) = (p, p)
        case .line(let p):
            if let l = last { total += l.x * p.y - p.x * l.y }
            last = p
        case .closeSubpath:
            if let s = start, let l = last { total += l.x * s.y - s.x * l.y }
            last = start
            start = nil
        default:
            Issue.record("set operations give lines only")
        }
    }
    return abs(total / 2)
}

private func square(_ x: Double, _ y: Double, _ side: Double) -> Path {
    Path(CGRect(x: x, y: y, width: side, height: side))
}

/// A five-pointed star drawn in one stroke, crossing itself: non-zero fills its middle, even-odd
/// does not.
private func pentagram(radius: Double) -> Path {
    Path { path in
        for k in 0..<5 {
            let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
            let point = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
            if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
    }
}

/// Points on a grid offset by irrational fractions, so that none lies on an outline.
private func probes(in rect: CGRect, count: Int = 40) -> [CGPoint] {
    (0..<count).flatMap { i in
        (0..<count).map { j in
            CGPoint(
                x: rect.minX + (Double(i) + 0.414_213_56) * rect.width / Double(count),
                y: rect.minY + (Double(j) + 0.732_050_81) * rect.height / Double(count))
        }
    }
}

/// Marsaglia's xorshift64, for reproducible random shapes (this target links the geometry
/// alone). The state must not be zero.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

/// SwiftUI's set operations on paths (iOS 17): the region of the result is the rule applied to
/// the inputs' regions, point for point, under either fill rule of the inputs, and the result
/// fills the same under either rule of its own.
@Suite struct PathSetOperationTests {
    @Test func overlappingSquaresCombineByEachRule() {
        let (a, b) = (square(0, 0, 10), square(5, 5, 10))
        #expect(abs(area(a.union(b)) - 175) < 1e-9)
        #expect(abs(area(a.intersection(b)) - 25) < 1e-9)
        #expect(abs(area(a.subtracting(b)) - 75) < 1e-9)
        #expect(abs(area(a.symmetricDifference(b)) - 150) < 1e-9)
        // The union is one outline of eight corners: points along straight edges are left out.
        let corners = a.union(b).elements.filter { if case .line = $0 { true } else { false } }.count + 1
        #expect(corners == 8)
    }

    @Test func sharedAndEqualEdgesAreHandled() {
        // Side by side: the shared edge goes, the intersection is empty.
        let (left, right) = (square(0, 0, 10), square(10, 0, 10))
        #expect(abs(area(left.union(right)) - 200) < 1e-9)
        #expect(left.union(right).elements.count == 5)  // a move, three lines and a close
        #expect(left.intersection(right).isEmpty)
        // The same square twice: its outline once.
        let twice = left.union(left)
        #expect(abs(area(twice) - 100) < 1e-9 && twice.elements.count == 5)
        #expect(abs(area(left.intersection(left)) - 100) < 1e-9)
        #expect(left.subtracting(left).isEmpty && left.symmetricDifference(left).isEmpty)
        // A square inside another touching its edge from within.
        let inner = Path(CGRect(x: 0, y: 0, width: 10, height: 5))
        #expect(abs(area(left.subtracting(inner)) - 50) < 1e-9)
    }

    @Test func everyOperationAgreesWithTheRulePointByPoint() {
        let ellipse = Path(ellipseIn: CGRect(x: -40, y: -25, width: 80, height: 50))
        let star = pentagram(radius: 45)
        var ring = Path(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40))
        ring.addEllipse(in: CGRect(x: -10, y: -10, width: 20, height: 20))
        let rules: [(String, (Path, Path, Bool) -> Path, (Bool, Bool) -> Bool)] = [
            ("union", { $0.union($1, eoFill: $2) }, { $0 || $1 }),
            ("intersection", { $0.intersection($1, eoFill: $2) }, { $0 && $1 }),
            ("subtracting", { $0.subtracting($1, eoFill: $2) }, { $0 && !$1 }),
            ("symmetricDifference", { $0.symmetricDifference($1, eoFill: $2) }, { $0 != $1 }),
        ]
        let points = probes(in: CGRect(x: -50, y: -50, width: 100, height: 100))
        for (first, second) in [(ellipse, star), (star, ring), (ring, ellipse)] {
            for eoFill in [false, true] {
                for (name, operation, rule) in rules {
                    let result = operation(first, second, eoFill)
                    let wrong = points.filter { point in
                        let expected = rule(
                            first.contains(point, eoFill: eoFill), second.contains(point, eoFill: eoFill))
                        return result.contains(point) != expected
                            || result.contains(point, eoFill: true) != expected
                    }
                    #expect(
                        wrong.isEmpty,
                        "\(name), eoFill \(eoFill): \(wrong.count) of \(points.count) points wrong")
                }
            }
        }
    }

    /// Seeded random polygons, crossing themselves and each other, most corners on a coarse
    /// grid so that shared corners and edges lying on one another are common: every operation
    /// agrees with its rule at 900 points, under both rules, 600 pairs in all.
    @Test func randomPolygonsWithSharedCornersAndEdgesAgreePointByPoint() {
        var generator = SeededGenerator(state: 99)
        func polygon() -> Path {
            Path { path in
                for k in 0..<Int.random(in: 3...10, using: &generator) {
                    var point = CGPoint(
                        x: Double.random(in: 0..<100, using: &generator),
                        y: Double.random(in: 0..<100, using: &generator))
                    if Double.random(in: 0..<1, using: &generator) < 0.8 {
                        point = CGPoint(x: (point.x / 25).rounded() * 25, y: (point.y / 25).rounded() * 25)
                    }
                    if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
                }
                path.closeSubpath()
            }
        }
        let points = probes(in: CGRect(x: 0, y: 0, width: 100, height: 100), count: 30)
        var disagreements: [String] = []
        for trial in 0..<300 {
            let (a, b) = (polygon(), polygon())
            for eoFill in [false, true] {
                let results: [(String, Path, (Bool, Bool) -> Bool)] = [
                    ("union", a.union(b, eoFill: eoFill), { $0 || $1 }),
                    ("intersection", a.intersection(b, eoFill: eoFill), { $0 && $1 }),
                    ("subtracting", a.subtracting(b, eoFill: eoFill), { $0 && !$1 }),
                    ("symmetricDifference", a.symmetricDifference(b, eoFill: eoFill), { $0 != $1 }),
                    ("normalized", a.normalized(eoFill: eoFill), { filled, _ in filled }),
                ]
                for (name, result, rule) in results {
                    let wrong = points.filter { point in
                        let expected = rule(
                            a.contains(point, eoFill: eoFill), b.contains(point, eoFill: eoFill))
                        return result.contains(point) != expected
                            || result.contains(point, eoFill: true) != expected
                    }
                    if !wrong.isEmpty {
                        disagreements.append("pair \(trial) \(name) eoFill \(eoFill): \(wrong.count)")
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// A path's lines clipped by a region and by its complement share the lines between them:
    /// their lengths add up to the whole, every piece of the first lies inside and every piece
    /// of the second outside, but for pieces on the region's outline (seeded random polylines
    /// and polygons, many of their edges vertical on the same few lines).
    @Test func lineIntersectionAndSubtractionSplitTheLines() {
        var generator = SeededGenerator(state: 7)
        func points(_ count: Int) -> [CGPoint] {
            (0..<count).map { _ in
                CGPoint(
                    x: (Double.random(in: 0..<100, using: &generator) / 25).rounded() * 25,
                    y: Double.random(in: 0..<100, using: &generator))
            }
        }
        func middles(_ path: Path) -> [CGPoint] {
            var (found, last) = ([CGPoint](), CGPoint.zero)
            for element in path.elements {
                if case .line(let p) = element {
                    found.append(CGPoint(x: (p.x + last.x) / 2, y: (p.y + last.y) / 2))
                }
                if case .move(let p) = element { last = p } else if case .line(let p) = element { last = p }
            }
            return found
        }
        for _ in 0..<200 {
            var lines = Path()
            lines.addLines(points(Int.random(in: 2...8, using: &generator)))
            var region = Path()
            region.addLines(points(Int.random(in: 3...8, using: &generator)))
            region.closeSubpath()
            for eoFill in [false, true] {
                let inside = lines.lineIntersection(region, eoFill: eoFill)
                let outside = lines.lineSubtraction(region, eoFill: eoFill)
                #expect(
                    abs(
                        MeasuredPath(inside).length + MeasuredPath(outside).length
                            - MeasuredPath(lines).length) < 1e-9 * max(1, MeasuredPath(lines).length))
                // A piece lying on the region's outline may go either way.
                func clear(_ point: CGPoint) -> Bool {
                    let around = [(1e-6, 0.0), (-1e-6, 0.0), (0.0, 1e-6), (0.0, -1e-6)].map {
                        region.contains(CGPoint(x: point.x + $0.0, y: point.y + $0.1), eoFill: eoFill)
                    }
                    return Set(around).count == 1
                }
                #expect(middles(inside).filter(clear).allSatisfy { region.contains($0, eoFill: eoFill) })
                #expect(middles(outside).filter(clear).allSatisfy { !region.contains($0, eoFill: eoFill) })
            }
        }
    }

    @Test func normalizedOutlinesASelfCrossingPath() {
        let star = pentagram(radius: 50)
        let points = probes(in: CGRect(x: -55, y: -55, width: 110, height: 110))
        for eoFill in [true, false] {
            let outline = star.normalized(eoFill: eoFill)
            let wrong = points.filter {
                outline.contains($0) != star.contains($0, eoFill: eoFill)
                    || outline.contains($0, eoFill: true) != star.contains($0, eoFill: eoFill)
            }
            #expect(wrong.isEmpty)
        }
        // Even-odd (the default) leaves the pentagon in the middle out; non-zero keeps it.
        #expect(!star.normalized().contains(.zero))
        #expect(star.normalized(eoFill: false).contains(.zero))
        // The star's outline: ten corners (a move, nine lines, a close), no crossings.
        #expect(star.normalized(eoFill: false).elements.count == 11)
    }

    @Test func curvesAreFollowedClosely() {
        var ring = Path(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200))
        ring = ring.subtracting(Path(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100)))
        let exact = Double.pi * (100 * 100 - 50 * 50)
        // Within the error of the Bézier circles themselves (0.027 % of the radius).
        #expect(abs(area(ring) - exact) / exact < 6e-4)
    }

    @Test func linesAreClippedToARegion() {
        let line = Path { path in
            path.move(to: CGPoint(x: -10, y: 5))
            path.addLine(to: CGPoint(x: 30, y: 5))
        }
        let box = square(0, 0, 10)
        #expect(
            line.lineIntersection(box).elements == [
                .move(to: CGPoint(x: 0, y: 5)), .line(to: CGPoint(x: 10, y: 5)),
            ])
        #expect(
            line.lineSubtraction(box).elements == [
                .move(to: CGPoint(x: -10, y: 5)), .line(to: CGPoint(x: 0, y: 5)),
                .move(to: CGPoint(x: 10, y: 5)), .line(to: CGPoint(x: 30, y: 5)),
            ])
        // A closed outline clipped by a region keeps the parts inside it, joined where they
        // continue one another.
        let inside = square(0, 0, 10).lineIntersection(square(5, -5, 20))
        #expect(
            inside.elements == [
                .move(to: CGPoint(x: 5, y: 0)), .line(to: CGPoint(x: 10, y: 0)),
                .line(to: CGPoint(x: 10, y: 10)),
                .line(to: CGPoint(x: 5, y: 10)),
            ])
    }

    @Test func emptyDegenerateAndHostilePathsGiveEmptyOrSensibleResults() {
        let box = square(0, 0, 10)
        #expect(Path().union(Path()).isEmpty)
        #expect(abs(area(box.union(Path())) - 100) < 1e-9)
        #expect(box.intersection(Path()).isEmpty)
        // A path with no area, and one with a point no one can draw.
        let flat = Path { path in
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: 10, y: 0))
        }
        #expect(flat.union(flat).isEmpty)
        let broken = Path { path in
            path.move(to: CGPoint(x: 0, y: 0))
            path.addLine(to: CGPoint(x: Double.nan, y: 3))
            path.addLine(to: CGPoint(x: 10, y: 10))
            path.addLine(to: CGPoint(x: 0, y: 10))
            path.closeSubpath()
        }
        #expect(abs(area(broken.union(Path())) - 50) < 1e-9)
        // Huge and tiny coordinates keep their proportions.
        let big = square(1e12, 1e12, 1e9).union(square(1e12 + 5e8, 1e12, 1e9))
        #expect(abs(area(big) - 1.5e18) / 1.5e18 < 1e-9)
        let small = square(0, 0, 1e-6).intersection(square(5e-7, 0, 1e-6))
        #expect(abs(area(small) - 5e-13) / 5e-13 < 1e-6)
    }
}
