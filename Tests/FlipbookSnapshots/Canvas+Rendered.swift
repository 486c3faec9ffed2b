import FlipbookCanvas
import FlipbookRaster
import FlipbookRendering
import FlipbookTimeline

extension Canvas {
    /// The canvas drawn onto a transparent `width` × `height` pixmap, as a frame would be.
    public func rendered(width: Int, height: Int) -> Pixmap {
        scene.renderedFrame(
            at: FrameTime(index: 0, seconds: 0), width: width, height: height, background: .clear)
    }
}
