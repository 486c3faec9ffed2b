import FlipbookRaster

/// PNG files for reference images, read and written without FFmpeg, so that the Canvas tests
/// need nothing but the drawing modules.
///
/// Reads 8-bit RGBA and RGB, non-interlaced, every filter, zlib streams of stored, fixed and
/// dynamic Huffman blocks (RFC 1950, RFC 1951; PNG specification, 2nd ed.) — what any encoder
/// writes for such images. Writes RGBA with filter 0 in stored deflate blocks: larger files,
/// but valid PNGs any reader opens. Pixels are premultiplied in a `Pixmap` and straight in the
/// file, converted exactly as the renderer's PNG writer does (round(c · a / 255)).
public enum SnapshotPNG {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func read(_ bytes: [UInt8]) throws -> Pixmap {
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else {
            throw Failure(description: "not a PNG")
        }
        var (width, height, channels) = (0, 0, 0)
        var compressed: [UInt8] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bigEndian(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<min(offset + 8 + length, bytes.count)])
            switch type {
            case "IHDR":
                (width, height) = (Int(bigEndian(data, 0)), Int(bigEndian(data, 4)))
                guard data[8] == 8, data[12] == 0, data[9] == 6 || data[9] == 2 else {
                    throw Failure(description: "only 8-bit RGB(A), non-interlaced PNGs are read")
                }
                channels = data[9] == 6 ? 4 : 3
            case "IDAT": compressed += data
            case "IEND": offset = bytes.count
            default: break
            }
            offset += 12 + length
        }
        var inflater = Inflater(Array(compressed.dropFirst(2)))
        let raw = try inflater.inflate()
        let rows = try unfilter(raw, width: width, height: height, channels: channels)
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * channels
                let alpha: UInt8 = channels == 4 ? rows[i + 3] : 255
                let a = Int(alpha)
                func premultiplied(_ c: UInt8) -> UInt8 {
                    let product: Int = Int(c) * a + 127
                    return UInt8(product / 255)
                }
                pixmap[x, y] = PremultipliedColor(
                    red: premultiplied(rows[i]), green: premultiplied(rows[i + 1]),
                    blue: premultiplied(rows[i + 2]),
                    alpha: alpha)
            }
        }
        return pixmap
    }

    public static func write(_ pixmap: Pixmap) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((pixmap.width * 4 + 1) * pixmap.height)
        for y in 0..<pixmap.height {
            raw.append(0)
            for x in 0..<pixmap.width {
                let p = pixmap[x, y]
                func straight(_ c: UInt8) -> UInt8 {
                    p.alpha == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + Int(p.alpha) / 2) / Int(p.alpha)))
                }
                raw += [straight(p.red), straight(p.green), straight(p.blue), p.alpha]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, raw.count)
            let length = UInt16(end - start)
            zlib += [end == raw.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8)]
            zlib += [UInt8(~length & 0xFF), UInt8(~length >> 8)]
            zlib += raw[start..<end]
            start = end
        } while start < raw.count
        zlib += bigEndianBytes(adler32(raw))
        var header = bigEndianBytes(UInt32(pixmap.width)) + bigEndianBytes(UInt32(pixmap.height))
        header += [8, 6, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func bigEndian(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[at + $1]) }
    }

    private static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndianBytes(UInt32(data.count)) + body + bigEndianBytes(crc32(body))
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// Undoes the per-row filters (none, sub, up, average, Paeth).
    private static func unfilter(_ raw: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let stride = width * channels
        guard raw.count >= (stride + 1) * height else { throw Failure(description: "image data too short") }
        var out = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = raw[y * (stride + 1) + 1 + x]
                let left = x >= channels ? Int(out[y * stride + x - channels]) : 0
                let up = y > 0 ? Int(out[(y - 1) * stride + x]) : 0
                let upLeft = x >= channels && y > 0 ? Int(out[(y - 1) * stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                default: throw Failure(description: "unknown PNG filter \(filter)")
                }
                out[y * stride + x] = UInt8(truncatingIfNeeded: Int(value) + predicted)
            }
        }
        return out
    }
}
