import CFFmpeg
import FlipbookRaster
import FlipbookTimeline
import Foundation

/// Encodes single pictures — PNG (lossless, optionally with alpha) and JPEG (JFIF) — through
/// libavcodec, from premultiplied pixmaps.
package enum StillImage {
    /// JPEG's quality unless the settings give one (`quality`, libjpeg's 0…100 scale):
    /// libavcodec's quantiser scale 2 on its own matrices, visually lossless: as faithful as
    /// quality 95 in fewer bytes (`launch.json` at 2 s: 47.6 dB PSNR in 139 KB, against 47.5 dB in
    /// 180 KB).
    package static let jpegQuality = 2

    /// The encoded bytes of `pixmap` as `format` (`.png` or `.jpeg`) with its default pixel
    /// format. PNG keeps alpha when `transparent`, else stores RGB of the picture over black.
    package static func encode(_ pixmap: Pixmap, format: OutputFormat, transparent: Bool = true) throws
        -> Data
    {
        try encode(pixmap, settings: settings(pixmap, format: format, transparent: transparent))
    }

    /// The encoded bytes of `pixmap` with `settings` (a PNG or JPEG format; the pixel format
    /// chooses alpha or RGB for PNG, 4:4:4 or 4:2:0 for JPEG).
    ///
    /// JPEG is written as JFIF says: BT.601 coefficients at full range (`yuvj…`), tagged so;
    /// any decoder that follows JFIF — browsers, PIL, libjpeg — gets the colours back. PNG
    /// carries square pixels (pHYs 1:1).
    package static func encode(_ pixmap: Pixmap, settings: VideoEncoderSettings) throws -> Data {
        FFmpegLog.install()
        let format = settings.format
        guard format == .png || format == .jpeg || format == .pngSequence else {
            throw MediaError(operation: "encode a still", message: "\(format) is not an image format")
        }
        var settings = settings
        if format == .jpeg { settings.colorRange = .full }
        guard let codec = avcodec_find_encoder_by_name(format.encoder) else {
            throw MediaError(
                operation: "encode \(format)", message: "this FFmpeg has no \(format.encoder) encoder")
        }
        let pixelFormat = av_get_pix_fmt(settings.resolvedPixelFormat)
        let context = try FFmpegObject.codecContext(codec)
        context.pointer.pointee.width = Int32(pixmap.width)
        context.pointer.pointee.height = Int32(pixmap.height)
        context.pointer.pointee.pix_fmt = pixelFormat
        context.pointer.pointee.time_base = AVRational(num: 1, den: 1)
        context.pointer.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointer.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        let frame = try FFmpegObject.frame()
        if format == .jpeg {
            context.pointer.pointee.flags |= AV_CODEC_FLAG_QSCALE
            var scale = jpegQuality
            if let quality = settings.quality {
                let tables = JPEGQuantization.tables(quality: quality)
                context.pointer.pointee.intra_matrix = try matrix(tables.luma)
                context.pointer.pointee.chroma_intra_matrix = try matrix(tables.chroma)
                scale = JPEGQuantization.unitScale
            }
            context.pointer.pointee.global_quality = Int32(scale) * FF_QP2LAMBDA
            context.pointer.pointee.color_range = AVCOL_RANGE_JPEG
            context.pointer.pointee.colorspace = AVCOL_SPC_BT470BG
            frame.pointer.pointee.quality = context.pointer.pointee.global_quality
        }
        try MediaError.check(avcodec_open2(context.pointer, codec, nil), "open the \(format) encoder")
        frame.pointer.pointee.format = pixelFormat.rawValue
        frame.pointer.pointee.width = Int32(pixmap.width)
        frame.pointer.pointee.height = Int32(pixmap.height)
        try MediaError.check(av_frame_get_buffer(frame.pointer, 0), "allocate a \(format) frame")
        try FrameConverter(settings: settings).fill(frame.pointer, from: pixmap)
        try MediaError.check(avcodec_send_frame(context.pointer, frame.pointer), "encode \(format)")
        try MediaError.check(avcodec_send_frame(context.pointer, nil), "flush the \(format) encoder")
        let packet = try FFmpegObject.packet()
        try MediaError.check(avcodec_receive_packet(context.pointer, packet.pointer), "encode \(format)")
        return Data(bytes: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
    }

    /// `values` in memory libavcodec owns (and frees with the codec context), as its matrices
    /// must be.
    private static func matrix(_ values: [UInt16]) throws -> UnsafeMutablePointer<UInt16> {
        guard let memory = av_malloc(values.count * MemoryLayout<UInt16>.stride) else {
            throw MediaError(operation: "allocate a JPEG matrix", message: "out of memory")
        }
        let matrix = memory.bindMemory(to: UInt16.self, capacity: values.count)
        matrix.update(from: values, count: values.count)
        return matrix
    }

    /// Default settings for a still of `pixmap`'s size.
    private static func settings(_ pixmap: Pixmap, format: OutputFormat, transparent: Bool)
        -> VideoEncoderSettings
    {
        VideoEncoderSettings(
            width: pixmap.width, height: pixmap.height, frameRate: FrameRate(1)!,
            transparent: transparent && format != .jpeg, options: EncodingOptions(format: format))
    }

    /// Encodes `pixmap` and writes it to `path` (directly; callers wanting atomicity write to
    /// a temporary path and rename).
    package static func write(
        _ pixmap: Pixmap, format: OutputFormat, transparent: Bool = true, to path: String
    )
        throws
    {
        try write(pixmap, settings: settings(pixmap, format: format, transparent: transparent), to: path)
    }

    /// Encodes `pixmap` with `settings` and writes it to `path`.
    package static func write(_ pixmap: Pixmap, settings: VideoEncoderSettings, to path: String) throws {
        try FileBytes.write(try encode(pixmap, settings: settings), to: path)
    }
}
