import FlipbookCaptions
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// A scene laid out at its own `size` in points and drawn at `scale` pixels per point, as
/// SwiftUI's `ImageRenderer.scale`: vector drawing stays sharp at any scale. The canvas it
/// draws into may be larger than `size × scale` (even-size padding); the rest shows the
/// background.
public struct ScaledScene: AnimatedScene, MemoryEstimating {
    public let scene: any AnimatedScene
    public let size: CGSize
    public let scale: Double

    public init(scene: any AnimatedScene, size: CGSize, scale: Double) {
        (self.scene, self.size, self.scale) = (scene, size, scale)
    }

    public func draw(in context: inout GraphicsContext, size _: CGSize, time: FrameTime) {
        context.scaleBy(x: scale, y: scale)
        context.environment.displayScale *= scale
        scene.draw(in: &context, size: size, time: time)
    }

    public func timelineDate(at time: FrameTime) -> Date {
        scene.timelineDate(at: time)
    }

    public func layerChanges(from previous: FrameTime, to time: FrameTime, size _: CGSize) -> [String: String]
    {
        scene.layerChanges(from: previous, to: time, size: size)
    }

    public var accessibilityLabel: String? { scene.accessibilityLabel }

    public func captions(duration: Double) -> [Caption] {
        scene.captions(duration: duration)
    }

    public func eventTimes(duration: Double) -> [Double] {
        scene.eventTimes(duration: duration)
    }

    /// The scene's estimate at its own size, drawn `scale` times larger.
    package func memoryEstimate(canvas _: CGSize, scale: Double) -> MemoryEstimate {
        scene.estimatedMemory(canvas: size, scale: scale * self.scale)
    }
}
