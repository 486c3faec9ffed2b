import FlipbookGeometry
import FlipbookRaster
import Foundation

extension GraphicsContext.Shading {
    /// A picture repeated in both directions, as SwiftUI's `.tiledImage(_:origin:sourceRect:
    /// scale:)`: the part of `image` that `sourceRect` selects (in unit coordinates of the
    /// image, the whole of it by default), its top-left corner at `origin` in the user space
    /// of the drawing call, `scale` times its natural size in points.
    ///
    /// Resolved where it is drawn, as SwiftUI does: `Image("brick")` comes from the context's
    /// image catalog, an SVG picture is rasterised at the tile's size on the device (sharp at
    /// any scale), and a symbol is painted in the context's foreground style.
    public static func tiledImage(
        _ image: Image, origin: CGPoint = .zero, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
        scale: Double = 1
    ) -> Self {
        var shading = Self(paint: .solid(.transparent))
        shading.tile = Tile(image: image, origin: origin, sourceRect: sourceRect, scale: scale)
        return shading
    }

    /// What `tiledImage` repeats, kept until a context resolves it into a paint. A class, so
    /// that a shading stays a few bytes: one is made for every fill of a confetti frame.
    final class Tile: Hashable, Sendable {
        let image: Image
        let origin: CGPoint
        let sourceRect: CGRect
        let scale: Double

        init(image: Image, origin: CGPoint, sourceRect: CGRect, scale: Double) {
            (self.image, self.origin, self.sourceRect, self.scale) = (image, origin, sourceRect, scale)
        }

        static func == (lhs: Tile, rhs: Tile) -> Bool {
            lhs === rhs
                || (lhs.image == rhs.image && lhs.origin == rhs.origin && lhs.sourceRect == rhs.sourceRect
                    && lhs.scale == rhs.scale)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(image)
            hasher.combine(scale)
        }
    }
}

extension GraphicsContext {
    /// The paint of a tiled picture drawn in this context; transparent when the picture is
    /// missing (its name was warned about), empty, or the source rectangle or scale select
    /// nothing.
    func paint(of tile: Shading.Tile) -> Paint {
        let unit = tile.sourceRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        let resolved = resolve(tile.image)
        let size = resolved.size
        guard tile.scale.isFinite, tile.scale > 0, !unit.isNull, unit.width > 0, unit.height > 0,
            size.width > 0, size.height > 0, let picture = tilePicture(resolved, scale: tile.scale)
        else { return .solid(.transparent) }
        // The selected pixels, at least one in each direction.
        let (width, height) = (Double(picture.width), Double(picture.height))
        let columns = Int((unit.minX * width).rounded(.down))..<Int((unit.maxX * width).rounded(.up))
        let rows = Int((unit.minY * height).rounded(.down))..<Int((unit.maxY * height).rounded(.up))
        let selected = PixelBounds(
            columns: columns.lowerBound..<max(columns.upperBound, columns.lowerBound + 1),
            rows: rows.lowerBound..<max(rows.upperBound, rows.lowerBound + 1))
        let whole = selected == PixelBounds(columns: 0..<picture.width, rows: 0..<picture.height)
        let pixels = whole ? picture : RasterImage(picture.pixmap.cropped(to: selected))
        // A picture pixel is this many points of the tile: the natural size over the pixels it
        // was rasterised at (1 for a bitmap), times the scale.
        let placement = CGAffineTransform(
            a: size.width / width * tile.scale, b: 0, c: 0, d: size.height / height * tile.scale,
            tx: tile.origin.x, ty: tile.origin.y)
        return .image(
            ImagePaint(
                image: pixels, transform: placement, tiled: true,
                smooth: resolved.image.interpolation != .none))
    }

    /// The whole picture of `image` as pixels: a bitmap as it is, a vector picture or a symbol
    /// rasterised at its size times `scale` on the device.
    private func tilePicture(_ image: ResolvedImage, scale: Double) -> RasterImage? {
        let tileSize = CGSize(width: image.size.width * scale, height: image.size.height * scale)
        switch image.image.source {
        case .pixels(let pixels):
            return pixels
        case .vector(let vector):
            let (width, height) = devicePixels(of: tileSize)
            guard width > 0, height > 0 else { return nil }
            return vector.source.rasterized(width: width, height: height)
        case .symbol(_, let path):
            let (width, height) = devicePixels(of: tileSize)
            guard width > 0, height > 0 else { return nil }
            // Symbols are drawn in a 100-unit box.
            let placement = CGAffineTransform(
                a: Double(width) / 100, b: 0, c: 0, d: Double(height) / 100, tx: 0, ty: 0)
            // A foreground style that is itself a tiled symbol would tile forever: black then.
            let shading = image.shading.tile == nil ? image.shading : .color(.primary)
            return RasterImage(
                width: width, height: height, filling: path, transform: placement, paint: paint(of: shading))
        case .named:
            return nil
        }
    }
}
