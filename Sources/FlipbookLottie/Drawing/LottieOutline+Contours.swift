import Foundation

extension LottieOutline {
    /// How far along a tangent a cubic's control lies to draw a quarter circle: 4(√2 − 1)/3,
    /// rounded as Lottie's players round it.
    static let kappa = 0.5519

    /// The outline at `frame` as contours, starting where After Effects starts each shape (a
    /// rectangle at its top right, an ellipse and a star at their top) and running clockwise on
    /// screen, or backwards when `reversed` — which decides where trim paths start.
    func contours(at frame: Double, maximumPoints: Int) -> [LottieBezier] {
        let contour: LottieBezier
        switch kind {
        case .rectangle(let center, let size, let roundness):
            contour = Self.rectangle(
                center: center.point(at: frame), size: size.point(at: frame),
                radius: roundness.scalar(at: frame))
        case .ellipse(let center, let size):
            contour = Self.ellipse(center: center.point(at: frame), size: size.point(at: frame))
        case .polystar(let polystar):
            contour = polystar.contour(at: frame, maximumPoints: maximumPoints)
        case .path(let outline):
            contour = outline.value(at: frame)
        }
        return [reversed ? contour.reversed : contour]
    }

    private static func rectangle(center: CGPoint, size: CGPoint, radius: Double) -> LottieBezier {
        let (x0, x1) = (center.x - size.x / 2, center.x + size.x / 2)
        let (y0, y1) = (center.y - size.y / 2, center.y + size.y / 2)
        let r = max(0, min(radius, abs(size.x) / 2, abs(size.y) / 2))
        guard r > 0 else {
            let corners = [
                CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1), CGPoint(x: x0, y: y0),
            ]
            return LottieBezier(closed: true, vertices: corners, inControls: corners, outControls: corners)
        }
        let c = r * kappa
        // Two vertices per corner, each edge straight between them.
        let vertices = [
            CGPoint(x: x1, y: y0 + r), CGPoint(x: x1, y: y1 - r), CGPoint(x: x1 - r, y: y1),
            CGPoint(x: x0 + r, y: y1),
            CGPoint(x: x0, y: y1 - r), CGPoint(x: x0, y: y0 + r), CGPoint(x: x0 + r, y: y0),
            CGPoint(x: x1 - r, y: y0),
        ]
        let inControls = [
            CGPoint(x: x1, y: y0 + r - c), vertices[1], CGPoint(x: x1 - r + c, y: y1), vertices[3],
            CGPoint(x: x0, y: y1 - r + c), vertices[5], CGPoint(x: x0 + r - c, y: y0), vertices[7],
        ]
        let outControls = [
            vertices[0], CGPoint(x: x1, y: y1 - r + c), vertices[2], CGPoint(x: x0 + r - c, y: y1),
            vertices[4], CGPoint(x: x0, y: y0 + r - c), vertices[6], CGPoint(x: x1 - r + c, y: y0),
        ]
        return LottieBezier(
            closed: true, vertices: vertices, inControls: inControls, outControls: outControls)
    }

    private static func ellipse(center: CGPoint, size: CGPoint) -> LottieBezier {
        let (rx, ry) = (size.x / 2, size.y / 2)
        let (cx, cy) = (rx * kappa, ry * kappa)
        let vertices = [
            CGPoint(x: center.x, y: center.y - ry), CGPoint(x: center.x + rx, y: center.y),
            CGPoint(x: center.x, y: center.y + ry), CGPoint(x: center.x - rx, y: center.y),
        ]
        return LottieBezier(
            closed: true, vertices: vertices,
            inControls: [
                CGPoint(x: center.x - cx, y: center.y - ry), CGPoint(x: center.x + rx, y: center.y - cy),
                CGPoint(x: center.x + cx, y: center.y + ry), CGPoint(x: center.x - rx, y: center.y + cy),
            ],
            outControls: [
                CGPoint(x: center.x + cx, y: center.y - ry), CGPoint(x: center.x + rx, y: center.y + cy),
                CGPoint(x: center.x - cx, y: center.y + ry), CGPoint(x: center.x - rx, y: center.y - cy),
            ])
    }
}
