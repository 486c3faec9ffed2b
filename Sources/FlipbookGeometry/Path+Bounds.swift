import Foundation

extension Path {
    /// The smallest rectangle holding the path's outline (curve extrema included, control
    /// points not), as SwiftUI's `boundingRect`; `.null` for an empty path.
    public var boundingRect: CGRect {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        func include(_ p: CGPoint) {
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let point), .line(let point):
                include(point)
                current = point
            case .quadCurve(let point, let control):
                // Extrema where the derivative 2(1−t)(c − p0) + 2t(p1 − c) vanishes.
                for t in Self.quadraticExtrema(current, control, point) {
                    let u = 1 - t
                    include(
                        CGPoint(
                            x: u * u * current.x + 2 * u * t * control.x + t * t * point.x,
                            y: u * u * current.y + 2 * u * t * control.y + t * t * point.y))
                }
                include(point)
                current = point
            case .curve(let point, let c1, let c2):
                for t in Self.cubicExtrema(current, c1, c2, point) {
                    let u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    include(
                        CGPoint(
                            x: a * current.x + b * c1.x + c * c2.x + d * point.x,
                            y: a * current.y + b * c1.y + c * c2.y + d * point.y))
                }
                include(point)
                current = point
            case .closeSubpath:
                break
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private static func quadraticExtrema(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [Double] {
        [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)].compactMap { a, b, d in
            let denominator = a - 2 * b + d
            guard denominator != 0 else { return nil }
            let t = (a - b) / denominator
            return t > 0 && t < 1 ? t : nil
        }
    }

    private static func cubicExtrema(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint) -> [Double] {
        var roots: [Double] = []
        for (a, b, c, d) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
            // The derivative / 3 is the quadratic qa t² + qb t + qc.
            let qa = -a + 3 * b - 3 * c + d
            let qb = 2 * (a - 2 * b + c)
            let qc = b - a
            if abs(qa) < 1e-12 {
                if qb != 0 { roots.append(-qc / qb) }
                continue
            }
            let discriminant = qb * qb - 4 * qa * qc
            guard discriminant >= 0 else { continue }
            let root = discriminant.squareRoot()
            roots += [(-qb + root) / (2 * qa), (-qb - root) / (2 * qa)]
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
