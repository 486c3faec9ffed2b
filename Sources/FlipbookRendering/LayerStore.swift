import FlipbookCanvas
import FlipbookRaster

/// Keeps the pixels of drawn layers so that an equal layer in a later frame is composited, not
/// drawn again. Implementations are shared by all render workers, so they must be thread-safe.
package protocol LayerStore: Sendable {
    /// The pixels of `layer` on a `width` × `height` canvas on which the video's frame is
    /// `frame` (all of it, unless the canvas is a layer's grown past the frame: how far its
    /// layers may still grow depends on where the frame lies): kept ones if an equal layer was
    /// drawn on an equal canvas before (`reused` true), else the result of `draw`, which is then
    /// kept.
    func pixels(
        of layer: DisplayList, width: Int, height: Int, frame: PixelBounds, draw: () -> LayerPixels
    ) -> (LayerPixels, reused: Bool)
}
