import FlipbookGeometry

extension RasterImage {
    /// A `width` × `height` picture of `path`, mapped by `transform`, filled with `paint` over
    /// transparent pixels: vectors made a picture for a paint that repeats them (a symbol as a
    /// tiled image), so that the recording API, which holds pictures, never drives a rasterizer.
    package convenience init(
        width: Int, height: Int, filling path: Path, transform: CGAffineTransform, paint: Paint
    ) {
        var pixmap = Pixmap(width: width, height: height)
        var rasterizer = Rasterizer()
        rasterizer.fill(path, transform: transform, paint: paint, into: &pixmap)
        self.init(pixmap)
    }
}
