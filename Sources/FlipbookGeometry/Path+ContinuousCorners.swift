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
        for (index, corner) in Self.clockwiseCorners(of: r).enumerated() {
            addCorner(corner, rx: rx, ry: ry, style: .continuous, startsSubpath: index == 0)
        }
        closeSubpath()
    }
}
