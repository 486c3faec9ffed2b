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
    func addOpen(_ points: [CGPoint], into outline: inout Path) {
        guard let first = points.first else { return }
        guard points.count >= 2 else { return addDot(at: first, into: &outline) }
        let reversed = Array(points.reversed())
        let last = points.count - 1
        outline.move(to: offset(points[0], direction(points[0], points[1]).unit))
        addSide(points, into: &outline)
        addCap(at: points[last], direction: direction(points[last - 1], points[last]).unit, into: &outline)
        addSide(reversed, into: &outline)
        addCap(at: points[0], direction: direction(points[1], points[0]).unit, into: &outline)
        outline.closeSubpath()
    }

    /// A closed polyline: two rings, each with a join at every vertex, in opposite directions.
    func addClosed(_ points: [CGPoint], into outline: inout Path) {
        for ring in [points, Array(points.reversed())] {
            let count = ring.count
            outline.move(to: offset(ring[0], direction(ring[0], ring[1]).unit))
            for i in 1...count {
                addJoin(ring[i - 1], ring[i % count], ring[(i + 1) % count], into: &outline)
            }
            outline.closeSubpath()
        }
    }

    /// The side left of travel (in y-down coordinates) from the first point to the last,
    /// ending at the last point's offset. The outline is already at the first point's offset.
    private func addSide(_ points: [CGPoint], into outline: inout Path) {
        for i in 1..<(points.count - 1) {
            addJoin(points[i - 1], points[i], points[i + 1], into: &outline)
        }
        let last = points.count - 1
        outline.addLine(to: offset(points[last], direction(points[last - 1], points[last]).unit))
    }

    /// Connects the offset of segment `before`→`corner` to that of `corner`→`after`.
    ///
    /// On the outside of the turn this is the join (miter, round or bevel). On the inside the
    /// two offset lines cross; the outline goes through their crossing point when it lies within
    /// both segments (the exact inner edge, so rings of closed curves stay clean), and otherwise
    /// through the corner itself, which keeps the winding positive where the offsets overlap.
    private func addJoin(_ before: CGPoint, _ corner: CGPoint, _ after: CGPoint, into outline: inout Path) {
        let (a, lengthA) = direction(before, corner)
        let (b, lengthB) = direction(corner, after)
        let start = offset(corner, a)
        let end = offset(corner, b)
        let cross = a.dx * b.dy - a.dy * b.dx
        let dot = a.dx * b.dx + a.dy * b.dy
        if abs(cross) < 1e-12 && dot > 0 {
            outline.addLine(to: start)
            return  // straight on
        }
        // The point where both offset lines meet: the miter tip outside, the crossing inside.
        let scale = halfWidth / max(1 + dot, 1e-12)
        let meeting = CGPoint(x: corner.x + (-a.dy - b.dy) * scale, y: corner.y + (a.dx + b.dx) * scale)
        if cross > 0 {
            // This side is the inside of the turn. The crossing lies tan(α/2)·h back along
            // each segment from the corner's offsets.
            let setback = halfWidth * abs(cross) / max(1 + dot, 1e-12)
            if dot > -1 + 1e-9, setback <= min(lengthA, lengthB) {
                outline.addLine(to: meeting)
            } else {
                outline.addLine(to: start)
                outline.addLine(to: corner)
                outline.addLine(to: end)
            }
            return
        }
        outline.addLine(to: start)
        switch style.lineJoin {
        case .bevel:
            break
        case .round:
            addArc(around: corner, from: a, turning: atan2(cross, dot), into: &outline)
        case .miter:
            // Distance to the miter tip over half the width is 1/cos(α/2), α the turn.
            if (2 / max(1 + dot, 1e-12)).squareRoot() <= style.miterLimit {
                outline.addLine(to: meeting)
            }
        }
        outline.addLine(to: end)
    }

    /// Goes from the offset on this side to the offset on the other, around the end point.
    private func addCap(at point: CGPoint, direction d: CGVector, into outline: inout Path) {
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
    private func addArc(
        around centre: CGPoint, from direction: CGVector, turning angle: Double, into outline: inout Path
    ) {
        let step = 2 * acos(max(0, 1 - tolerance / halfWidth))
        guard angle.isFinite, centre.isFinite else { return }
        let affordable = outline.elements.count < Self.elementBudget
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
    private func addDot(at point: CGPoint, into outline: inout Path) {
        let h = halfWidth
        switch style.lineCap {
        case .butt:
            return
        case .square:
            outline.addRect(CGRect(x: point.x - h, y: point.y - h, width: 2 * h, height: 2 * h))
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

    /// The unit vector from `a` to `b` (they are distinct) and their distance.
    private func direction(_ a: CGPoint, _ b: CGPoint) -> (unit: CGVector, length: Double) {
        let length = hypot(b.x - a.x, b.y - a.y)
        return (CGVector(dx: (b.x - a.x) / length, dy: (b.y - a.y) / length), length)
    }
}
