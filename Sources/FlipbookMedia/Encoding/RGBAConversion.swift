import CFFmpeg
import FlipbookRaster

/// Converts decoded frames of any pixel format to premultiplied RGBA pixmaps, through
/// libswscale (so PNGs of every colour type — grey, palette, 16-bit — come out alike).
enum RGBAConversion {
    static func pixmap(from frame: UnsafeMutablePointer<AVFrame>, name: String) throws -> Pixmap {
        let width = Int(frame.pointee.width)
        let height = Int(frame.pointee.height)
        guard width > 0, height > 0, width <= 65_536, height <= 65_536 else {
            throw MediaError(
                operation: "decode \(name)", message: "image size \(width)×\(height) is not supported")
        }
        guard
            let scaler = sws_getContext(
                Int32(width), Int32(height), AVPixelFormat(rawValue: frame.pointee.format),
                Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(SWS_POINT), nil, nil, nil)
        else {
            throw MediaError(operation: "convert \(name) to RGBA", message: "unsupported pixel format")
        }
        defer { sws_freeContext(scaler) }
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
