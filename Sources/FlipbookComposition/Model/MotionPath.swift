import FlipbookCanvas
import FlipbookGeometry
import Foundation

/// A path a layer's anchor travels along instead of keyframed positions: `progress` (0…1,
/// keyframed) of the way along its length, measured in the parent's box, the layer turned to
/// follow it when `autoRotate`.
public struct MotionPath: Sendable {
    /// SVG path data's path, in points in the parent's box — or, with a `viewBox`, in that
    /// rectangle's units mapped onto the box.
    public var path: Path
    public var viewBox: CGRect?
    public var progress: Animated<Double>
    public var autoRotate = false

    public init(path: Path, viewBox: CGRect?, progress: Animated<Double>) {
        (self.path, self.viewBox, self.progress) = (path, viewBox, progress)
    }

    /// Where the anchor is at layer time `time` in a parent box of `size`, and the path's
    /// direction there in degrees (clockwise); `nil` for a path without length.
    func location(at time: Double, in size: CGSize) -> (point: CGPoint, degrees: Double)? {
        var placed = path
        if let viewBox, viewBox.width > 0, viewBox.height > 0 {
            placed = path.applying(
                CGAffineTransform(translationX: -viewBox.minX, y: -viewBox.minY)
                    .concatenating(
                        CGAffineTransform(scaleX: size.width / viewBox.width, y: size.height / viewBox.height)
                    ))
        }
        // Measured after placing, so that equal progress is equal distance on the canvas.
        return MeasuredPath(placed).location(at: progress.value(at: time)).map {
            ($0.point, $0.angle * 180 / Double.pi)
        }
    }
}
