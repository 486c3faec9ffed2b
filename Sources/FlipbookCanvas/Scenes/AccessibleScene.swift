import FlipbookCaptions
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// A scene with its accessibility description replaced (`accessibilityLabel(_:)`) or removed
/// (`accessibilityHidden(true)`); it draws exactly as the scene it wraps.
public struct AccessibleScene: AnimatedScene, MemoryEstimating {
    public let scene: any AnimatedScene
    public let label: String?
    public let hidden: Bool

    public init(scene: any AnimatedScene, label: String?, hidden: Bool = false) {
        (self.scene, self.label, self.hidden) = (scene, label, hidden)
    }

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        scene.draw(in: &context, size: size, time: time)
    }

    public func timelineDate(at time: FrameTime) -> Date {
        scene.timelineDate(at: time)
    }

    public func layerChanges(from previous: FrameTime, to time: FrameTime, size: CGSize) -> [String: String] {
        scene.layerChanges(from: previous, to: time, size: size)
    }

    public var accessibilityLabel: String? { hidden ? nil : label }

    public func eventTimes(duration: Double) -> [Double] {
        scene.eventTimes(duration: duration)
    }

    package func memoryEstimate(canvas: CGSize, scale: Double) -> MemoryEstimate {
        scene.estimatedMemory(canvas: canvas, scale: scale)
    }

    public func captions(duration: Double) -> [Caption] {
        guard !hidden else { return [] }
        guard let label else { return scene.captions(duration: duration) }
        return [Caption(start: 0, end: duration, text: label)]
    }
}
