import CFFmpeg
import FlipbookRaster

/// Fills an encoder's `AVFrame` from a rendered RGBA picture with libswscale (BT.709, or BT.601
/// for JPEG; bit-exact), for every YUV or RGB format. (The workers' own `yuv420p` frames need no
/// converting: the encoder shares their planes, `SharedPlanes`; GIF's `pal8` pictures come from
/// a `PaletteStage`.)
///
/// Formats with alpha take straight (unpremultiplied) colour, as ProRes, VP9 and PNG expect;
/// formats without it take the premultiplied colour, which is the picture over black (the
/// background was painted under it). Not thread-safe: one per encoder.
final class FrameConverter {
    private let settings: VideoEncoderSettings
    private let target: AVPixelFormat
    private var scaler: OpaquePointer?
    private var straight: [UInt8] = []

    init(settings: VideoEncoderSettings) throws {
        self.settings = settings
        target = av_get_pix_fmt(settings.resolvedPixelFormat)
        guard target != AV_PIX_FMT_NONE else {
            throw MediaError(
                operation: "encode \(settings.format)",
                message: "FFmpeg does not know the pixel format \(settings.resolvedPixelFormat)")
        }
    }

    deinit { sws_freeContext(scaler) }

    /// Writes `pixmap` into `frame` (allocated with the target format and the pixmap's size).
    func fill(_ frame: UnsafeMutablePointer<AVFrame>, from pixmap: Pixmap) throws {
        try scale(pixmap, into: frame)
    }

    private func scale(_ pixmap: Pixmap, into frame: UnsafeMutablePointer<AVFrame>) throws {
        let (width, height) = (Int32(pixmap.width), Int32(pixmap.height))
        if scaler == nil {
            let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT | SWS_FULL_CHR_H_INT
            scaler = sws_getContext(
                width, height, AV_PIX_FMT_RGBA, width, height, target, Int32(flags), nil, nil, nil)
            guard let scaler else {
                throw MediaError(
                    operation: "convert RGBA to \(settings.resolvedPixelFormat)",
                    message: "libswscale cannot make this conversion")
            }
            let full: Int32 =
                settings.colorRange == .full || settings.resolvedPixelFormat.hasPrefix("yuvj") ? 1 : 0
            // JPEG (JFIF) defines its YCbCr with BT.601's coefficients; video is BT.709.
            let matrix = sws_getCoefficients(settings.format == .jpeg ? SWS_CS_ITU601 : SWS_CS_ITU709)
            sws_setColorspaceDetails(scaler, matrix, 1, matrix, full, 0, 1 << 16, 1 << 16)
        }
        let source: [UInt8]
        if settings.keepsAlpha {
            straight = Self.unpremultiplied(pixmap.bytes, reusing: straight)
            source = straight
        } else {
            source = pixmap.bytes
        }
        source.withUnsafeBufferPointer { bytes in
            var planes: [UnsafePointer<UInt8>?] = [bytes.baseAddress, nil, nil, nil]
            var strides: [Int32] = [width * 4, 0, 0, 0]
            withUnsafeMutablePointer(to: &frame.pointee.data) { data in
                withUnsafeMutablePointer(to: &frame.pointee.linesize) { linesize in
                    data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { data in
                        linesize.withMemoryRebound(to: Int32.self, capacity: 8) { linesize in
                            _ = sws_scale(scaler, &planes, &strides, 0, height, data, linesize)
                        }
                    }
                }
            }
        }
    }

    /// Straight-alpha RGBA from premultiplied: round(c · 255 / a), exact at 8 bits.
    static func unpremultiplied(_ bytes: [UInt8], reusing buffer: [UInt8]) -> [UInt8] {
        var result = buffer
        if result.count != bytes.count { result = [UInt8](repeating: 0, count: bytes.count) }
        result.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                for i in Swift.stride(from: 0, to: input.count, by: 4) {
                    let alpha = input[i + 3]
                    output[i + 3] = alpha
                    for channel in 0..<3 {
                        output[i + channel] = PNGFile.unpremultiply(input[i + channel], alpha: alpha)
                    }
                }
            }
        }
        return result
    }
}
