import Flipbook

extension Canvas {
    /// The canvas drawn onto a transparent `width` × `height` pixmap, as a frame would be.
    public func rendered(width: Int, height: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        var rasterizer = Rasterizer()
        displayList(size: CGSize(width: Double(width), height: Double(height)))
            .render(into: &pixmap, using: &rasterizer)
        return pixmap
    }
}
