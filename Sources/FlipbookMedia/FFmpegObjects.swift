import CFFmpeg

/// Owners of single FFmpeg objects for short-lived, one-shot work (a PNG, a conversion): each
/// frees its object when released, so early exits and thrown errors cannot leak.
/// Not `Sendable`: use on one thread.
final class CodecContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    private var owned: UnsafeMutablePointer<AVCodecContext>?

    init(codec: UnsafePointer<AVCodec>) throws {
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError(operation: "allocate a codec context", message: "out of memory")
        }
        pointer = context
        owned = context
    }

    deinit { avcodec_free_context(&owned) }
}

/// Owns one `AVFrame`.
final class FramePointer {
    let pointer: UnsafeMutablePointer<AVFrame>
    private var owned: UnsafeMutablePointer<AVFrame>?

    init() throws {
        guard let frame = av_frame_alloc() else {
            throw MediaError(operation: "allocate a frame", message: "out of memory")
        }
        pointer = frame
        owned = frame
    }

    deinit { av_frame_free(&owned) }
}

/// Owns one `AVPacket`.
final class PacketPointer {
    let pointer: UnsafeMutablePointer<AVPacket>
    private var owned: UnsafeMutablePointer<AVPacket>?

    init() throws {
        guard let packet = av_packet_alloc() else {
            throw MediaError(operation: "allocate a packet", message: "out of memory")
        }
        pointer = packet
        owned = packet
    }

    deinit { av_packet_free(&owned) }
}
