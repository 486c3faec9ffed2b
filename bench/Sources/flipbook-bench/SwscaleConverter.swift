import CFFmpeg
import Flipbook

/// libswscale's RGBA → yuv420p conversion at its default flags (bicubic), told to use BT.709
/// and tv range like Flipbook's converter, so both do the same job. The conversion peer.
final class SwscaleConverter {
    private let context: OpaquePointer
    let width: Int
    let height: Int

    init(width: Int, height: Int) throws {
        guard
            let context = sws_getContext(
                Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
                Int32(SWS_BICUBIC), nil, nil, nil)
        else { throw BenchmarkError("sws_getContext failed") }
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
        self.context = context
        self.width = width
        self.height = height
    }

    deinit { sws_freeContext(context) }

    func convert(_ pixmap: Pixmap, into frame: inout YUVFrame) {
        pixmap.bytes.withUnsafeBufferPointer { source in
            frame.luma.withUnsafeMutableBufferPointer { y in
                frame.chromaBlue.withUnsafeMutableBufferPointer { u in
                    frame.chromaRed.withUnsafeMutableBufferPointer { v in
                        var sourcePlanes: [UnsafePointer<UInt8>?] = [source.baseAddress, nil, nil, nil]
                        var sourceStrides: [Int32] = [Int32(width * 4), 0, 0, 0]
                        var planes: [UnsafeMutablePointer<UInt8>?] = [
                            y.baseAddress, u.baseAddress, v.baseAddress, nil,
                        ]
                        var strides: [Int32] = [Int32(width), Int32(width / 2), Int32(width / 2), 0]
                        _ = sws_scale(
                            context, &sourcePlanes, &sourceStrides, 0, Int32(height), &planes, &strides)
                    }
                }
            }
        }
    }
}
