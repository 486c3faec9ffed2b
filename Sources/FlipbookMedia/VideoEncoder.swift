import CFFmpeg
import Foundation

/// Writes H.264 video into an MP4 file through libavcodec and libavformat, in process.
///
/// The stream is `yuv420p`, tagged BT.709 (primaries, transfer, matrix) and tv range on the
/// codec context, on every frame and so in the file; frame `i` gets timestamp `i` in a time
/// base of 1/frame rate, so timestamps are exact for rational rates such as 30000/1001. The MP4
/// is written with `+faststart` (the `moov` index moved before `mdat`, for streaming).
///
/// Ownership: every FFmpeg object is owned by this instance and freed in `deinit`, also when
/// `init` throws half-way (all stored properties start out `nil`, so `deinit` runs and frees what
/// was made). `finish()` flushes the encoder and writes the trailer; without it the file is
/// incomplete and the caller removes it. Not thread-safe and not `Sendable`: create, use and
/// drop it on one thread (the pipeline's encoder thread).
public final class VideoEncoder {
    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var codecContext: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var fileIsOpen = false
    private var nextTimestamp: Int64 = 0
    public let settings: VideoEncoderSettings
    public let path: String

    /// Opens `path` for writing and prepares the encoder.
    /// - Throws: `MediaError` for invalid settings or any FFmpeg failure, with FFmpeg's message.
    public init(path: String, settings: VideoEncoderSettings) throws {
        self.path = path
        self.settings = settings
        FFmpegLog.install()
        try settings.validate()

        try MediaError.check(
            avformat_alloc_output_context2(&formatContext, nil, "mp4", path),
            "choose the MP4 muxer for \(path)")
        guard let formatContext else {
            throw MediaError(operation: "choose the MP4 muxer", message: "no muxer context")
        }
        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw MediaError(
                operation: "find the libx264 encoder",
                message: "this FFmpeg was built without libx264 (install Debian's libavcodec59)")
        }
        stream = avformat_new_stream(formatContext, nil)
        codecContext = avcodec_alloc_context3(codec)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let stream, let codecContext, let frame, packet != nil else {
            throw MediaError(operation: "allocate FFmpeg objects", message: "out of memory")
        }

        let rate = settings.frameRate
        codecContext.pointee.width = Int32(settings.width)
        codecContext.pointee.height = Int32(settings.height)
        codecContext.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        codecContext.pointee.time_base = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
        codecContext.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        codecContext.pointee.color_primaries = AVCOL_PRI_BT709
        codecContext.pointee.color_trc = AVCOL_TRC_BT709
        codecContext.pointee.colorspace = AVCOL_SPC_BT709
        codecContext.pointee.color_range = AVCOL_RANGE_MPEG
        codecContext.pointee.thread_count = Int32(settings.encoderThreads)
        if formatContext.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codecContext.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        try FFmpegOptions.apply(
            ["crf": String(settings.crf), "preset": settings.preset],
            operation: "open the libx264 encoder"
        ) { options in avcodec_open2(codecContext, codec, &options) }

        try MediaError.check(
            avcodec_parameters_from_context(stream.pointee.codecpar, codecContext),
            "copy the encoder parameters to the MP4 stream")
        stream.pointee.time_base = codecContext.pointee.time_base
        stream.pointee.avg_frame_rate = codecContext.pointee.framerate

        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(settings.width)
        frame.pointee.height = Int32(settings.height)
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        try MediaError.check(av_frame_get_buffer(frame, 0), "allocate a video frame")

        try MediaError.check(
            avio_open(&formatContext.pointee.pb, path, AVIO_FLAG_WRITE), "open \(path) for writing")
        fileIsOpen = true
        try FFmpegOptions.apply(["movflags": "+faststart"], operation: "write the MP4 header") {
            options in avformat_write_header(formatContext, &options)
        }
    }

    deinit {
        if let formatContext {
            if fileIsOpen { avio_closep(&formatContext.pointee.pb) }
            avformat_free_context(formatContext)
        }
        avcodec_free_context(&codecContext)
        av_frame_free(&frame)
        av_packet_free(&packet)
    }

    /// Encodes the next frame; frames get consecutive timestamps from 0.
    public func encode(_ picture: YUVFrame) throws {
        guard let frame else { return }
        guard picture.width == settings.width, picture.height == settings.height else {
            throw MediaError(
                operation: "encode a frame",
                message:
                    "frame is \(picture.width)×\(picture.height), the video \(settings.width)×\(settings.height)"
            )
        }
        try MediaError.check(av_frame_make_writable(frame), "make the video frame writable")
        copy(picture.luma, rowBytes: picture.width, rows: picture.height, toPlane: 0)
        copy(picture.chromaBlue, rowBytes: picture.chromaWidth, rows: picture.chromaHeight, toPlane: 1)
        copy(picture.chromaRed, rowBytes: picture.chromaWidth, rows: picture.chromaHeight, toPlane: 2)
        frame.pointee.pts = nextTimestamp
        nextTimestamp += 1
        try send(frame)
    }

    /// Flushes the encoder, writes the MP4 index (moved to the front) and closes the file.
    public func finish() throws {
        try send(nil)
        guard let formatContext else { return }
        try MediaError.check(av_write_trailer(formatContext), "finish \(path)")
        try MediaError.check(avio_closep(&formatContext.pointee.pb), "close \(path)")
        fileIsOpen = false
    }

    private func copy(_ plane: [UInt8], rowBytes: Int, rows: Int, toPlane index: Int32) {
        guard let frame, let destination = cffmpeg_frame_data(frame, index) else { return }
        let stride = Int(cffmpeg_frame_linesize(frame, index))
        plane.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<rows {
                (destination + row * stride).update(from: base + row * rowBytes, count: rowBytes)
            }
        }
    }

    /// Sends `frame` (or `nil` to flush) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        guard let codecContext, let formatContext, let stream, let packet else { return }
        try MediaError.check(avcodec_send_frame(codecContext, frame), "send a frame to libx264")
        let frameDuration = av_rescale_q(1, codecContext.pointee.time_base, stream.pointee.time_base)
        while true {
            let status = avcodec_receive_packet(codecContext, packet)
            if status == cffmpeg_averror_eagain() || status == cffmpeg_averror_eof() { return }
            try MediaError.check(status, "encode H.264")
            av_packet_rescale_ts(packet, codecContext.pointee.time_base, stream.pointee.time_base)
            // libx264 in FFmpeg 5.1 leaves durations at 0; every frame lasts one frame interval.
            packet.pointee.duration = frameDuration
            packet.pointee.stream_index = stream.pointee.index
            try MediaError.check(av_interleaved_write_frame(formatContext, packet), "write \(path)")
        }
    }
}
