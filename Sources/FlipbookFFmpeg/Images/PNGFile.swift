import CFFmpeg
import FlipbookRaster
import Foundation

/// Reads and writes PNG images through libavcodec's PNG codec (lossless, keeps alpha; no
/// libpng needed).
///
/// PNG stores straight (non-premultiplied) alpha and a `Pixmap` premultiplied alpha; the
/// conversion is exact both ways at 8 bits (p → round(p·255/a) → round(s·a/255) gives p back),
/// so writing and reading a pixmap returns the same pixels.
package enum PNGFile {
    /// Encodes `pixmap` as an RGBA PNG at `path` (written directly; callers wanting atomicity
    /// write to a temporary path and rename).
    package static func write(_ pixmap: Pixmap, to path: String) throws {
        try StillImage.write(pixmap, format: .png, to: path)
    }

    /// The RGBA PNG encoding of `pixmap`.
    package static func encode(_ pixmap: Pixmap) throws -> Data {
        try StillImage.encode(pixmap, format: .png)
    }

    /// Decodes the PNG at `path` into a premultiplied pixmap (any PNG colour type).
    package static func read(_ path: String) throws -> Pixmap {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MediaError(operation: "read \(path)", message: "no such file or not readable")
        }
        return try decode(data, name: path)
    }

    /// Decodes PNG `data`; `name` is used in messages.
    package static func decode(_ data: Data, name: String = "PNG data") throws -> Pixmap {
        // libavcodec calls an empty picture "Invalid data"; its header says what it is.
        if let (width, height) = headerSize(data), width == 0 || height == 0 {
            throw MediaError(
                operation: "read \(name)",
                message: "its size is \(width)×\(height) pixels (says its IHDR header): a picture needs "
                    + "at least one pixel on each side")
        }
        return try ImageFile.decode(data, codec: AV_CODEC_ID_PNG, name: name)
    }

    /// The width and height in the IHDR chunk of PNG `data`, which the PNG specification puts
    /// first, right after the 8-byte signature (length, "IHDR", then two big-endian 32-bit
    /// numbers); `nil` when the data does not start so.
    static func headerSize(_ data: Data) -> (width: UInt32, height: UInt32)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func number(at offset: Int) -> UInt32 {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
        return (number(at: 16), number(at: 20))
    }

    /// round(p · 255 / a): the straight value of premultiplied channel `p`.
    static func unpremultiply(_ value: UInt8, alpha: UInt8) -> UInt8 {
        guard alpha != 0 else { return 0 }
        return UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
    }
}
