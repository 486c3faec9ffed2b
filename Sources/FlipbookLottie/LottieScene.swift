import FlipbookCanvas
import FlipbookGeometry
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// A Lottie animation as a scene: frame `ip + seconds × fr` of the animation, scaled to fit the
/// canvas (centred, its aspect kept) and clipped to its own frame.
public struct LottieScene: AnimatedScene, MemoryEstimating {
    public let animation: LottieAnimation
    let limits: LottieLimits
    /// The outlines its set operations made, shared by the workers drawing it.
    let outlines = LottieOutlineCache()

    public init(animation: LottieAnimation, limits: LottieLimits = LottieLimits()) {
        (self.animation, self.limits) = (animation, limits)
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        draw(in: &context, size: size, frame: animation.frame(atSeconds: time.seconds))
    }

    /// Draws the animation's frame `frame` (fractional frames interpolate) on a canvas of `size`.
    public func draw(in context: inout GraphicsContext, size: CGSize, frame: Double) {
        let scale = min(size.width / animation.width, size.height / animation.height)
        guard scale > 0, scale.isFinite else { return }
        context.translateBy(
            x: (size.width - animation.width * scale) / 2, y: (size.height - animation.height * scale) / 2)
        context.scaleBy(x: scale, y: scale)
        // The canvas clips what lies beyond it: only a letterboxed animation needs its frame
        // clipped (a clip costs a coverage mask of the whole canvas).
        if animation.width * scale < size.width - 1e-9 || animation.height * scale < size.height - 1e-9 {
            context.clip(to: Path(CGRect(x: 0, y: 0, width: animation.width, height: animation.height)))
        }
        LottieLayerDrawing(animation: animation, limits: limits, outlines: outlines).draw(
            animation.layers, frame: frame, in: context)
    }

    /// Offscreen canvases a frame may hold at once: a layer with opacity or masks, its mask's
    /// coverage and a matte, at each level of precomposition.
    package func memoryEstimate(canvas: CGSize, scale: Double) -> MemoryEstimate {
        var estimate = MemoryEstimate()
        let canvasBytes = MemoryEstimate.canvasBytes(
            width: Int((canvas.width * scale).rounded(.up)), height: Int((canvas.height * scale).rounded(.up))
        )
        let levels = animation.precompLevels + 1
        estimate.add(
            "\(3 * levels) offscreen canvases (layers, masks and mattes at \(levels) levels)",
            bytes: MemoryEstimate.Item.product(canvasBytes, 3 * levels), perWorker: true)
        if animation.pictureBytes > 0 {
            estimate.add("its decoded pictures", bytes: animation.pictureBytes, perWorker: false)
        }
        return estimate
    }
}
