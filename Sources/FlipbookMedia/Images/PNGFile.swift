import CFFmpeg
import FlipbookRaster
import Foundation

/// Reads and writes PNG images through libavcodec's PNG codec (lossless, keeps alpha; no
/// libpng needed).
///
/// PNG stores straight (non-premultiplied) alpha and a `Pixmap` premultiplied alpha; the
/// conversion is exact both ways at 8 bits (p → round(p·255/a) → round(s·a/255) gives p back),
/// so writing and reading a pixmap returns the same pixels.
public enum PNGFile {
    /// Encodes `pixmap` as an RGBA PNG at `path` (written directly; callers wanting atomicity
    /// write to a temporary path and rename).
    public static func write(_ pixmap: Pixmap, to path: String) throws {
        try StillImage.write(pixmap, format: .png, to: path)
    }

    /// The RGBA PNG encoding of `pixmap`.
    public static func encode(_ pixmap: Pixmap) throws -> Data {
        try StillImage.encode(pixmap, format: .png)
    }

    /// Decodes the PNG at `path` into a premultiplied pixmap (any PNG colour type).
    public static func read(_ path: String) throws -> Pixmap {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MediaError(operation: "read \(path)", message: "no such file or not readable")
        }
        return try decode(data, name: path)
    }

    /// Decodes PNG `data`; `name` is used in messages.
    public static func decode(_ data: Data, name: String = "PNG data") throws -> Pixmap {
        try ImageFile.decode(data, codec: AV_CODEC_ID_PNG, name: name)
    }

    /// round(p · 255 / a): the straight value of premultiplied channel `p`.
    static func unpremultiply(_ value: UInt8, alpha: UInt8) -> UInt8 {
        guard alpha != 0 else { return 0 }
        return UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
    }
}
