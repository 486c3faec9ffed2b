import FlipbookCanvas
import FlipbookGeometry
import FlipbookLottie
import Foundation

/// A Lottie animation in the layer's box, fitted like a picture (`ImageLayer.Fit`), playing a
/// segment of the file's frames from the layer's start at `speed`, then holding its last frame —
/// or, `loops`, starting the segment again.
public struct LottieAnimationLayer: Sendable {
    public var scene: LottieScene
    public var fit: ImageLayer.Fit = .contain
    /// The frames played: the first, and the frame after the last (the file's `ip` and `op`
    /// unless a `segment` names others).
    public var segment: (from: Double, to: Double)
    /// How fast it plays: 2 twice as fast, 0.5 at half speed.
    public var speed: Double = 1
    public var loops = false
    /// The composition's variables that the texts, colours and pictures put into the file name:
    /// what it shows depends on them (`Composition.templatedEntrances`).
    public var variables: Set<String> = []

    public init(scene: LottieScene) {
        self.scene = scene
        segment = (scene.animation.inPoint, scene.animation.outPoint)
    }

    /// The animation's own size (`w` × `h`), in points.
    public var naturalSize: CGSize {
        CGSize(width: scene.animation.width, height: scene.animation.height)
    }

    /// The file's frame shown at layer time `time` (seconds from the layer's start). Past the
    /// segment it holds the segment's last whole frame, `to − 1`, as players stop on it; a loop
    /// starts again at `from`. A time within a millionth of a whole frame is that frame (see
    /// `LottieAnimation.frame(atSeconds:)`).
    public func frame(at time: Double) -> Double {
        let length = segment.to - segment.from
        var elapsed = max(time, 0) * speed * scene.animation.frameRate
        let whole = elapsed.rounded()
        if abs(elapsed - whole) < 1e-6 { elapsed = whole }
        if loops, length > 0 { elapsed = elapsed.truncatingRemainder(dividingBy: length) }
        return segment.from + min(elapsed, max(length - 1, 0))
    }

    /// Whether different frames show at layer times `from` and `to` (`from` ≤ `to`).
    func moves(_ from: Double, _ to: Double) -> Bool {
        frame(at: from) != frame(at: to)
    }

    /// Draws the frame at layer time `time` fitted in `box` (clipped to it under `cover`).
    func draw(in context: inout GraphicsContext, box: CGRect, time: Double) {
        let natural = naturalSize
        guard box.width > 0, box.height > 0 else { return }
        let rect = fit.rect(for: natural, in: box)
        var animationContext = context
        if fit == .cover { animationContext.clip(to: Path(box)) }
        animationContext.translateBy(x: rect.minX, y: rect.minY)
        animationContext.scaleBy(x: rect.width / natural.width, y: rect.height / natural.height)
        scene.draw(in: &animationContext, size: natural, frame: frame(at: time))
    }
}
