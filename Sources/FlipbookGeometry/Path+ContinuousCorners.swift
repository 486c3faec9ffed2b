import Foundation

/// SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Quarter ellipses (circles for square corner sizes).
    case circular
    /// Continuous ("squircle") corners: curvature ramps up from the straight edge instead of
    /// jumping, as in Apple's `.continuous` style.
    case continuous
}

extension Path {
    /// How far along each edge a continuous corner reaches, in corner radii (Apple's corners
    /// reach about 1.53 r).
    static let continuousReach = 1.528_665

    /// Adds a rectangle with continuous corners. Each corner is two cubic Béziers, mirror images
    /// about the corner's diagonal: the first starts `continuousReach · r` from the corner with
    /// its first two control points on the edge (zero curvature where it leaves the straight
    /// line) and ends on the diagonal where a quarter circle of radius r would, at 45°. By the
    /// symmetry the curvature is continuous there too. Radii too large for the rectangle are
    /// reduced so that the corners meet at most at the middle of an edge.
    public mutating func addContinuousRoundedRect(in rect: CGRect, cornerSize: CGSize) {
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2 / Self.continuousReach
        let (rx, ry) = (min(max(cornerSize.width, 0), limit), min(max(cornerSize.height, 0), limit))
        guard rx > 0, ry > 0 else {
            addRect(r)
            return
        }
        // One corner in its own frame: the corner at the origin, edges along +u and +v.
        let middle = 1 - 1 / 2.squareRoot()
        let reach = Self.continuousReach
        let first: [(Double, Double)] = [(reach, 0), (1.05, 0), (2 * middle, 0), (middle, middle)]
        let second: [(Double, Double)] = [(middle, middle), (0, 2 * middle), (0, 1.05), (0, reach)]
        // Corners clockwise on a y-down canvas: top-right, bottom-right, bottom-left, top-left,
        // each as (corner point, direction back along the incoming edge, direction out along the
        // outgoing edge).
        let corners: [(CGPoint, (Double, Double), (Double, Double))] = [
            (CGPoint(x: r.maxX, y: r.minY), (-1, 0), (0, 1)),
            (CGPoint(x: r.maxX, y: r.maxY), (0, -1), (-1, 0)),
            (CGPoint(x: r.minX, y: r.maxY), (1, 0), (0, -1)),
            (CGPoint(x: r.minX, y: r.minY), (0, 1), (1, 0)),
        ]
        for (index, (corner, back, out)) in corners.enumerated() {
            func map(_ p: (Double, Double)) -> CGPoint {
                // u runs back along the incoming edge, v out along the outgoing one.
                CGPoint(
                    x: corner.x + p.0 * back.0 * rx + p.1 * out.0 * rx,
                    y: corner.y + p.0 * back.1 * ry + p.1 * out.1 * ry)
            }
            if index == 0 { move(to: map(first[0])) } else { addLine(to: map(first[0])) }
            addCurve(to: map(first[3]), control1: map(first[1]), control2: map(first[2]))
            addCurve(to: map(second[3]), control1: map(second[1]), control2: map(second[2]))
        }
        closeSubpath()
    }
}
