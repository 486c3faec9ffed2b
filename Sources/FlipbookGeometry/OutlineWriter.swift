import Foundation

/// Writes the outline of one stroked polyline: offset sides, joins and caps. Used by `Stroker`.
struct OutlineWriter {
    /// Once an outline holds this many elements, arcs are drawn as single chords, so a stroke
    /// whose round joins would each need hundreds of steps (a tiny tolerance under a huge scale)
    /// stays bounded in memory.
    static let elementBudget = 1_000_000

    let halfWidth: Double
    let style: StrokeStyle
    let tolerance: Double

    /// An open polyline: one side forward, the end cap, the other side back, the start cap.
    /// `segments` is scratch, overwritten with the polyline's segments.
    func addOpen<Sink: OutlineSink>(
        _ points: [CGPoint], segments: inout [Segment], into outline: inout Sink
    ) {
        guard let first = points.first else { return }
        guard points.count >= 2 else { return addDot(at: first, into: &outline) }
        Self.segments(of: points, closed: false, into: &segments)
        let last = points.count - 1
        outline.move(to: offset(points[0], segments[0].unit))
        for i in 1..<last {
            addJoin(at: points[i], from: segments[i - 1], to: segments[i], into: &outline)
        }
        outline.addLine(to: offset(points[last], segments[last - 1].unit))
        addCap(at: points[last], direction: segments[last - 1].unit, into: &outline)
        // Back along the other side: each segment reversed.
        for i in stride(from: last - 1, through: 1, by: -1) {
            addJoin(at: points[i], from: segments[i].reversed, to: segments[i - 1].reversed, into: &outline)
        }
        outline.addLine(to: offset(points[0], segments[0].reversed.unit))
        addCap(at: points[0], direction: segments[0].reversed.unit, into: &outline)
        outline.closeSubpath()
    }

    /// A closed polyline: two rings, each with a join at every vertex, in opposite directions.
    /// `segments` is scratch, overwritten with the polyline's segments.
    func addClosed<Sink: OutlineSink>(
        _ points: [CGPoint], segments: inout [Segment], into outline: inout Sink
    ) {
        // Segment i runs from point i to point i + 1 (the last one back to the first).
        Self.segments(of: points, closed: true, into: &segments)
        let count = points.count
        outline.move(to: offset(points[0], segments[0].unit))
        for i in 1...count {
            addJoin(at: points[i % count], from: segments[i - 1], to: segments[i % count], into: &outline)
        }
        outline.closeSubpath()
        outline.move(to: offset(points[0], segments[count - 1].reversed.unit))
        for i in stride(from: count - 1, through: 0, by: -1) {
            let before = segments[(i + count - 1) % count].reversed
            addJoin(at: points[i], from: segments[i].reversed, to: before, into: &outline)
        }
        outline.closeSubpath()
    }

    /// A segment's unit direction and length, computed once per segment and shared by the
    /// joins at both of its ends and both sides of the stroke.
    struct Segment {
        var unit: CGVector
        var length: Double

        var reversed: Segment { Segment(unit: CGVector(dx: -unit.dx, dy: -unit.dy), length: length) }
    }

    /// The segments between consecutive `points` (distinct), and from the last back to the
    /// first when `closed`, into `segments` (replacing what it held, keeping its capacity).
    static func segments(of points: [CGPoint], closed: Bool, into segments: inout [Segment]) {
        let count = closed ? points.count : points.count - 1
        let none = Segment(unit: CGVector(dx: 0, dy: 0), length: 0)
        segments.overwrite(atMost: max(count, 0), filler: none) { segments in
            points.withUnsafeBufferPointer { points in
                for i in 0..<segments.count {
                    let (a, b) = (points[i], i + 1 < points.count ? points[i + 1] : points[0])
                    let length = Stroker.distance(a, b)
                    segments[i] = Segment(
                        unit: CGVector(dx: (b.x - a.x) / length, dy: (b.y - a.y) / length), length: length)
                }
            }
            return segments.count
        }
    }

    /// Connects the offset of the segment `incoming` (ending at `corner`) to that of `outgoing`.
    ///
    /// On the outside of the turn this is the join (miter, round or bevel). On the inside the
    /// two offset lines cross; the outline goes through their crossing point when it lies within
    /// both segments (the exact inner edge, so rings of closed curves stay clean), and otherwise
    /// through the corner itself, which keeps the winding positive where the offsets overlap.
    @inline(__always)
    private func addJoin<Sink: OutlineSink>(
        at corner: CGPoint, from incoming: Segment, to outgoing: Segment, into outline: inout Sink
    ) {
        let (a, lengthA) = (incoming.unit, incoming.length)
        let (b, lengthB) = (outgoing.unit, outgoing.length)
        let start = offset(corner, a)
        let end = offset(corner, b)
        let cross = a.dx * b.dy - a.dy * b.dx
        let dot = a.dx * b.dx + a.dy * b.dy
        if abs(cross) < 1e-12 && dot > 0 {
            outline.addLine(to: start)
            return  // straight on
        }
        // The point where both offset lines meet: the miter tip outside, the crossing inside.
        let inverse = 1 / max(1 + dot, 1e-12)
        let scale = halfWidth * inverse
        let meeting = CGPoint(x: corner.x + (-a.dy - b.dy) * scale, y: corner.y + (a.dx + b.dx) * scale)
        if cross > 0 {
            // This side is the inside of the turn. The crossing lies tan(α/2)·h back along
            // each segment from the corner's offsets.
            let setback = scale * abs(cross)
            if dot > -1 + 1e-9, setback <= min(lengthA, lengthB) {
                outline.addLine(to: meeting)
            } else {
                outline.addLine(to: start)
                outline.addLine(to: corner)
                outline.addLine(to: end)
            }
            return
        }
        // Distance to the miter tip over half the width is 1/cos(α/2) = √(2·inverse), α the
        // turn; compared squared, without the root.
        let limit = style.miterLimit
        if style.lineJoin == .miter, limit >= 0, 2 * inverse <= limit * limit {
            // `start` and `end` lie on the two offset lines that meet at the tip, so the tip
            // alone draws the same outline, with two edges fewer per corner.
            outline.addLine(to: meeting)
            return
        }
        outline.addLine(to: start)
        if style.lineJoin == .round {
            addArc(around: corner, from: a, turning: atan2(cross, dot), into: &outline)
        }
        outline.addLine(to: end)
    }

