import FlipbookGeometry
import Foundation

extension LottieTransform {
    /// A repeater's step applied `times` times: about the anchor, scaled by the scale to the
    /// power `times`, turned by `times` × the rotation, moved by `times` × the position.
    func repeaterMatrix(at frame: Double, times: Double) -> CGAffineTransform {
        let anchor = self.anchor.point(at: frame)
        let scale = self.scale.value(at: frame)
        let (sx, sy) = ((scale.first ?? 100) / 100, (scale.count > 1 ? scale[1] : scale.first ?? 100) / 100)
        let position = position(at: frame)
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(CGAffineTransform(scaleX: pow(sx, times), y: pow(sy, times)))
            .concatenating(CGAffineTransform(rotationAngle: rotation.scalar(at: frame) * times * .pi / 180))
            .concatenating(
                CGAffineTransform(
                    translationX: position.x * times + anchor.x, y: position.y * times + anchor.y))
    }
}
