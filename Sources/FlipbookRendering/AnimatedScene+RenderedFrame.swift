import FlipbookCanvas
import FlipbookRaster
import FlipbookTimeline
import Foundation

extension AnimatedScene {
    /// The frame at `time` drawn on its own into a new `width` × `height` pixmap over
    /// `background` — for stills, posters and contact sheets, outside the render pipeline.
    public func renderedFrame(at time: FrameTime, width: Int, height: Int, background: Color) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        pixmap.clear(to: background.premultiplied)
        var rasterizer = Rasterizer()
        displayList(size: CGSize(width: Double(width), height: Double(height)), time: time)
            .render(into: &pixmap, using: &rasterizer)
        return pixmap
    }
}
