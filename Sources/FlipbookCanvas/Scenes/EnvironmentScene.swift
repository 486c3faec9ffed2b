import FlipbookCaptions
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// A scene drawn with one value of its drawing environment set — the image catalog, locale or
/// time zone for the whole video (`scene.environment(\.imageCatalog, catalog)`). A canvas's own
/// `environment(_:_:)` inside the scene wins over it.
public struct EnvironmentScene: AnimatedScene, MemoryEstimating {
    public let scene: any AnimatedScene
    let change: @Sendable (inout EnvironmentValues) -> Void

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        change(&context.environment)
        scene.draw(in: &context, size: size, time: time)
    }

    public func timelineDate(at time: FrameTime) -> Date { scene.timelineDate(at: time) }

    public func layerChanges(from previous: FrameTime, to time: FrameTime, size: CGSize) -> [String: String] {
        scene.layerChanges(from: previous, to: time, size: size)
    }

    public var accessibilityLabel: String? { scene.accessibilityLabel }

    public func captions(duration: Double) -> [Caption] { scene.captions(duration: duration) }

    public func eventTimes(duration: Double) -> [Double] { scene.eventTimes(duration: duration) }

    package func memoryEstimate(canvas: CGSize, scale: Double) -> MemoryEstimate {
        scene.estimatedMemory(canvas: canvas, scale: scale)
    }
}

extension AnimatedScene {
    /// This scene with `keyPath` of its drawing environment set to `value`.
    public func environment<Value: Sendable>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value> & Sendable, _ value: Value
    ) -> EnvironmentScene {
        EnvironmentScene(scene: self) { $0[keyPath: keyPath] = value }
    }
}
