import CFFmpeg
import Foundation

/// Writes a video file through libavcodec and libavformat, in process: H.264, HEVC or AV1 in MP4,
/// VP9 in WebM, ProRes 4444 in MOV, GIF or APNG (see `OutputFormat`) — with a sound stream
/// beside the pictures when the settings carry one (`AudioStreamEncoder`).
///
/// Every YUV stream is tagged BT.709 (primaries, transfer, matrix) and its range on the codec
/// context, on every frame and so in the file; frame `i` gets timestamp `i` in a time base of
/// 1/frame rate, so timestamps are exact for rational rates such as 30000/1001. MP4 and MOV are
/// written with `+faststart`; HEVC is tagged `hvc1` so that Apple's players accept it. Muxers and
/// encoders run bit-exact with a fixed thread count, so equal settings give equal bytes.
///
/// Ownership: every FFmpeg object is owned by this instance and freed in `deinit`, also when
/// `init` throws half-way (all stored properties start out `nil`, so `deinit` runs and frees what
/// was made). `finish()` flushes the encoder and writes the trailer; without it the file is
/// incomplete and the caller removes it. Not thread-safe and not `Sendable`: create, use and
/// drop it on one thread (the pipeline's encoder thread).
package final class VideoEncoder {
    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var codecContext: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    /// The picture sent to the encoder: its own buffers (allocated on first use) for pictures
    /// that need converting, or a `yuv420p` frame's planes shared for the one send.
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var frameHasBuffers = false
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var converter: FrameConverter?
    /// GIF's palette pictures, made one frame ahead; `nil` for other formats.
    private var paletteStage: PaletteStage?
    private var sound: AudioStreamEncoder?
    private var fileIsOpen = false
    private var nextTimestamp: Int64 = 0
    /// The first pass's statistics given to libvpx or libaom for the second (`EncoderPass`),
    /// owned here: FFmpeg leaves `stats_in` to its user.
    private var statisticsIn: UnsafeMutablePointer<CChar>?
    package let settings: VideoEncoderSettings
    package let path: String

    /// Opens `path` for writing and prepares the encoder. The sound's packets come from
    /// `sound` — an `EncodedSound` of `settings.audio` shared with other files (the rows of a
    /// batch rendered together) — or from an encoder of its own.
    /// - Throws: `MediaError` for invalid settings or any FFmpeg failure, with FFmpeg's message.
    package init(path: String, settings: VideoEncoderSettings, sound shared: EncodedSound? = nil) throws {
        self.path = path
        self.settings = settings
        nextTimestamp = settings.firstTimestamp
        FFmpegLog.install()
        try settings.validate()
        let format = settings.format
        guard let muxer = format.muxer(in: settings.container) else {
            throw MediaError(operation: "encode \(format)", message: "\(format) is not a video file format")
        }
        try MediaError.check(
            avformat_alloc_output_context2(&formatContext, nil, muxer, path),
            "choose the \(muxer) muxer for \(path)")
        guard let formatContext else {
            throw MediaError(operation: "choose the \(muxer) muxer", message: "no muxer context")
        }
        guard let codec = avcodec_find_encoder_by_name(format.encoder) else {
            throw MediaError(
                operation: "find the \(format.encoder) encoder",
                message: "this FFmpeg was built without \(format.encoder) (install Debian's libavcodec59)")
        }
        stream = avformat_new_stream(formatContext, nil)
        codecContext = avcodec_alloc_context3(codec)
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let stream, let codecContext, let frame, packet != nil else {
            throw MediaError(operation: "allocate FFmpeg objects", message: "out of memory")
        }
        converter = try FrameConverter(settings: settings)
        if settings.resolvedPixelFormat == "pal8" { paletteStage = PaletteStage(settings: settings) }

        let rate = settings.frameRate
        let pixelFormat = av_get_pix_fmt(settings.resolvedPixelFormat)
        codecContext.pointee.width = Int32(settings.width)
        codecContext.pointee.height = Int32(settings.height)
        codecContext.pointee.pix_fmt = pixelFormat
        codecContext.pointee.time_base = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
        codecContext.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        codecContext.pointee.thread_count = Int32(settings.encoderThreads)
        codecContext.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        // Square pixels, said explicitly (PNG's pHYs would otherwise read 0:1).
        codecContext.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if let bitrate = settings.bitrate { codecContext.pointee.bit_rate = Int64(bitrate) }
        if let interval = settings.keyframeInterval { codecContext.pointee.gop_size = Int32(interval) }
        if let pass = settings.pass { try startPass(pass, codecContext: codecContext) }
        if formatContext.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codecContext.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        formatContext.pointee.flags |= AVFMT_FLAG_BITEXACT
        let isYUV = settings.resolvedPixelFormat.hasPrefix("yuv")
        if isYUV { Self.tagColors(codecContext: codecContext, range: settings.colorRange) }
        try FFmpegOptions.apply(
            CodecOptions.encoder(settings), operation: "open the \(format.encoder) encoder"
        ) { options in avcodec_open2(codecContext, codec, &options) }

        try MediaError.check(
            avcodec_parameters_from_context(stream.pointee.codecpar, codecContext),
            "copy the encoder parameters to the \(muxer) stream")
        if format == .hevc, format.container(named: settings.container)?.isISOMedia == true {
            stream.pointee.codecpar.pointee.codec_tag = Self.fourCC("hvc1")
        }
        stream.pointee.time_base = codecContext.pointee.time_base
        stream.pointee.avg_frame_rate = codecContext.pointee.framerate
        for tag in settings.metadata.tags {
            try MediaError.check(
                av_dict_set(&formatContext.pointee.metadata, tag.key, tag.value, 0), "set the \(tag.key) tag")
        }

        if let audio = settings.audio {
            sound = try AudioStreamEncoder(settings: audio, format: formatContext, shared: shared)
        }

        resetFrame(frame)

        try MediaError.check(
            avio_open(&formatContext.pointee.pb, path, AVIO_FLAG_WRITE), "open \(path) for writing")
        fileIsOpen = true
        try FFmpegOptions.apply(CodecOptions.muxer(settings), operation: "write the \(muxer) header") {
            options in avformat_write_header(formatContext, &options)
        }
    }

    deinit {
        if let formatContext {
            if fileIsOpen { avio_closep(&formatContext.pointee.pb) }
            avformat_free_context(formatContext)
        }
        codecContext?.pointee.stats_in = nil
        avcodec_free_context(&codecContext)
        free(statisticsIn)
        av_frame_free(&frame)
        av_packet_free(&packet)
    }

    /// Sets the pass's flag and, for the second pass of an encoder whose statistics FFmpeg
    /// carries, hands it the first pass's.
    private func startPass(_ pass: EncoderPass, codecContext: UnsafeMutablePointer<AVCodecContext>) throws {
        codecContext.pointee.flags |= pass.flag
        guard case .second(let path) = pass, EncoderPass.ffmpegCarriesStatistics(of: settings.format) else {
            return
        }
        guard let statistics = FileManager.default.contents(atPath: path) else {
            throw MediaError(
                operation: "start the second pass", message: "cannot read the first pass's statistics")
        }
        statisticsIn = strdup(String(decoding: statistics, as: UTF8.self))
        codecContext.pointee.stats_in = statisticsIn
    }

    /// Keeps the statistics a first pass of libvpx or libaom gave FFmpeg when it was flushed.
    private func keepStatistics() throws {
        guard case .first(let path) = settings.pass, EncoderPass.ffmpegCarriesStatistics(of: settings.format),
            let statistics = codecContext?.pointee.stats_out
        else { return }
        guard FileManager.default.createFile(atPath: path, contents: Data(String(cString: statistics).utf8))
        else {
            throw MediaError(operation: "finish the first pass", message: "cannot write its statistics")
        }
    }

    /// BT.709 primaries, transfer and matrix, and the range, on the codec context.
    private static func tagColors(codecContext: UnsafeMutablePointer<AVCodecContext>, range: ColorRange) {
        codecContext.pointee.color_primaries = AVCOL_PRI_BT709
        codecContext.pointee.color_trc = AVCOL_TRC_BT709
        codecContext.pointee.colorspace = AVCOL_SPC_BT709
        codecContext.pointee.color_range = range == .full ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
    }

    static func fourCC(_ text: String) -> UInt32 {
        text.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Encodes the next frame; frames get consecutive timestamps from `firstTimestamp`.
    package func encode(_ picture: VideoFrame) throws {
        guard let frame, let converter else { return }
        guard picture.width == settings.width, picture.height == settings.height else {
            throw MediaError(
                operation: "encode a frame",
                message:
                    "frame is \(picture.width)×\(picture.height), the video \(settings.width)×\(settings.height)"
            )
        }
        switch picture {
        case .yuv420(let yuv):
            // The workers' planes are the encoder's input as they are: shared, not copied.
            guard codecContext?.pointee.pix_fmt == AV_PIX_FMT_YUV420P else {
                throw MediaError(
                    operation: "encode a frame",
                    message: "a yuv420p frame cannot go to a \(settings.resolvedPixelFormat) encoder")
            }
            if frameHasBuffers {
                resetFrame(frame)
                frameHasBuffers = false
            }
            try SharedPlanes.attach(yuv, to: frame)
            defer { resetFrame(frame) }
            try sendPicture(frame)
        case .rgba(let pixmap):
            try prepareOwnBuffers(frame)
            guard let paletteStage else {
                try converter.fill(frame, from: pixmap)
                return try sendPicture(frame)
            }
            // The previous picture goes to the encoder while this one is quantized.
            let previous = paletteStage.takeResult(into: frame)
            paletteStage.submit(pixmap)
            if previous { try sendPicture(frame) }
        }
    }

    /// Gives `frame` buffers of its own, if it has none, that the encoder no longer reads.
    private func prepareOwnBuffers(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        if !frameHasBuffers {
            try MediaError.check(av_frame_get_buffer(frame, 0), "allocate a video frame")
            frameHasBuffers = true
        }
        try MediaError.check(av_frame_make_writable(frame), "make the video frame writable")
    }

    /// Sends `frame` with the next timestamp, then the sound up to its end (so packets reach the
    /// muxer in time order).
    private func sendPicture(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        frame.pointee.pts = nextTimestamp
        nextTimestamp += 1
        try send(frame)
        if let sound, let formatContext {
            let rate = settings.frameRate
            try sound.encode(
                through: nextTimestamp * Int64(rate.denominator), over: Int64(rate.numerator),
                into: formatContext)
        }
    }

    /// Drops `frame`'s buffers (FFmpeg keeps its own references as long as it needs them) and
    /// describes the picture on it again: format, size and colour tags.
    private func resetFrame(_ frame: UnsafeMutablePointer<AVFrame>) {
        av_frame_unref(frame)
        guard let codecContext else { return }
        frame.pointee.format = codecContext.pointee.pix_fmt.rawValue
        frame.pointee.width = codecContext.pointee.width
        frame.pointee.height = codecContext.pointee.height
        frame.pointee.color_primaries = codecContext.pointee.color_primaries
        frame.pointee.color_trc = codecContext.pointee.color_trc
        frame.pointee.colorspace = codecContext.pointee.colorspace
        frame.pointee.color_range = codecContext.pointee.color_range
    }

    /// Flushes the encoder, writes the index (MP4/MOV: moved to the front) and closes the file.
    package func finish() throws {
        if let paletteStage, let frame {
            try prepareOwnBuffers(frame)
            if paletteStage.takeResult(into: frame) { try sendPicture(frame) }
        }
        try send(nil)
        try keepStatistics()
        guard let formatContext else { return }
        try endLastGIFFrameOnTime()
        try sound?.finish(into: formatContext)
        try MediaError.check(av_write_trailer(formatContext), "finish \(path)")
        try MediaError.check(avio_closep(&formatContext.pointee.pb), "close \(path)")
        fileIsOpen = false
    }

    /// Makes a GIF's last frame last one frame interval, as the others do: FFmpeg's GIF muxer
    /// would repeat the delay before it (at 30 fps, 4 hundredths where 3 were due, so each loop
    /// played 10 ms long). Delays are the frames' times rounded to hundredths, so all of them
    /// add up to the video's length rounded.
    private func endLastGIFFrameOnTime() throws {
        guard settings.format == .gif, let formatContext, let codecContext, let stream else { return }
        let (codecBase, fileBase) = (codecContext.pointee.time_base, stream.pointee.time_base)
        let delay =
            av_rescale_q(nextTimestamp, codecBase, fileBase)
            - av_rescale_q(nextTimestamp - 1, codecBase, fileBase)
        try MediaError.check(
            av_opt_set_int(formatContext.pointee.priv_data, "final_delay", max(delay, 0), 0),
            "set the GIF's last delay")
    }

    /// Makes the last frame of the animated WebP in `packet` (the whole animation, sent when the
    /// encoder is flushed) end with the video (`WebPAnimationEnd`), in whole milliseconds as
    /// FFmpeg computes every frame's start: truncated.
    private func endLastWebPFrameOnTime(_ packet: UnsafeMutablePointer<AVPacket>) throws {
        guard let codecContext, packet.pointee.size > 0 else { return }
        try MediaError.check(av_packet_make_writable(packet), "make the WebP packet writable")
        let base = codecContext.pointee.time_base
        let end = Int64(base.num) * nextTimestamp * 1000 / Int64(base.den)
        WebPAnimationEnd.endLastFrame(
            in: UnsafeMutableRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)),
            atMilliseconds: end)
    }

    /// Sends `frame` (or `nil` to flush) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        guard let codecContext, let formatContext, let stream, let packet else { return }
        let codec = settings.format.encoder
        try MediaError.check(avcodec_send_frame(codecContext, frame), "send a frame to \(codec)")
        let frameDuration = av_rescale_q(1, codecContext.pointee.time_base, stream.pointee.time_base)
        while true {
            let status = avcodec_receive_packet(codecContext, packet)
            if status == cffmpeg_averror_eagain() || status == cffmpeg_averror_eof() { return }
            try MediaError.check(status, "encode with \(codec)")
            av_packet_rescale_ts(packet, codecContext.pointee.time_base, stream.pointee.time_base)
            if frame == nil, settings.format == .webp { try endLastWebPFrameOnTime(packet) }
            // Some encoders (libx264 in FFmpeg 5.1) leave durations at 0; every frame lasts one
            // frame interval.
            packet.pointee.duration = frameDuration
            packet.pointee.stream_index = stream.pointee.index
            try MediaError.check(av_interleaved_write_frame(formatContext, packet), "write \(path)")
        }
    }
}
