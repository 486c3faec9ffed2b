import FlipbookGeometry

/// An image used as paint: placed in user space by `transform` (image pixels → user space),
/// sampled bilinearly (or, not `smooth`, from the nearest pixel: hard edges for pixel art),
/// and either repeated in both directions (`tiled`) or transparent outside
/// its rectangle.
public struct ImagePaint: Hashable, Sendable {
    public var image: RasterImage
    public var transform: CGAffineTransform
    public var tiled: Bool
    public var smooth: Bool

    public init(
        image: RasterImage, transform: CGAffineTransform = .identity, tiled: Bool = false, smooth: Bool = true
    ) {
        (self.image, self.transform, self.tiled, self.smooth) = (image, transform, tiled, smooth)
    }
}
