import Foundation

extension LottieBezier {
    /// The outline puckered (`amount` < 0) or bloated (> 0), in percent, as the pucker and
    /// bloat modifier (`pb`) does: each vertex moved towards the vertices' centroid by `amount`
    /// of the way, each control away from it by as much — at 100 % the vertices meet at the
    /// centre and the curves balloon out.
    func puckeredOrBloated(amount: Double) -> LottieBezier {
        guard amount != 0, !vertices.isEmpty else { return self }
        let count = Double(vertices.count)
        let center = CGPoint(
            x: vertices.reduce(0) { $0 + $1.x } / count, y: vertices.reduce(0) { $0 + $1.y } / count)
        let fraction = amount / 100
        func moved(_ point: CGPoint, by share: Double) -> CGPoint {
            CGPoint(x: point.x + (center.x - point.x) * share, y: point.y + (center.y - point.y) * share)
        }
        return LottieBezier(
            closed: closed, vertices: vertices.map { moved($0, by: fraction) },
            inControls: inControls.map { moved($0, by: -fraction) },
            outControls: outControls.map { moved($0, by: -fraction) })
    }
}
