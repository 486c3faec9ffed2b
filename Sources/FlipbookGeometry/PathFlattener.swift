import Foundation

/// Turns Bézier paths into polylines within a distance tolerance, in device space.
///
/// **Tolerance** is the largest distance, in device pixels, between the true curve and the
/// polyline that replaces it. The default, 0.25 px, keeps flattening error below what 8-bit
/// anti-aliasing can show (a quarter pixel moves an edge pixel's coverage by at most 1/4).
/// Points are transformed *before* flattening, so the bound holds under any transform (a circle
/// scaled ×100 gets 10× more segments, not 100× larger errors).
///
/// The number of uniform parameter steps for a curve of degree n comes from Wang's formula:
/// `steps = ⌈√(n(n−1)/8 · M / tolerance)⌉` where M is the largest length of the curve's second
/// differences (`p0 − 2p1 + p2`, …). It bounds the chord error of every step, so no recursion
/// or flatness test is needed. Steps are capped at `maximumSteps` per curve so a curve with
/// astronomically large coordinates cannot stall a frame.
///
/// The polyline's vertices are nudged off the curve so that the enclosed area is unbiased (see
/// `appendBalanced`): a flattened disc has the area of the disc, not of an inscribed polygon.
///
/// Non-finite points (NaN, ±∞) cannot be drawn: an element containing one is skipped, and the
/// subpath continues from the last finite point.
package struct PathFlattener: Sendable {
    package static let defaultTolerance = 0.25
    /// Upper bound of line segments emitted for one curve.
    package static let maximumSteps = 4096
    /// Once a flattened path holds this many points, further curves become single chords:
    /// coarse, but a hostile path cannot make one fill allocate without bound.
    package static let pointBudget = 1_000_000

    package var tolerance: Double

    package init(tolerance: Double = PathFlattener.defaultTolerance) {
        self.tolerance = max(tolerance, 1e-3)
    }

    /// Flattens `path` mapped through `transform` into `output` (cleared first).
    package func flatten(
        _ path: Path, transform: CGAffineTransform, into output: inout FlattenedPath
    ) {
        output.removeAll()
        PointBatch.withStorage { flatten(path, transform: transform, into: &output, batchingIn: $0) }
    }

    private func flatten(
        _ path: Path, transform: CGAffineTransform, into output: inout FlattenedPath,
        batchingIn storage: UnsafeMutablePointer<CGPoint>
    ) {
        // Lines' points are batched; any other element first appends the batch.
        var lines = PointBatch(storage: storage)
        var current: CGPoint?
        var subpathStart: CGPoint?
        for element in path.elements {
            if case .line = element {} else { lines.flush(into: &output) }
            switch element {
            case .move(let p):
                let d = p.applying(transform)
                guard d.isFinite else { continue }
                output.beginSubpath(at: d)
                current = d
                subpathStart = d
            case .line(let p):
                let d = p.applying(transform)
                guard let from = current, d.isFinite else { continue }
                if !output.isDrawing {
                    lines.flush(into: &output)
                    output.continueSubpath(from: from)
                }
                if d != from { lines.add(d, flushingInto: &output) }
                current = d
            case .quadCurve(let p, let c):
                let (d, dc) = (p.applying(transform), c.applying(transform))
                guard let from = current, d.isFinite, dc.isFinite else { continue }
                output.continueSubpath(from: from)
                appendQuad(from, dc, d, into: &output)
                current = d
            case .curve(let p, let c1, let c2):
                let d = p.applying(transform)
                let (d1, d2) = (c1.applying(transform), c2.applying(transform))
                guard let from = current, d.isFinite, d1.isFinite, d2.isFinite else { continue }
                output.continueSubpath(from: from)
                appendCubic(from, d1, d2, d, into: &output)
                current = d
            case .closeSubpath:
                // Drawing on after a close starts a new subpath at the closed one's start
                // (`continueSubpath`), so a path that ends closed leaves no lone point to drop.
                output.endSubpath(closed: true)
                current = subpathStart
            }
        }
        lines.flush(into: &output)
        output.endSubpath(closed: false)
    }

    func steps(degreeFactor: Double, secondDifference: Double, pointsSoFar: Int) -> Int {
        guard pointsSoFar < Self.pointBudget else { return 1 }
        let exact = (degreeFactor * secondDifference / tolerance).squareRoot().rounded(.up)
        // Clamp before converting: a finite 1e100 would trap in Int(_:).
        guard exact.isFinite, exact < Double(Self.maximumSteps) else { return Self.maximumSteps }
        return max(Int(exact), 1)
    }

    private func appendQuad(
        _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, into output: inout FlattenedPath
    ) {
        let dd = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        let n = steps(degreeFactor: 2.0 / 8.0, secondDifference: dd, pointsSoFar: output.points.count)
        appendBalanced(steps: n, into: &output) { i in
            let t = Double(i) / Double(n)
            let u = 1 - t
            return CGPoint(
                x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
        }
    }

    private func appendCubic(
        _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint,
        into output: inout FlattenedPath
    ) {
        let dd = max(
            hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
            hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        let n = steps(degreeFactor: 6.0 / 8.0, secondDifference: dd, pointsSoFar: output.points.count)
        appendBalanced(steps: n, into: &output) { i in
            let t = Double(i) / Double(n)
            let u = 1 - t
            let (b0, b1, b2, b3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return CGPoint(
                x: b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x,
                y: b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
        }
    }

    /// Appends curve samples 1…`steps` (sample 0 is the current point), moving each interior
    /// vertex off the curve so that the polyline's area matches the curve's.
    ///
    /// Chords of a curve all lie on its concave side, so a plain polyline loses the lens between
    /// each chord and its arc — (2/3)·chord·sagitta — and a flattened disc comes out up to half a
    /// percent small. Shifting each chord outwards by 2/3 of its sagitta s cancels that lens;
    /// the polyline then crosses the curve, and its largest distance from it drops from s to
    /// (2/3)·s, so the tolerance still holds. With samples P₋, P, P₊ one step apart, the
    /// vector D = (P₋ + P₊)/2 − P points to the centre of curvature with length ≈ 4·s; its part
    /// normal to the chord P₋P₊, divided by 6, is the shift. Curve end points stay exact.
    private func appendBalanced(
        steps: Int, into output: inout FlattenedPath, sample: (Int) -> CGPoint
    ) {
        var previous = sample(0)
        var current = sample(1)
        if steps > 1 {
            for i in 1..<steps {
                let next = sample(i + 1)
                output.append(Self.balanced(previous, current, next))
                previous = current
                current = next
            }
        }
        output.append(current)
    }

    static func balanced(_ before: CGPoint, _ point: CGPoint, _ after: CGPoint) -> CGPoint {
        let (cx, cy) = (after.x - before.x, after.y - before.y)
        let lengthSquared = cx * cx + cy * cy
        guard lengthSquared > 0, lengthSquared.isFinite else { return point }
        let (dx, dy) = ((before.x + after.x) / 2 - point.x, (before.y + after.y) / 2 - point.y)
        // Normal part of D: (D · n) n with n = (−cy, cx)/|c|, folded into one division.
        let normal = (dx * -cy + dy * cx) / lengthSquared
        return CGPoint(x: point.x - (-cy * normal) / 6, y: point.y - (cx * normal) / 6)
    }
}

extension CGPoint {
    /// Both coordinates are finite (neither NaN nor infinite). Times zero, a finite coordinate
    /// gives ±0 and any other NaN, so one comparison tests both — this runs for every point a
    /// path or a stroke's outline is flattened to.
    @inline(__always)
    public var isFinite: Bool { x * 0 + y * 0 == 0 }
}
