import Foundation

/// Rectangles whose corners each have their own radius, as SwiftUI's
/// `Path(roundedRect:cornerRadii:style:)` and `UnevenRoundedRectangle` draw them.
extension Path {
    /// A rectangle with each corner rounded by its own radius (see
    /// `addRoundedRect(in:cornerRadii:style:transform:)`).
    public init(
        roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous
    ) {
        self.init()
        addRoundedRect(in: rect, cornerRadii: cornerRadii, style: style)
    }

    /// Adds a closed rectangle whose corners have the radii of `cornerRadii`, starting on the
    /// top edge and running clockwise on a y-down canvas; a corner of radius 0 is square.
    ///
    /// Radii too large for the rectangle are all scaled by one factor, as CSS scales border
    /// radii, until every edge holds its two corners — a continuous corner takes
    /// `continuousReach` radii of its edges, a circular one one radius — so that corners keep
    /// their proportions and never overlap.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous,
        transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        let reach = style == .continuous ? Self.continuousReach : 1
        // Clockwise from the top-right corner, as the corners are drawn.
        let radii = [
            cornerRadii.topTrailing, cornerRadii.bottomTrailing, cornerRadii.bottomLeading,
            cornerRadii.topLeading,
        ].map { max($0, 0) }
        // Each edge with the corners at its ends: top, right, bottom, left.
        let edges = [
            (r.width, radii[3] + radii[0]), (r.height, radii[0] + radii[1]), (r.width, radii[1] + radii[2]),
            (r.height, radii[2] + radii[3]),
        ]
        let scale = edges.reduce(1.0) { scale, edge in
            edge.1 * reach > edge.0 ? min(scale, edge.0 / (edge.1 * reach)) : scale
        }
        addMapped(through: transform) { path in
            for (index, corner) in Self.clockwiseCorners(of: r).enumerated() {
                let radius = radii[index] * scale
                path.addCorner(corner, rx: radius, ry: radius, style: style, startsSubpath: index == 0)
            }
            path.closeSubpath()
        }
    }

    /// A corner of a rectangle: its point, the direction back along the edge that arrives at it
    /// and the direction out along the edge that leaves it.
    struct Corner {
        let point: CGPoint
        let back: (x: Double, y: Double)
        let out: (x: Double, y: Double)

        /// The point `u` radii back along the incoming edge and `v` out along the outgoing one,
        /// for radii `rx` across and `ry` down.
        func map(_ u: Double, _ v: Double, rx: Double, ry: Double) -> CGPoint {
            CGPoint(
                x: point.x + u * back.x * rx + v * out.x * rx,
                y: point.y + u * back.y * ry + v * out.y * ry)
        }
    }

    /// The corners of `r`, clockwise on a y-down canvas from the top-right one.
    static func clockwiseCorners(of r: CGRect) -> [Corner] {
        [
            Corner(point: CGPoint(x: r.maxX, y: r.minY), back: (-1, 0), out: (0, 1)),
            Corner(point: CGPoint(x: r.maxX, y: r.maxY), back: (0, -1), out: (-1, 0)),
            Corner(point: CGPoint(x: r.minX, y: r.maxY), back: (1, 0), out: (0, -1)),
            Corner(point: CGPoint(x: r.minX, y: r.minY), back: (0, 1), out: (1, 0)),
        ]
    }

    /// Adds `corner` rounded by radii `rx` × `ry` in `style`: a line (or, for the first corner,
    /// a move) to where the rounding leaves the incoming edge, then the rounding to where it
    /// meets the outgoing one. Zero radii make a square corner.
    mutating func addCorner(
        _ corner: Corner, rx: Double, ry: Double, style: RoundedCornerStyle, startsSubpath: Bool
    ) {
        guard rx > 0, ry > 0 else {
            return startsSubpath ? move(to: corner.point) : addLine(to: corner.point)
        }
        switch style {
        case .circular:
            let start = corner.map(1, 0, rx: rx, ry: ry)
            if startsSubpath { move(to: start) } else { addLine(to: start) }
            let control = 1 - Self.quarterCircleKappa
            addCurve(
                to: corner.map(0, 1, rx: rx, ry: ry), control1: corner.map(control, 0, rx: rx, ry: ry),
                control2: corner.map(0, control, rx: rx, ry: ry))
        case .continuous:
            // Two cubic Béziers, mirror images about the corner's diagonal (see
            // `addContinuousRoundedRect(in:cornerSize:)`).
            let middle = 1 - 1 / 2.squareRoot()
            let reach = Self.continuousReach
            let start = corner.map(reach, 0, rx: rx, ry: ry)
            if startsSubpath { move(to: start) } else { addLine(to: start) }
            addCurve(
                to: corner.map(middle, middle, rx: rx, ry: ry), control1: corner.map(1.05, 0, rx: rx, ry: ry),
                control2: corner.map(2 * middle, 0, rx: rx, ry: ry))
            addCurve(
                to: corner.map(0, reach, rx: rx, ry: ry), control1: corner.map(0, 2 * middle, rx: rx, ry: ry),
                control2: corner.map(0, 1.05, rx: rx, ry: ry))
        }
    }
}
