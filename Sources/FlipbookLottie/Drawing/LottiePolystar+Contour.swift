import Foundation

extension LottiePolystar {
    /// How long a star point's tangents are, per unit of radius and roundness and divided by
    /// the number of points: 0.47829 ÷ 0.28, the constant After Effects' star roundness is
    /// matched with by ThorVG and rlottie (the Lottie players this is compared with).
    static let starRoundness = 0.47829 / 0.28

    /// How long a polygon corner's tangents are, per unit of radius, roundness and angle
    /// between corners (radians): a quarter, as the players draw it.
    static let polygonRoundness = 0.25

    /// The outline at `frame`, its first point straight up (turned by `rotation`) and running
    /// clockwise on screen, with at most `maximumPoints` points of each kind.
    ///
    /// With roundness, each corner's controls lie on the line through it perpendicular to its
    /// radius, at the length above: at 100 % a polygon of many corners comes close to a circle.
    func contour(at frame: Double, maximumPoints: Int) -> LottieBezier {
        let count = min(max(Int(points.scalar(at: frame).rounded(.down)), 0), maximumPoints)
        guard count > 0 else { return .empty }
        let center = self.center.point(at: frame)
        let (outer, inner) = (outerRadius.scalar(at: frame), innerRadius.scalar(at: frame))
        let (outerRound, innerRound) = (
            outerRoundness.scalar(at: frame) / 100, innerRoundness.scalar(at: frame) / 100
        )
        let corners = isStar ? count * 2 : count
        let step = 2 * Double.pi / Double(corners)
        let start = (rotation.scalar(at: frame) - 90) * .pi / 180
        var contour = LottieBezier(closed: true, vertices: [], inControls: [], outControls: [])
        for index in 0..<corners {
            let isInner = isStar && index % 2 == 1
            let radius = isInner ? inner : outer
            let roundness = isInner ? innerRound : outerRound
            let tangent =
                isStar
                ? radius * roundness * Self.starRoundness / Double(count)
                : radius * roundness * Self.polygonRoundness * step
            let angle = start + Double(index) * step
            let (cosine, sine) = (cos(angle), sin(angle))
            let vertex = CGPoint(x: center.x + radius * cosine, y: center.y + radius * sine)
            // Clockwise on screen (y down), the direction of travel at angle θ is (−sin θ, cos θ).
            let (dx, dy) = (-sine * tangent, cosine * tangent)
            contour.vertices.append(vertex)
            contour.inControls.append(CGPoint(x: vertex.x - dx, y: vertex.y - dy))
            contour.outControls.append(CGPoint(x: vertex.x + dx, y: vertex.y + dy))
        }
        return contour
    }
}
