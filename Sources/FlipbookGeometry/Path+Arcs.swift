import Foundation

/// Circular arcs, with CoreGraphics' and SwiftUI's methods. Angles are in radians (or `Angle`)
/// from the +x axis towards +y; on a y-down canvas increasing angles turn clockwise on screen,
/// which is why SwiftUI's `clockwise: false` arcs look clockwise (the same quirk as on Apple
/// platforms). Arcs are cubic Béziers of at most a quarter turn each (radial error ≤ 0.027 %).
extension Path {
    /// Adds an arc of `radius` about `center` from `startAngle` to `endAngle`, decreasing the
    /// angle when `clockwise` and increasing it otherwise. Starts with a line from the current
    /// point (or a move on an empty subpath), as CoreGraphics does.
    public mutating func addArc(
        center: CGPoint, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let turn = 2 * Double.pi
        var sweep = endAngle.radians - startAngle.radians
        if clockwise {
            if sweep > 0 { sweep -= (sweep / turn).rounded(.up) * turn }
        } else if sweep < 0 {
            sweep += (-sweep / turn).rounded(.up) * turn
        }
        appendArc(
            center: center, radius: radius, start: startAngle.radians, sweep: sweep, transform: transform)
    }

    /// Adds an arc of `radius` about `center` starting at `startAngle` and turning by `delta`
    /// (positive: increasing angles).
    public mutating func addRelativeArc(
        center: CGPoint, radius: Double, startAngle: Angle, delta: Angle,
        transform: CGAffineTransform = .identity
    ) {
        appendArc(
            center: center, radius: radius, start: startAngle.radians, sweep: delta.radians,
            transform: transform)
    }

    /// Adds the arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End`, preceded by a line to its start, as
    /// CoreGraphics' `addArc(tangent1End:tangent2End:radius:)`. Degenerate corners (collinear
    /// points, zero radius) add a line to `tangent1End`.
    public mutating func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: Double, transform: CGAffineTransform = .identity
    ) {
        guard let current = currentPoint.map({ $0.applying(transform.inverted()) }) else {
            move(to: tangent1End.applying(transform))
            return
        }
        let (ax, ay) = (current.x - tangent1End.x, current.y - tangent1End.y)
        let (bx, by) = (tangent2End.x - tangent1End.x, tangent2End.y - tangent1End.y)
        let (la, lb) = ((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        let cross = ax * by - ay * bx
        guard radius > 0, la > 0, lb > 0, abs(cross) > 1e-12 * la * lb else {
            addLine(to: tangent1End.applying(transform))
            return
        }
        let (ua, ub) = ((ax / la, ay / la), (bx / lb, by / lb))
        let halfAngle = acos(max(-1, min(1, ua.0 * ub.0 + ua.1 * ub.1))) / 2
        let distance = radius / tan(halfAngle)
        let start = CGPoint(x: tangent1End.x + ua.0 * distance, y: tangent1End.y + ua.1 * distance)
        let end = CGPoint(x: tangent1End.x + ub.0 * distance, y: tangent1End.y + ub.1 * distance)
        // The centre lies on the bisector, `radius / sin(halfAngle)` from the corner.
        let (bisectorX, bisectorY) = (ua.0 + ub.0, ua.1 + ub.1)
        let bisectorLength = (bisectorX * bisectorX + bisectorY * bisectorY).squareRoot()
        let reach = radius / sin(halfAngle)
        let center = CGPoint(
            x: tangent1End.x + bisectorX / bisectorLength * reach,
            y: tangent1End.y + bisectorY / bisectorLength * reach)
        let startAngle = atan2(start.y - center.y, start.x - center.x)
        var sweep = atan2(end.y - center.y, end.x - center.x) - startAngle
        if sweep > Double.pi { sweep -= 2 * Double.pi }
        if sweep < -Double.pi { sweep += 2 * Double.pi }
        addLine(to: start.applying(transform))
        appendArc(center: center, radius: radius, start: startAngle, sweep: sweep, transform: transform)
    }

    /// The arc as cubic Béziers of at most a quarter turn, joined to the current point by a line.
    private mutating func appendArc(
        center: CGPoint, radius: Double, start: Double, sweep: Double, transform: CGAffineTransform
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, start.isFinite, sweep.isFinite else {
            return
        }
        let r = abs(radius)
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle)).applying(transform)
        }
        let first = point(start)
        if currentPoint == nil { move(to: first) } else { addLine(to: first) }
        // At most a full turn is drawn; more would only retrace it.
        let total = max(-2 * Double.pi, min(2 * Double.pi, sweep))
        let pieces = max(1, Int((abs(total) / (Double.pi / 2)).rounded(.up)))
        let step = total / Double(pieces)
        let k = 4.0 / 3 * tan(step / 4)
        for piece in 0..<pieces {
            let a0 = start + Double(piece) * step
            let a1 = a0 + step
            let control1 = CGPoint(
                x: center.x + r * (cos(a0) - k * sin(a0)), y: center.y + r * (sin(a0) + k * cos(a0)))
            let control2 = CGPoint(
                x: center.x + r * (cos(a1) + k * sin(a1)), y: center.y + r * (sin(a1) - k * cos(a1)))
            addCurve(
                to: point(a1), control1: control1.applying(transform), control2: control2.applying(transform))
        }
    }
}
