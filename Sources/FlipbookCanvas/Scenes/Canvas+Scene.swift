import FlipbookTimeline
import Foundation

/// A canvas as a scene: the same drawing at every time (a still in a video, or an
/// `ImageRenderer`'s content).
public struct CanvasScene: AnimatedScene, @unchecked Sendable {
    /// The canvas's closure is not `Sendable` (SwiftUI's is not either); a scene is shared by
    /// render workers, so the closure must not mutate shared state — drawing closures from the
    /// lessons only read constants and their parameters.
    let canvas: Canvas

    public func draw(in context: inout GraphicsContext, size: CGSize, time: FrameTime) {
        canvas.draw(in: &context, size: size)
    }
}

extension Canvas {
    /// This canvas as a scene that draws the same at every time.
    public var scene: CanvasScene { CanvasScene(canvas: self) }
}
