import CFFmpeg

/// Opens a decoder for a stream, as every reader of files here does: configured from the
/// stream's parameters, on one thread, so that the same file decodes to the same pictures on
/// every machine (and the render workers already use the cores).
enum DecoderContext {
    /// The opened context of the decoder named `name` — when given and present — or else the
    /// codec's own, for a stream with `parameters` (of the file at `path`, for messages); free it
    /// with `avcodec_free_context`. Nothing is left allocated when it throws.
    static func open(
        _ parameters: UnsafeMutablePointer<AVCodecParameters>, preferring name: String? = nil, path: String
    ) throws -> UnsafeMutablePointer<AVCodecContext> {
        let found =
            name.flatMap { avcodec_find_decoder_by_name($0) }
            ?? avcodec_find_decoder(parameters.pointee.codec_id)
        guard let decoder = found else {
            throw MediaError(operation: "decode \(path)", message: "this FFmpeg has no decoder for its codec")
        }
        var context = avcodec_alloc_context3(decoder)
        guard let opened = context else {
            throw MediaError(operation: "allocate FFmpeg objects", message: "out of memory")
        }
        do {
            try MediaError.check(avcodec_parameters_to_context(opened, parameters), "configure the decoder")
            opened.pointee.thread_count = 1
            try MediaError.check(avcodec_open2(opened, decoder, nil), "open the decoder for \(path)")
        } catch {
            avcodec_free_context(&context)
            throw error
        }
        return opened
    }
}
