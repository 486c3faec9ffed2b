import FlipbookGeometry

/// An image used as paint: placed in user space by `transform` (image pixels → user space),
/// sampled bilinearly (or, not `smooth`, from the nearest pixel: hard edges for pixel art),
/// and either repeated in both directions (`tiled`) or transparent outside
/// its rectangle.
package struct ImagePaint: Hashable, Sendable {
    package var image: RasterImage
    package var transform: CGAffineTransform
    package var tiled: Bool
    package var smooth: Bool

    package init(
        image: RasterImage, transform: CGAffineTransform = .identity, tiled: Bool = false, smooth: Bool = true
    ) {
        (self.image, self.transform, self.tiled, self.smooth) = (image, transform, tiled, smooth)
    }
}
