import CFFmpeg

/// Owner of one FFmpeg object for short-lived, one-shot work (a PNG, a conversion): frees it
/// when released, so early exits and thrown errors cannot leak. Not `Sendable`: use on one
/// thread.
final class FFmpegObject<Pointee> {
    let pointer: UnsafeMutablePointer<Pointee>
    private var owned: UnsafeMutablePointer<Pointee>?
    private let free: (inout UnsafeMutablePointer<Pointee>?) -> Void

    /// Allocates with `allocate`; `free` is FFmpeg's matching `…_free(&pointer)`.
    /// - Throws: `MediaError` naming `what` when allocation fails.
    init(
        _ what: String, allocate: () -> UnsafeMutablePointer<Pointee>?,
        free: @escaping (inout UnsafeMutablePointer<Pointee>?) -> Void
    ) throws {
        guard let object = allocate() else {
            throw MediaError(operation: "allocate \(what)", message: "out of memory")
        }
        pointer = object
        owned = object
        self.free = free
    }

    deinit { free(&owned) }
}

extension FFmpegObject where Pointee == AVCodecContext {
    static func codecContext(_ codec: UnsafePointer<AVCodec>) throws -> FFmpegObject {
        try FFmpegObject(
            "a codec context", allocate: { avcodec_alloc_context3(codec) },
            free: { avcodec_free_context(&$0) })
    }
}

extension FFmpegObject where Pointee == AVFrame {
    static func frame() throws -> FFmpegObject {
        try FFmpegObject("a frame", allocate: { av_frame_alloc() }, free: { av_frame_free(&$0) })
    }
}

extension FFmpegObject where Pointee == AVPacket {
    static func packet() throws -> FFmpegObject {
        try FFmpegObject("a packet", allocate: { av_packet_alloc() }, free: { av_packet_free(&$0) })
    }
}