    /// Goes from the offset on this side to the offset on the other, around the end point.
    private func addCap<Sink: OutlineSink>(at point: CGPoint, direction d: CGVector, into outline: inout Sink)
    {
        let h = halfWidth
        switch style.lineCap {
        case .butt:
            break
        case .square:
            outline.addLine(to: CGPoint(x: point.x - d.dy * h + d.dx * h, y: point.y + d.dx * h + d.dy * h))
            outline.addLine(to: CGPoint(x: point.x + d.dy * h + d.dx * h, y: point.y - d.dx * h + d.dy * h))
        case .round:
            addArc(around: point, from: d, turning: -.pi, into: &outline)
        }
        outline.addLine(to: CGPoint(x: point.x + d.dy * h, y: point.y - d.dx * h))
    }

    /// A circular arc of radius `halfWidth` around `centre`, starting at the offset of
    /// `direction` and turning by `angle` radians, in steps whose sagitta stays within the
    /// tolerance. The arc's end points stay on the circle; its interior vertices sit on a
    /// slightly larger radius (`balancedRadius`), so that the fan of chords covers exactly the
    /// area of the circular sector — a round cap or join has the area of its circle part, as the
    /// flattener arranges for curves.
    private func addArc<Sink: OutlineSink>(
        around centre: CGPoint, from direction: CGVector, turning angle: Double, into outline: inout Sink
    ) {
        let step = 2 * acos(max(0, 1 - tolerance / halfWidth))
        guard angle.isFinite, centre.isFinite else { return }
        let affordable = outline.elementCount < Self.elementBudget
        let steps = affordable ? min(max(Int((abs(angle) / max(step, 1e-3)).rounded(.up)), 1), 1024) : 1
        let interior = Self.balancedRadius(halfWidth, steps: steps, step: abs(angle) / Double(steps))
        let start = atan2(direction.dx, -direction.dy)  // angle of the normal (−dy, dx)
        for k in 1...steps {
            let theta = start + angle * Double(k) / Double(steps)
            let radius = k == steps ? halfWidth : interior
            outline.addLine(to: CGPoint(x: centre.x + cos(theta) * radius, y: centre.y + sin(theta) * radius))
        }
    }

    /// The radius ρ for the interior vertices of an arc of `steps` chords of angle φ whose end
    /// vertices lie at radius r, such that the fan's area equals the sector's:
    /// ½·sin φ·(2rρ + (k−2)ρ²) = ½·r²·kφ, solved for ρ (k = steps ≥ 2).
    static func balancedRadius(_ r: Double, steps k: Int, step phi: Double) -> Double {
        let s = sin(phi)
        guard k >= 2, s > 1e-12 else { return r }
        if k == 2 { return r * phi / s }
        let a = Double(k - 2) * s
        let b = 2 * r * s
        let c = -r * r * Double(k) * phi
        return (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a)
    }

    /// A polyline that is a single point: a disc for round caps, a square for square caps.
    private func addDot<Sink: OutlineSink>(at point: CGPoint, into outline: inout Sink) {
        let h = halfWidth
        switch style.lineCap {
        case .butt:
            return
        case .square:
            outline.move(to: CGPoint(x: point.x - h, y: point.y - h))
            outline.addLine(to: CGPoint(x: point.x + h, y: point.y - h))
            outline.addLine(to: CGPoint(x: point.x + h, y: point.y + h))
            outline.addLine(to: CGPoint(x: point.x - h, y: point.y + h))
            outline.closeSubpath()
        case .round:
            outline.move(to: CGPoint(x: point.x + h, y: point.y))
            addArc(around: point, from: CGVector(dx: 0, dy: -1), turning: 2 * .pi, into: &outline)
            outline.closeSubpath()
        }
    }

    /// `point` moved by half the width along the left normal (−dy, dx) of `direction`.
    private func offset(_ point: CGPoint, _ direction: CGVector) -> CGPoint {
        CGPoint(x: point.x - direction.dy * halfWidth, y: point.y + direction.dx * halfWidth)
    }
}
