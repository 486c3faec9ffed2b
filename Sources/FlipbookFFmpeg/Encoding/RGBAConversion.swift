import CFFmpeg
import FlipbookRaster

/// Converts decoded frames of any pixel format to premultiplied RGBA pixmaps, through
/// libswscale (so PNGs of every colour type — grey, palette, 16-bit — come out alike).
enum RGBAConversion {
    /// `asVideo`: a video's frame, whose YUV is read as its tags say — BT.709 when tagged so or,
    /// untagged, at 720 rows and more (as players assume), else BT.601; tv or full range — with
    /// chroma interpolated rather than repeated. Pictures (JPEG, WebP) keep swscale's defaults.
    static func pixmap(from frame: UnsafeMutablePointer<AVFrame>, name: String, asVideo: Bool = false) throws
        -> Pixmap
    {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        guard width > 0, height > 0, width <= 65_536, height <= 65_536 else {
            throw MediaError(
                operation: "decode \(name)", message: "image size \(width)×\(height) is not supported")
        }
        let flags = asVideo ? SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_BITEXACT : SWS_POINT
        guard
            let scaler = sws_getContext(
                Int32(width), Int32(height), AVPixelFormat(rawValue: frame.pointee.format),
                Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(flags), nil, nil, nil)
        else {
            throw MediaError(operation: "convert \(name) to RGBA", message: "unsupported pixel format")
        }
        defer { sws_freeContext(scaler) }
        if asVideo {
            let space = frame.pointee.colorspace
            let hd = space == AVCOL_SPC_BT709 || (space == AVCOL_SPC_UNSPECIFIED && height >= 720)
            let matrix = sws_getCoefficients(hd ? SWS_CS_ITU709 : SWS_CS_ITU601)
            let fullRange: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
            sws_setColorspaceDetails(scaler, matrix, fullRange, matrix, 1, 0, 1 << 16, 1 << 16)
        }
        var pixmap = Pixmap(width: width, height: height)
        pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
            var planes: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(width * 4), 0, 0, 0]
            withUnsafePointer(to: &frame.pointee.data) { sourceData in
                withUnsafePointer(to: &frame.pointee.linesize) { sourceStrides in
                    sourceData.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { data in
                        sourceStrides.withMemoryRebound(to: Int32.self, capacity: 8) { strideList in
                            _ = sws_scale(scaler, data, strideList, 0, Int32(height), &planes, &strides)
                        }
                    }
                }
            }
            for i in stride(from: 0, to: buffer.count, by: 4) {
                let alpha = UInt32(buffer[i + 3])
                if alpha == 255 { continue }
                for channel in 0..<3 {
                    buffer[i + channel] = UInt8((UInt32(buffer[i + channel]) * alpha + 127) / 255)
                }
            }
        }
        return pixmap
    }
}
