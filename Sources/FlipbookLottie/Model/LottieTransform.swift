import FlipbookGeometry
import Foundation

/// A layer's or a group's transform (`ks`, `tr`): a point is moved by minus the anchor, scaled,
/// skewed, rotated, then moved to the position — After Effects' order.
struct LottieTransform: Sendable {
    var anchor = LottieProperty<[Double]>([0, 0])
    /// The position, or — when the file splits it (`p.s`) — its x and y animated apart.
    var position = Position.combined(LottieProperty<[Double]>([0, 0]))
    /// Percent per axis.
    var scale = LottieProperty<[Double]>([100, 100])
    /// Degrees, clockwise on screen.
    var rotation = LottieProperty<[Double]>([0])
    /// Percent.
    var opacity = LottieProperty<[Double]>([100])
    /// Degrees of skew along the axis at `skewAxis` degrees.
    var skew = LottieProperty<[Double]>([0])
    var skewAxis = LottieProperty<[Double]>([0])

    enum Position: Sendable {
        case combined(LottieProperty<[Double]>)
        case split(x: LottieProperty<[Double]>, y: LottieProperty<[Double]>)
    }

    func position(at frame: Double) -> CGPoint {
        switch position {
        case .combined(let property): property.point(at: frame)
        case .split(let x, let y): CGPoint(x: x.scalar(at: frame), y: y.scalar(at: frame))
        }
    }

    /// The direction (radians) the position moves in at `frame`, for auto-orient: measured
    /// over a hundredth of a frame either side; `nil` where it does not move.
    func heading(at frame: Double) -> Double? {
        let (before, after) = (position(at: frame - 0.01), position(at: frame + 0.01))
        let (dx, dy) = (after.x - before.x, after.y - before.y)
        guard dx * dx + dy * dy > 1e-12 else { return nil }
        return atan2(dy, dx)
    }

    /// The matrix at `frame`, plus `extraRotation` radians (auto-orient's).
    func matrix(at frame: Double, extraRotation: Double = 0) -> CGAffineTransform {
        let anchor = self.anchor.point(at: frame)
        let scale = self.scale.value(at: frame)
        let (sx, sy) = ((scale.first ?? 100) / 100, (scale.count > 1 ? scale[1] : scale.first ?? 100) / 100)
        var matrix = CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(CGAffineTransform(scaleX: sx, y: sy))
        let skew = self.skew.scalar(at: frame)
        if skew != 0 {
            // A shear along the axis: turn the axis onto x, shear, turn back.
            let axis = skewAxis.scalar(at: frame) * .pi / 180
            let shear = CGAffineTransform(a: 1, b: 0, c: -tan(skew * .pi / 180), d: 1, tx: 0, ty: 0)
            matrix = matrix.concatenating(CGAffineTransform(rotationAngle: -axis)).concatenating(shear)
                .concatenating(CGAffineTransform(rotationAngle: axis))
        }
        let radians = rotation.scalar(at: frame) * .pi / 180 + extraRotation
        if radians != 0 { matrix = matrix.concatenating(CGAffineTransform(rotationAngle: radians)) }
        let position = position(at: frame)
        return matrix.concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }
}
