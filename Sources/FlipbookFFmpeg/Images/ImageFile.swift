import CFFmpeg
import FlipbookRaster
import Foundation

/// Reads PNG, JPEG and WebP files into premultiplied pixmaps through libavcodec (the format is told by
/// the file's first bytes, not its name).
package enum ImageFile {
    /// The decoded picture at `path`.
    /// - Throws: `MediaError` naming the file when it is missing, not PNG, JPEG or WebP, or corrupt.
    package static func read(_ path: String) throws -> Pixmap {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MediaError(operation: "read \(path)", message: "no such file or not readable")
        }
        return try decode(data, name: path)
    }

    /// The picture encoded in `data` (PNG, JPEG or WebP); `name` is used in messages.
    package static func decode(_ data: Data, name path: String) throws -> Pixmap {
        let bytes = [UInt8](data.prefix(4))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try PNGFile.decode(data, name: path) }
        if bytes.starts(with: [0xFF, 0xD8]) { return try decode(data, codec: AV_CODEC_ID_MJPEG, name: path) }
        if data.count >= 12, data.prefix(4) == Data("RIFF".utf8),
            data.dropFirst(8).prefix(4) == Data("WEBP".utf8)
        {
            return try decode(data, codec: AV_CODEC_ID_WEBP, name: path)
        }
        throw MediaError(operation: "read \(path)", message: "not a PNG, JPEG or WebP file")
    }

    /// Decodes one picture of `codec` from `data`.
    static func decode(_ data: Data, codec id: AVCodecID, name: String) throws -> Pixmap {
        FFmpegLog.install()
        guard let codec = avcodec_find_decoder(id) else {
            throw MediaError(operation: "decode \(name)", message: "this FFmpeg has no decoder for it")
        }
        let context = try FFmpegObject.codecContext(codec)
        try MediaError.check(avcodec_open2(context.pointer, codec, nil), "open the decoder for \(name)")
        let packet = try FFmpegObject.packet()
        try MediaError.check(av_new_packet(packet.pointer, Int32(data.count)), "allocate a packet")
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            packet.pointer.pointee.data.update(
                from: base.assumingMemoryBound(to: UInt8.self), count: data.count)
        }
        let frame = try FFmpegObject.frame()
        try MediaError.check(avcodec_send_packet(context.pointer, packet.pointer), "decode \(name)")
        try MediaError.check(avcodec_receive_frame(context.pointer, frame.pointer), "decode \(name)")
        return try RGBAConversion.pixmap(from: frame.pointer, name: name)
    }
}
