import CFFmpeg

/// Hands a `YUVFrame`'s planes to FFmpeg without copying them: each plane becomes a reference
/// counted buffer of the frame that holds the `YUVFrame` until FFmpeg releases it.
///
/// The planes are arrays that nothing writes while they are shared: whoever writes to the same
/// `YUVFrame` next (a render worker reusing it from the pool) finds its arrays shared and gets
/// copies of its own, so a frame the encoder still holds is never changed under it. An array's
/// elements stay where they are for as long as the array lives unchanged, which this holder
/// ensures.
final class SharedPlanes {
    private let frame: YUVFrame

    private init(_ frame: YUVFrame) { self.frame = frame }

    /// Points `target` (format, size and colour tags already set, no buffers) at `yuv`'s planes.
    static func attach(_ yuv: YUVFrame, to target: UnsafeMutablePointer<AVFrame>) throws {
        let holder = SharedPlanes(yuv)
        let planes = [
            (yuv.luma, yuv.width), (yuv.chromaBlue, yuv.chromaWidth), (yuv.chromaRed, yuv.chromaWidth),
        ]
        for (index, (plane, rowBytes)) in planes.enumerated() {
            // One reference to the holder per buffer, given back by `release` when FFmpeg frees it.
            let opaque = Unmanaged.passRetained(holder).toOpaque()
            let data = plane.withUnsafeBufferPointer { UnsafeMutablePointer(mutating: $0.baseAddress) }
            guard let data, let buffer = av_buffer_create(data, plane.count, release, opaque, 0) else {
                Unmanaged<SharedPlanes>.fromOpaque(opaque).release()
                throw MediaError(operation: "share a frame with the encoder", message: "out of memory")
            }
            cffmpeg_frame_set_plane(target, Int32(index), buffer, data, Int32(rowBytes))
        }
    }

    /// FFmpeg's free callback of a shared plane: drops that plane's reference to the holder.
    private static let release:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?) -> Void = {
            opaque, _ in
            guard let opaque else { return }
            Unmanaged<SharedPlanes>.fromOpaque(opaque).release()
        }
}
