import FlipbookRaster
import FlipbookText
import Synchronization

/// Colour glyphs (emoji) as pictures, made once per face and glyph and shared by every frame
/// and thread, so a display list holding an emoji hashes it in constant time.
enum ColorGlyphImages {
    private struct Key: Hashable {
        var face: ObjectIdentifier
        var glyph: UInt32
    }

    private static let images = Mutex<[Key: RasterImage]>([:])

    /// The picture of `bitmap`, the glyph `glyph` of `face`.
    static func image(_ bitmap: ColorGlyph, face: FontFace, glyph: UInt32) -> RasterImage {
        let key = Key(face: ObjectIdentifier(face), glyph: glyph)
        if let image = images.withLock({ $0[key] }) { return image }
        let pixmap = bitmap.premultipliedBGRA.withUnsafeBufferPointer {
            Pixmap(
                premultipliedBGRA: $0.baseAddress!, width: bitmap.width, height: bitmap.height,
                bytesPerRow: bitmap.width * 4)
        }
        let image = RasterImage(pixmap)
        images.withLock { $0[key] = image }
        return image
    }
}
